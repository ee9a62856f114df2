import { sql } from 'drizzle-orm';
import { CHAIN_SELLER_ID, NUTRIENTS, type Category, type Promotion } from '@despensa/domain';
import type { Pool } from 'pg';
import type { Database, Db, Tx } from '../../db/client';
import { brand, category, collection, popularSearch, review, seller } from './tables';
import { desc, eq } from 'drizzle-orm';

/**
 * Raw rows the in-memory catalogue is built from, but for the big tables: products with their skus
 * (productBatches), the offers (tens of millions of rows at a national chain's 500,000 SKUs) and the
 * products' page texts (hundreds of megabytes) are read in batches through a cursor and built into the
 * index as they come, never held as rows all at once. The promotions come from the promotions module (its
 * service), the rest from this module's tables.
 */
export interface CatalogRows {
  categories: CategoryRow[];
  brands: { id: number; name: string; slug: string }[];
  sellers: { id: string; name: string; isChain: boolean }[];
  collections: { id: number; name: string }[];
  promotions: Promotion[];
}

/** A product's row with its skus' (productBatches). */
export interface ProductWithSkus {
  row: ProductRow;
  skus: SkuRow[];
}

/** A category as stored: the shop's category with its level (1 to 3) and full path. */
export interface CategoryRow extends Category {
  level: number;
  /** '/lacteos/leches/leche-entera' — what the storefront puts in the URL. */
  path: string;
}

export interface ProductRow {
  id: number;
  slug: string;
  name: string;
  brandId: number;
  categoryId: number;
  warningSeals: string[];
  certificates: string[];
  recipeSkuIds: number[];
  releaseDate: Date;
  releaseEnd: Date | null;
  isNew: boolean;
  onlineExclusive: boolean;
  sponsored: boolean;
  collectionIds: number[];
  sales: number;
  ratingAverage: number;
  ratingCount: number;
}

export interface SkuRow {
  id: number;
  productId: number;
  name: string;
  ean: string;
  refId: string;
  measurementUnit: string;
  unitMultiplier: number;
  contentQuantity: number;
  contentUnit: string;
  cartLimit: number;
  /** The chain's picture, or null for the one the shop draws (/media/products/{id}.png). */
  imageUrl: string | null;
}

/** What a product page shows beyond its card; kept packed in a file of the index (ProductDetailStore), not as objects. */
export interface ProductDetails {
  description: string;
  ingredients: string | null;
  nutrition: unknown;
  specifications: Record<string, string>;
  recipe: string | null;
}

/** [skuId, salesChannel, sellerId, price, listPrice, availableQuantity] */
export type OfferRow = [number, number, string, number, number, number];

/** [productId, the product's ProductDetails as JSON text] */
export type ProductDetailRow = [number, string];

/** Rows fetched per batch: under a megabyte, as a batch in flight outlives young collections. */
const BATCH_ROWS = 2_000;
/** How long one FETCH, or the wait between two, may take while the catalogue is read. */
const READ_LIMIT_MS = 120_000;

export async function loadCatalogRows({ db }: Database): Promise<Omit<CatalogRows, 'promotions'>> {
  const [categories, brands, sellers, collections] = await Promise.all([
    db.select().from(category),
    db.select().from(brand),
    db.select().from(seller),
    db.select().from(collection),
  ]);
  return { categories, brands, sellers, collections };
}

const PRODUCT_COLUMNS = `id, slug, name, brand_id, category_id, warning_seals, certificates, recipe_sku_ids,
  release_date, release_end, is_new, online_exclusive, sponsored, collection_ids, sales, rating_average,
  rating_count`;
const PRODUCT_QUERY = `SELECT ${PRODUCT_COLUMNS} FROM product WHERE is_active ORDER BY id`;

/** PRODUCT_QUERY's columns, as pg parses them. */
type ProductColumns = [
  ...[number, string, string, number, number, string[], string[], number[]],
  ...[Date, Date | null, boolean, boolean, boolean, number[], number, number, number],
];

function productRowOf(row: unknown[]): ProductRow {
  const [id, slug, name, brandId, categoryId, warningSeals, certificates, recipeSkuIds, ...rest] =
    row as ProductColumns;
  const [releaseDate, releaseEnd, isNew, onlineExclusive, sponsored, collectionIds, ...counts] = rest;
  const [sales, ratingAverage, ratingCount] = counts;
  return {
    ...{ id, slug, name, brandId, categoryId, warningSeals, certificates, recipeSkuIds },
    ...{ releaseDate, releaseEnd, isNew, onlineExclusive, sponsored, collectionIds },
    ...{ sales, ratingAverage, ratingCount },
  };
}

