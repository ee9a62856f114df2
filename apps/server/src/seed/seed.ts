import { sql } from 'drizzle-orm';
import { DEMO_COUPONS } from './coupons';
import type { Database } from '../db/client';
import { withoutTimeouts } from '../db/open';
import type { Config } from '../config';
import { catalogIsEmpty } from '../modules/catalog/repo';
import { generateCatalogue } from './catalogue/generate';
import type { SeedCatalogue } from './catalogue/types';
import { generateContentWithAssets } from './content/generate';
import { generateStores } from './stores/generate';
import type { SeedStore } from './stores/types';
import { generateCoverageZones, type ZoneStore } from './stores/zones';
import { offersFor, type OfferTuple } from './offers';
import { progressBar } from '../cli/progress';

export interface SeedOptions {
  products: number;
  brandName?: string;
  helpPhone?: string;
  /** The moment the demo data is built around (release dates, promotion windows). */
  now?: Date;
  log?: (message: string) => void;
  progress?: boolean;
  stores?: SeedStore[];
}

export const DEFAULT_SEED_NOW = () => new Date();

/**
 * What `npm start` and the cluster seed on a first start, as configured: on a connection of its own without
 * the request timeouts (a 3,000-product seed takes longer than a statement may).
 */
export async function seedConfiguredShop(
  url: string,
  config: Pick<Config, 'SEED_PRODUCTS' | 'BRAND_NAME' | 'HELP_PHONE'>,
  log: (message: string) => void,
): Promise<boolean> {
  return withoutTimeouts(url, (maintenance) =>
    seedIfEmpty(maintenance, {
      products: config.SEED_PRODUCTS,
      brandName: config.BRAND_NAME,
      helpPhone: config.HELP_PHONE,
      log,
    }),
  );
}

/** Seeds the demo shop on first start; an existing catalogue is left alone. */
export async function seedIfEmpty(database: Database, options: SeedOptions): Promise<boolean> {
  if (!(await catalogIsEmpty(database.db))) {
    await seedZonesIfMissing(database);
    return false;
  }
  await seedDatabase(database, options);
  return true;
}

/** A shop seeded before coverage zones existed gets its stores' zones, so delivery works there too. */
async function seedZonesIfMissing(database: Database): Promise<void> {
  const { rows } = await database.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM coverage_zone',
  );
  if (rows[0]!.count > 0) return;
  const stores = await database.pool.query<ZoneStore>(
    `SELECT id, name, sales_channel AS "salesChannel", lat, lng, region_code AS "regionCode", active FROM store`,
  );
  for (const z of generateCoverageZones(stores.rows)) {
    await database.pool.query(
      'INSERT INTO coverage_zone (id, kind, sales_channel, name, rings) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
      [z.id, z.kind, z.salesChannel, z.name, JSON.stringify(z.rings)],
    );
  }
}

/**
 * Replaces the catalogue, stores and content with a freshly generated, deterministic demo shop,
 * in one transaction (and under a lock, so two instances starting together seed once).
 */
