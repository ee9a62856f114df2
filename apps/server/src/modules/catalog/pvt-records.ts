import { eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { MAX_QUANTITY, isWeighed, slugify } from '@despensa/domain';
import {
  Failure,
  type CatalogProduct,
  type CatalogProductBody,
  type CatalogProductCreateBody,
  type CatalogSku,
  type CatalogSkuBody,
  type CatalogSkuCreateBody,
} from '@despensa/contracts';
import type { Db, Tx } from '../../db/client';
import { changeInPlace } from './integration-writes';
import type { collection } from './tables';
import { brand, category, product, sku } from './tables';

/**
 * A product and a SKU in VTEX's Catalog pvt shapes, read and written for an ERP. A change names its product
 * to every instance (changeInPlace), which patches it in (a new name, brand or category too) or rebuilds
 * when it shapes the index (product-patch's patchable); a new product or SKU goes through migration 0001's
 * triggers: every instance rebuilds.
 */
type ProductRow = typeof product.$inferSelect;
type SkuRow = typeof sku.$inferSelect;

export async function productRecord(tx: Db | Tx, productId: number): Promise<CatalogProduct> {
  const [row] = await tx.select().from(product).where(eq(product.id, productId));
  if (!row) throw new Failure('productNotFound');
  return productView(row);
}

export async function updateProduct(
  tx: Tx,
  productId: number,
  body: CatalogProductBody,
  now: Date,
): Promise<{ before: CatalogProduct; after: CatalogProduct }> {
  const [before] = await tx.select().from(product).where(eq(product.id, productId)).for('update');
  if (!before) throw new Failure('productNotFound');
  await checkPlacement(tx, body);
  await changeInPlace(tx, 'products', [productId]);
  const [after] = await tx
    .update(product)
    .set({
      name: body.Name,
      ...(body.BrandId !== undefined ? { brandId: body.BrandId } : {}),
      ...(body.CategoryId !== undefined ? { categoryId: body.CategoryId } : {}),
      ...(body.Description !== undefined ? { description: body.Description } : {}),
      ...(body.ReleaseDate !== undefined ? { releaseDate: instantOf(body.ReleaseDate) } : {}),
      ...(body.IsActive !== undefined ? { isActive: body.IsActive } : {}),
      updatedAt: now,
    })
    .where(eq(product.id, productId))
    .returning();
  return { before: productView(before), after: productView(after!) };
}

/** The ERP's id, or the next after the highest (a clash is refused by the insert: catalogIdTaken). */
export async function newId(
  tx: Tx,
  table: typeof product | typeof sku | typeof brand | typeof category | typeof collection,
  given: number | undefined,
): Promise<number> {
  if (given !== undefined) return given;
  const [row] = await tx.select({ next: sql<number>`coalesce(max(${table.id}), 0) + 1` }).from(table);
  return Number(row!.next);
}

/** A new product (its id and address not taken, its brand known, its category a leaf). */
export async function createProduct(
  tx: Tx,
  body: CatalogProductCreateBody,
  now: Date,
): Promise<CatalogProduct> {
  await checkPlacement(tx, body);
  const id = await newId(tx, product, body.Id);
  const [row] = await tx
    .insert(product)
    .values({
      id,
      slug: body.LinkId ?? `${slugify(body.Name)}-${id}`,
      name: body.Name,
      brandId: body.BrandId,
      categoryId: body.CategoryId,
      description: body.Description,
      specifications: {},
      releaseDate: body.ReleaseDate !== undefined ? instantOf(body.ReleaseDate) : now,
      isActive: body.IsActive,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new Failure('catalogIdTaken', { field: body.Id !== undefined ? 'Id' : 'LinkId' });
  return productView(row);
}

/** A new SKU of a known product; sold once it has offers. */
export async function createSku(tx: Tx, body: CatalogSkuCreateBody): Promise<CatalogSku> {
  const [owner] = await tx.select({ id: product.id }).from(product).where(eq(product.id, body.ProductId));
  if (!owner) throw new Failure('productNotFound', { field: 'ProductId' });
  const id = await newId(tx, sku, body.Id);
  const weighed = isWeighed(body.MeasurementUnit ?? '');
  const [row] = await tx
    .insert(sku)
    .values({
      id,
      productId: body.ProductId,
      name: body.Name,
      ean: body.Ean ?? '',
      refId: body.RefId ?? String(id),
      measurementUnit: body.MeasurementUnit ?? 'un',
      unitMultiplier: body.UnitMultiplier ?? 1,
      contentQuantity: 1,
      contentUnit: weighed ? 'kg' : 'un',
      cartLimit: MAX_QUANTITY,
      imageUrl: body.ImageUrl ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new Failure('catalogIdTaken', { field: 'Id' });
  return skuView(row);
}

/** A product's brand must exist, and its category be a leaf of the menu (products sit in leaves only). */
async function checkPlacement(
  tx: Tx,
  body: Pick<CatalogProductBody, 'BrandId' | 'CategoryId'>,
): Promise<void> {
  if (body.BrandId !== undefined) {
    const [known] = await tx.select({ id: brand.id }).from(brand).where(eq(brand.id, body.BrandId));
    if (!known) throw new Failure('brandNotFound', { field: 'BrandId' });
  }
  if (body.CategoryId !== undefined) {
    const [known] = await tx
      .select({ id: category.id })
      .from(category)
      .where(eq(category.id, body.CategoryId));
    const [child] = await tx
      .select({ id: category.id })
      .from(category)
      .where(eq(category.parentId, body.CategoryId))
      .limit(1);
    if (!known || child)
      throw new Failure('categoryNotFound', {
        message: 'La categoría no existe o no es la última de su rama.',
        field: 'CategoryId',
      });
  }
}

export async function skuRecord(tx: Db | Tx, skuId: number): Promise<CatalogSku> {
  const [row] = await tx.select().from(sku).where(eq(sku.id, skuId));
  if (!row) throw new Failure('skuNotFound');
  return skuView(row);
}

export async function updateSku(
  tx: Tx,
  skuId: number,
  body: CatalogSkuBody,
): Promise<{ before: CatalogSku; after: CatalogSku }> {
  const [before] = await tx.select().from(sku).where(eq(sku.id, skuId)).for('update');
  if (!before) throw new Failure('skuNotFound');
  await changeInPlace(tx, 'products', [before.productId]);
  const [after] = await tx
    .update(sku)
    .set({
      name: body.Name,
      ...(body.Ean !== undefined ? { ean: body.Ean } : {}),
      ...(body.MeasurementUnit !== undefined ? { measurementUnit: body.MeasurementUnit } : {}),
      ...(body.UnitMultiplier !== undefined ? { unitMultiplier: body.UnitMultiplier } : {}),
      ...(body.ImageUrl !== undefined ? { imageUrl: body.ImageUrl } : {}),
    })
    .where(eq(sku.id, skuId))
    .returning();
  return { before: skuView(before), after: skuView(after!) };
}

/** The SKU's picture from the chain's media server, or null for the shop's own drawing. */
export async function setSkuPicture(
  tx: Tx,
  skuId: number,
  url: string | null,
): Promise<{ before: CatalogSku; after: CatalogSku }> {
  const [before] = await tx.select().from(sku).where(eq(sku.id, skuId)).for('update');
  if (!before) throw new Failure('skuNotFound');
  await changeInPlace(tx, 'products', [before.productId]);
  const [after] = await tx.update(sku).set({ imageUrl: url }).where(eq(sku.id, skuId)).returning();
  return { before: skuView(before), after: skuView(after!) };
}

function productView(row: ProductRow): CatalogProduct {
  return {
    Id: row.id,
    Name: row.name,
    CategoryId: row.categoryId,
    BrandId: row.brandId,
    LinkId: row.slug,
    Description: row.description,
    ReleaseDate: row.releaseDate.toISOString(),
    IsActive: row.isActive,
    IsVisible: row.isActive,
  };
}

function skuView(row: SkuRow): CatalogSku {
  return {
    Id: row.id,
    ProductId: row.productId,
    Name: row.name,
    RefId: row.refId,
    Ean: row.ean,
    MeasurementUnit: row.measurementUnit,
    UnitMultiplier: row.unitMultiplier,
    ImageUrl: row.imageUrl,
    IsActive: true,
  };
}

/** VTEX sends release dates with or without an offset; one without is UTC, as VTEX reads it. */
function instantOf(text: string): Date {
  return new Date(/(?:[zZ]|[+-]\d\d:?\d\d)$/.test(text) ? text : `${text}Z`);
}

/**
 * The back office's search: products whose name holds the text, or (digits) whose id, a SKU's id or a
 * SKU's EAN it is; at most `limit`, by name, each with its SKUs.
 */
export async function findProducts(
  tx: Db | Tx,
  text: string,
  limit: number,
): Promise<{ product: CatalogProduct; skus: CatalogSku[] }[]> {
  const digits = /^\d{1,14}$/.test(text) ? text : null;
  const number = digits && digits.length <= 9 ? Number(digits) : -1;
  const found = await tx
    .selectDistinct({ id: product.id, name: product.name })
    .from(product)
    .innerJoin(sku, eq(sku.productId, product.id))
    .where(
      digits
        ? or(eq(product.id, number), eq(sku.id, number), eq(sku.ean, digits))
        : ilike(product.name, `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`),
    )
    .orderBy(product.name, product.id)
    .limit(limit);
  const ids = found.map((row) => row.id);
  if (ids.length === 0) return [];
  const products = await tx.select().from(product).where(inArray(product.id, ids));
  const skus = await tx.select().from(sku).where(inArray(sku.productId, ids)).orderBy(sku.id);
  return ids.map((id) => ({
    product: productView(products.find((row) => row.id === id)!),
    skus: skus.filter((row) => row.productId === id).map(skuView),
  }));
}

/** A product's SKUs in VTEX's shape, by id. */
export async function productSkus(tx: Db | Tx, productId: number): Promise<CatalogSku[]> {
  const rows = await tx.select().from(sku).where(eq(sku.productId, productId)).orderBy(sku.id);
  return rows.map(skuView);
}