const SKU_COLUMNS = `id, product_id, name, ean, ref_id, measurement_unit, unit_multiplier, content_quantity,
  content_unit, cart_limit, image_url`;
const SKU_QUERY = `SELECT ${SKU_COLUMNS} FROM sku
  WHERE product_id IN (SELECT id FROM product WHERE is_active) ORDER BY product_id, id`;

/** SKU_QUERY's columns, as pg parses them (numeric arrives as text). */
type SkuColumns = [
  number,
  number,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  number,
  string | null,
];

function skuRowOf(row: unknown[]): SkuRow {
  const [id, productId, name, ean, refId, measurementUnit, unitMultiplier, contentQuantity, ...rest] =
    row as SkuColumns;
  const [contentUnit, cartLimit, imageUrl] = rest;
  return {
    ...{ id, productId, name, ean, refId, measurementUnit, contentUnit, cartLimit, imageUrl },
    unitMultiplier: Number(unitMultiplier),
    contentQuantity: Number(contentQuantity),
  };
}

/**
 * The active products in id order, each with its skus in id order, BATCH_ROWS products at a time: two
 * cursors read side by side (the skus ordered by product), merged as they come.
 */
export async function* productBatches(
  { pool }: Database,
  rowsPerBatch = BATCH_ROWS,
): AsyncGenerator<ProductWithSkus[]> {
  const skuBatches = batches<unknown[]>(pool, SKU_QUERY, rowsPerBatch);
  let skus: unknown[][] = [];
  let at = 0;
  /** The next sku row not yet taken (undefined once all are), reading another batch when one runs out. */
  const nextSku = async () => {
    while (at === skus.length) {
      const read = await skuBatches.next();
      if (read.done) return undefined;
      [skus, at] = [read.value, 0];
    }
    return skus[at];
  };
  try {
    for await (const batch of batches<unknown[]>(pool, PRODUCT_QUERY, rowsPerBatch)) {
      const products: ProductWithSkus[] = [];
      for (const columns of batch) {
        const row = productRowOf(columns);
        const own: SkuRow[] = [];
        // Only a batch's last sku waits on a read. The skus of a product this cursor did not see (made
        // inactive between the two cursors' snapshots) are passed over.
        for (
          let sku = skus[at] ?? (await nextSku());
          sku && (sku[1] as number) <= row.id;
          sku = skus[++at] ?? (await nextSku())
        )
          if (sku[1] === row.id) own.push(skuRowOf(sku));
        products.push({ row, skus: own });
      }
      yield products;
    }
  } finally {
    await skuBatches.return(undefined);
  }
}

/**
 * The chain's offers, one row per sku: [skuId, its offers packed by PostgreSQL as 16 bytes each (sales
 * channel, price, list price, units; int4, big-endian)]. A row per offer was 13 million rows to parse at
 * 500,000 SKUs in 26 stores; packed, it is one row per sku and a few buffer reads per offer.
 */
export type PackedChainOffers = [number, Buffer];
export const PACKED_OFFER_BYTES = 16;

export function chainOfferBatches({ pool }: Database): AsyncGenerator<PackedChainOffers[]> {
  return batches<PackedChainOffers>(
    pool,
    `SELECT sku_id, string_agg(int4send(sales_channel) || int4send(price) || int4send(list_price) ||
       int4send(available_quantity), ''::bytea) FROM sku_offer WHERE seller_id = '${CHAIN_SELLER_ID}'
     GROUP BY sku_id ORDER BY sku_id`,
  );
}

/** The marketplace sellers' offers (few), in batches. */
export function marketplaceOfferBatches({ pool }: Database): AsyncGenerator<OfferRow[]> {
  return batches<OfferRow>(
    pool,
    `SELECT sku_id, sales_channel, seller_id, price, list_price, available_quantity FROM sku_offer
     WHERE seller_id <> '${CHAIN_SELLER_ID}'`,
  );
}

/** The nutrition table's fields in the order a packed page text holds them (ProductDetailStore reads it). */
export const PACKED_NUTRITION_FIELDS = ['basis', 'servingSize', ...NUTRIENTS.map(({ key }) => key)] as const;

const PACKED_DETAILS = `json_build_array(description, ingredients,
  CASE WHEN nutrition IS NULL OR nutrition = 'null'::jsonb THEN NULL
  ELSE json_build_array(${PACKED_NUTRITION_FIELDS.map((field) => `nutrition->'${field}'`).join(', ')}) END,
  specifications, recipe)::text`;

/**
 * Every product's page texts, in batches, as a JSON array: [description, ingredients, the nutrition
 * table's values in PACKED_NUTRITION_FIELDS' order or null, specifications, recipe]. Without its keys,
 * written again in every product, each takes a quarter less of the memory that holds them all.
 */