export async function seedDatabase(database: Database, options: SeedOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const started = performance.now();
  const catalogue = generateCatalogue({ products: options.products, now });
  const stores = options.stores ?? generateStores();
  const { documents, bannerAssets } = generateContentWithAssets({
    categories: catalogue.categories,
    collections: catalogue.collections,
    brands: catalogue.brands,
    brandName: options.brandName ?? 'Despensa',
    helpPhone: options.helpPhone ?? '600 400 2000',
    now,
  });
  // The banner pictures' titles and colours, for the media module that draws them.
  const content = [...documents, { key: 'media-banners', data: { items: bannerAssets } }];
  log(
    `seed: generated ${catalogue.products.length} products in ${Math.round(performance.now() - started)} ms`,
  );

  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(727002)');
    await client.query(
      'TRUNCATE review, sku_offer, sku, product, category, brand, seller, collection, promotion, popular_search, cms_document, store, coverage_zone, window_reservation, delivery_window',
    );
    const insert = async (table: string, columns: string[], types: string[], rows: unknown[][]) => {
      // unnest() of column arrays inserts thousands of rows per statement.
      for (let start = 0; start < rows.length; start += 20000) {
        const chunk = rows.slice(start, start + 20000);
        const arrays = columns.map((_, c) => chunk.map((row) => row[c]));
        // 'text:int[]' sends a column as text literals and casts each to an array type.
        const params = types.map((type, i) => `$${i + 1}::${type.split(':')[0]}[]`).join(', ');
        const names = columns.map((_, i) => `c${i}`);
        const outputs = types.map((type, i) =>
          type.includes(':') ? `c${i}::${type.split(':')[1]}` : `c${i}`,
        );
        await client.query(
          `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${outputs.join(', ')} FROM unnest(${params}) AS t(${names.join(', ')})`,
          arrays,
        );
      }
    };
    await writeCatalogue(catalogue, stores, insert, options.progress ?? false);
    // Demo coupons are seed data; a coupon the shop already has (or has changed) is left as it is.
    for (const { code, promotion } of DEMO_COUPONS) {
      await client.query(
        'INSERT INTO coupon (code, promotion, campaign) VALUES ($1, $2, true) ON CONFLICT DO NOTHING',
        [code, JSON.stringify(promotion)],
      );
    }
    await insert(
      'store',
      [
        'id',
        'name',
        'seller_id',
        'sales_channel',
        'warehouse_id',
        'comuna_code',
        'comuna',
        'region_code',
        'region',
        'address',
        'lat',
        'lng',
        'pickup',
        'car',
        'express',
        'active',
        'opening_hours',
        'delivery_time_minutes',
        'car_bays',
      ],
      [
        'text',
        'text',
        'text',
        'int',
        'text',
        'text',
        'text',
        'text',
        'text',
        'text',
        'float8',
        'float8',
        'bool',
        'bool',
        'bool',
        'bool',
        'jsonb',
        'int',
        'int',
      ],
      stores.map((s) => [
        s.id,
        s.name,
        s.sellerId,
        s.salesChannel,
        s.warehouseId,
        s.comunaCode,
        s.comuna,
        s.regionCode,
        s.region,
        s.address,
        s.lat,
        s.lng,
        s.pickup,
        s.car,
        s.express,
        s.active,
        JSON.stringify(s.openingHours),
        s.deliveryTimeMinutes,
        s.carBays,
      ]),
    );
    await insert(
      'coverage_zone',
      ['id', 'kind', 'sales_channel', 'name', 'rings'],
      ['text', 'text', 'int', 'text', 'jsonb'],
      generateCoverageZones(stores).map((z) => [
        z.id,
        z.kind,
        z.salesChannel,
        z.name,
        JSON.stringify(z.rings),
      ]),
    );
    await insert(
      'cms_document',
      ['key', 'data'],
      ['text', 'jsonb'],
      content.map((doc) => [doc.key, JSON.stringify(doc.data)]),
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  await database.db.execute(sql`ANALYZE`);
  log(
    `seed: ${catalogue.products.length} products, ${stores.length} stores, ${content.length} documents in ${Math.round(performance.now() - started)} ms`,
  );
}

type Insert = (table: string, columns: string[], types: string[], rows: unknown[][]) => Promise<void>;

async function writeCatalogue(
  catalogue: SeedCatalogue,
  stores: SeedStore[],
  insert: Insert,
  showProgress: boolean,
) {
  await insert(
    'category',
    ['id', 'parent_id', 'level', 'name', 'slug', 'path', 'icon', 'fixed_position'],
    ['int', 'int', 'int2', 'text', 'text', 'text', 'text', 'int2'],
    categoryRows(catalogue),
  );
  await insert(
    'brand',
    ['id', 'name', 'slug'],
    ['int', 'text', 'text'],
    catalogue.brands.map((b) => [b.id, b.name, b.slug]),
  );
  await insert(
    'seller',
    ['id', 'name', 'is_chain'],
    ['text', 'text', 'bool'],
    catalogue.sellers.map((s) => [s.id, s.name, s.isChain]),
  );
  await insert(
    'collection',
    ['id', 'name'],
    ['int', 'text'],
    catalogue.collections.map((c) => [c.id, c.name]),
  );
  await insert(
    'promotion',
    ['id', 'data'],
    ['text', 'jsonb'],
    catalogue.promotions.map((p) => [p.id, JSON.stringify(p)]),
  );
  await insert(
    'popular_search',
    ['term', 'count'],
    ['text', 'int'],
    catalogue.popularSearches.map((p) => [p.term, p.count]),
  );

  const bar = showProgress ? progressBar('productos', catalogue.products.length) : null;
  const batch = 2000;
  for (let start = 0; start < catalogue.products.length; start += batch) {
    const products = catalogue.products.slice(start, start + batch);
    await insert(
      'product',
      [
        'id',
        'slug',
        'name',
        'brand_id',
        'category_id',
        'description',
        'ingredients',
        'nutrition',
        'warning_seals',
        'certificates',
        'specifications',
        'recipe',
        'recipe_sku_ids',
        'release_date',
        'release_end',
        'is_new',
        'online_exclusive',
        'sponsored',
        'collection_ids',
        'sales',
        'rating_average',
        'rating_count',
      ],
      [
        'int',
        'text',
        'text',
        'int',
        'int',
        'text',
        'text',
        'jsonb',
        'text:text[]',
        'text:text[]',
        'jsonb',
        'text',
        'text:int[]',
        'timestamptz',
        'timestamptz',
        'bool',
        'bool',
        'bool',
        'text:int[]',
        'int',
        'float4',
        'int',
      ],
      products.map((p) => {
        const ratings = p.reviews.map((r) => r.rating);
        const average = ratings.length
          ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10
          : 0;
        return [
          p.id,
          p.slug,
          p.name,
          p.brandId,
          p.categoryId,
          p.description,
          p.ingredients,
          p.nutrition ? JSON.stringify(p.nutrition) : null,
          pgArray(p.warningSeals),
          pgArray(p.certificates),
          JSON.stringify(p.specifications),
          p.recipe,
          pgArray(p.recipeSkuIds.map(String)),
          p.releaseDate,
          p.releaseEnd,
          p.isNew,
          p.onlineExclusive,
          p.sponsored,
          pgArray(p.collectionIds.map(String)),
          p.sales,
          average,
          ratings.length,
        ];
      }),
    );
    const skus = products.flatMap((p) =>
      p.skus.map((s) => [
        s.id,
        p.id,
        s.name,
        s.ean,
        s.refId,
        s.measurementUnit,
        s.unitMultiplier,
        s.contentQuantity,
        s.contentUnit,
        s.cartLimit,
      ]),
    );
    await insert(
      'sku',
      [
        'id',
        'product_id',
        'name',
        'ean',
        'ref_id',
        'measurement_unit',
        'unit_multiplier',
        'content_quantity',
        'content_unit',
        'cart_limit',
      ],
      ['int', 'int', 'text', 'text', 'text', 'text', 'numeric', 'numeric', 'text', 'int'],
      skus,
    );
    const offers: OfferTuple[] = [];
    for (const product of products) for (const offer of offersFor(product, stores)) offers.push(offer);
    await insert(
      'sku_offer',
      ['sku_id', 'sales_channel', 'seller_id', 'price', 'list_price', 'available_quantity'],
      ['int', 'int', 'text', 'int', 'int', 'int'],
      offers,
    );
    const reviews = products.flatMap((p) =>
      p.reviews.map((r) => [p.id, r.author, r.rating, r.title, r.text, r.date]),
    );
    await insert(
      'review',
      ['product_id', 'author', 'rating', 'title', 'text', 'created_at'],
      ['int', 'text', 'int2', 'text', 'text', 'timestamptz'],
      reviews,
    );
    bar?.tick(start + products.length);
  }
  bar?.finish();
}

function categoryRows(catalogue: SeedCatalogue): unknown[][] {
  const byId = new Map(catalogue.categories.map((c) => [c.id, c]));
  const pathOf = (id: number): string[] => {
    const category = byId.get(id)!;
    return category.parentId === null ? [category.slug] : [...pathOf(category.parentId), category.slug];
  };
  return catalogue.categories.map((c) => {
    const path = pathOf(c.id);
    return [c.id, c.parentId, path.length, c.name, c.slug, '/' + path.join('/'), c.icon, c.fixedPosition];
  });
}

/** A PostgreSQL array literal, so a text[] column can travel inside unnest(). */
function pgArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