export function productDetailBatches({ pool }: Database): AsyncGenerator<ProductDetailRow[]> {
  return batches<ProductDetailRow>(pool, `SELECT id, ${PACKED_DETAILS} FROM product`);
}

/**
 * These products as the index reads them, with their skus and page texts, for an instance patching them in
 * (LiveIndex); an inactive or deleted product is not among them.
 */
export async function productsAsStored(
  { pool }: Database,
  productIds: readonly number[],
): Promise<{ products: ProductWithSkus[]; details: ProductDetailRow[] }> {
  // One connection and one snapshot: a product, its skus and its texts as one commit left them.
  const client = await pool.connect();
  const read = <Row extends unknown[]>(text: string) =>
    client.query<Row>({ text, values: [[...productIds]], rowMode: 'array' }).then(({ rows }) => rows);
  let done = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const rows = await read(
      `SELECT ${PRODUCT_COLUMNS} FROM product WHERE is_active AND id = ANY($1) ORDER BY id`,
    );
    const skus = (
      await read(`SELECT ${SKU_COLUMNS} FROM sku WHERE product_id = ANY($1) ORDER BY product_id, id`)
    ).map(skuRowOf);
    const details = await read<ProductDetailRow>(
      `SELECT id, ${PACKED_DETAILS} FROM product WHERE is_active AND id = ANY($1)`,
    );
    await client.query('COMMIT');
    done = true;
    const products = rows.map(productRowOf).map((row) => ({
      row,
      skus: skus.filter((sku) => sku.productId === row.id),
    }));
    return { products, details };
  } finally {
    if (!done) await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
}

/** A query's rows as arrays, `rowsPerBatch` at a time, through a cursor in a read-only transaction. */
async function* batches<Row extends unknown[]>(
  pool: Pool,
  sql: string,
  rowsPerBatch = BATCH_ROWS,
): AsyncGenerator<Row[]> {
  // A lost connection fails the FETCH under way (db/client.ts keeps its error event from ending the process).
  const client = await pool.connect();
  let done = false;
  // The client's own clock as well: on a busy machine this process may read an answer late. (pg reads
  // query_timeout per query; its types do not list it.)
  const clock = { query_timeout: READ_LIMIT_MS };
  const query = (text: string) => client.query({ ...clock, text });
  try {
    await query('BEGIN READ ONLY');
    // A FETCH waits while this process works through the last batch (or another cursor's, on a busy
    // machine): the request limits would end a whole catalogue read that is making progress.
    await query(`SET LOCAL statement_timeout = '${READ_LIMIT_MS}ms'`);
    await query(`SET LOCAL idle_in_transaction_session_timeout = '${READ_LIMIT_MS}ms'`);
    await query(`DECLARE batch_rows NO SCROLL CURSOR FOR ${sql}`);
    const fetchBatch = () => {
      const fetched = client.query<Row>({
        ...clock,
        text: `FETCH ${rowsPerBatch} FROM batch_rows`,
        rowMode: 'array',
      });
      // A reader that stops early never awaits the batch asked for ahead: its failure is not unhandled.
      fetched.catch(() => {});
      return fetched;
    };
    // The next batch is asked for before this one is handed on: PostgreSQL reads it on the other core
    // while this process packs the last (one after the other, this process sat idle half a 500,000-product start).
    let next = fetchBatch();
    for (;;) {
      const { rows } = await next;
      if (rows.length === 0) break;
      next = fetchBatch();
      yield rows;
    }
    await query('COMMIT');
    done = true;
  } finally {
    // A reader that stopped early (or failed) leaves no transaction open on a pooled connection.
    if (!done) await query('ROLLBACK').catch(() => {});
    client.release();
  }
}

export async function loadReviews(db: Db, productId: number) {
  return db
    .select()
    .from(review)
    .where(eq(review.productId, productId))
    .orderBy(desc(review.createdAt))
    .limit(200);
}

export async function loadPopularSearches(db: Db, limit: number) {
  return db.select().from(popularSearch).orderBy(desc(popularSearch.count)).limit(limit);
}

/** The popular searches replaced by `terms`, ranked in their order (the first counts most). */
export async function replacePopularSearches(tx: Tx, terms: string[]): Promise<void> {
  await tx.delete(popularSearch);
  await tx.insert(popularSearch).values(terms.map((term, i) => ({ term, count: terms.length - i })));
}

export async function catalogIsEmpty(db: Db): Promise<boolean> {
  const result = await db.execute<{ exists: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM product) AS exists`);
  return !result.rows[0]?.exists;
}
