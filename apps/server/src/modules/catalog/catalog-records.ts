import { and, eq, like, sql } from 'drizzle-orm';
import { isWeighed, slugify } from '@despensa/domain';
import {
  Failure,
  type CatalogBrand,
  type CatalogBrandBody,
  type CatalogBrandCreateBody,
  type CatalogCategory,
  type CatalogCategoryBody,
  type CatalogCategoryCreateBody,
  type CatalogProductCreateBody,
  type CatalogSkuCreateBody,
  type CatalogSpecificationBody,
  type CatalogCollectionCreateBody,
} from '@despensa/contracts';
import type { Db, Tx } from '../../db/client';
import { createProduct, createSku, newId, setSkuPicture } from './pvt-records';
import { productSpecifications, setProductSpecifications } from './specifications';
import { collectionRecord, createCollection, setCollectionMember } from './collections';
import { brand, category, product, sku } from './tables';

/** The menu's depth: top, sub and leaf categories (products sit in leaves). */
const MENU_LEVELS = 3;

type BrandRow = typeof brand.$inferSelect;
type CategoryRow = typeof category.$inferSelect;

/**
 * What an ERP adds to the catalogue through VTEX's Catalog pvt API: brands, categories of the menu,
 * products, SKUs and collections, each with its id (the ERP's or the next free one), products'
 * specifications and collections' products. A write goes through the statement
 * triggers of migration 0001: every instance rebuilds its index.
 */
export class CatalogRecords {
  constructor(
    private readonly db: () => Db,
    private readonly clock: () => Date,
  ) {}

  createProduct(body: CatalogProductCreateBody, tx: Tx) {
    return createProduct(tx, body, this.clock());
  }

  createSku(body: CatalogSkuCreateBody, tx: Tx) {
    return createSku(tx, body);
  }

  /** A product's specifications by name: its §3 seals, certificates, ingredients and technical sheet. */
  specifications(productId: number) {
    return productSpecifications(this.db(), productId);
  }

  setSpecifications(productId: number, fields: CatalogSpecificationBody, tx: Tx) {
    return setProductSpecifications(tx, productId, fields, this.clock());
  }

  /**
   * What the shop draws a SKU's picture from when the index lacks it (its product off the shelf): a cart
   * that still holds it and the orders that bought it show it. Null for a SKU that does not exist.
   */
  async pictureSubject(
    skuId: number,
  ): Promise<{ name: string; brand: string; categoryId: number; weighed: boolean } | null> {
    const [row] = await this.db()
      .select({
        name: product.name,
        brand: brand.name,
        categoryId: product.categoryId,
        measurementUnit: sku.measurementUnit,
      })
      .from(sku)
      .innerJoin(product, eq(product.id, sku.productId))
      .innerJoin(brand, eq(brand.id, product.brandId))
      .where(eq(sku.id, skuId));
    return row ? { ...row, weighed: isWeighed(row.measurementUnit) } : null;
  }

  /** The SKU's picture from the chain's media server (VTEX's file API), or null for the shop's drawing. */
  setSkuPicture(skuId: number, url: string | null, tx: Tx) {
    return setSkuPicture(tx, skuId, url);
  }

  collection(collectionId: number) {
    return collectionRecord(this.db(), collectionId);
  }

  createCollection(body: CatalogCollectionCreateBody, tx: Tx) {
    return createCollection(tx, body);
  }

  /** Puts a SKU's product in a collection (`member`) or takes it out. */
  setCollectionMember(collectionId: number, skuId: number, member: boolean, tx: Tx) {
    return setCollectionMember(tx, collectionId, skuId, member);
  }

  async brand(brandId: number): Promise<CatalogBrand> {
    const [row] = await this.db().select().from(brand).where(eq(brand.id, brandId));
    if (!row) throw new Failure('brandNotFound');
    return brandView(row);
  }

  async createBrand(body: CatalogBrandCreateBody, tx: Tx): Promise<CatalogBrand> {
    const id = await newId(tx, brand, body.Id);
    const [row] = await tx
      .insert(brand)
      .values({ id, name: body.Name, slug: body.LinkId ?? slugify(body.Name) })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new Failure('catalogIdTaken', { field: body.Id !== undefined ? 'Id' : 'LinkId' });
    return brandView(row);
  }

  /** A brand's name and address; catalogIdTaken when another brand has the address. */
  async updateBrand(
    brandId: number,
    body: CatalogBrandBody,
    tx: Tx,
  ): Promise<{ before: CatalogBrand; after: CatalogBrand }> {
    const [row] = await tx.select().from(brand).where(eq(brand.id, brandId)).for('update');
    if (!row) throw new Failure('brandNotFound');
    const slug = body.LinkId ?? row.slug;
    const [taken] = await tx.select({ id: brand.id }).from(brand).where(eq(brand.slug, slug));
    if (taken && taken.id !== brandId) throw new Failure('catalogIdTaken', { field: 'LinkId' });
    const [after] = await tx
      .update(brand)
      .set({ name: body.Name, slug })
      .where(eq(brand.id, brandId))
      .returning();
    return { before: brandView(row), after: brandView(after!) };
  }

  async category(categoryId: number): Promise<CatalogCategory> {
    const [row] = await this.db().select().from(category).where(eq(category.id, categoryId));
    if (!row) throw new Failure('categoryNotFound');
    return categoryView(row);
  }

  /** A new category: at the top of the menu, or under one that is not a leaf holding products yet. */
  async createCategory(body: CatalogCategoryCreateBody, tx: Tx): Promise<CatalogCategory> {
    const parent = body.FatherCategoryId === null ? null : await this.parentOf(body.FatherCategoryId, tx);
    const slug = body.LinkId ?? slugify(body.Name);
    const id = await newId(tx, category, body.Id);
    const [row] = await tx
      .insert(category)
      .values({
        id,
        parentId: parent?.id ?? null,
        level: (parent?.level ?? 0) + 1,
        name: body.Name,
        slug,
        path: `${parent?.path ?? ''}/${slug}`,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new Failure('catalogIdTaken', { field: body.Id !== undefined ? 'Id' : 'LinkId' });
    return categoryView(row);
  }

  /**
   * A category's name and address: a new LinkId moves its listing and its branch's (their paths follow).
   * It keeps its place in the menu (categoryMoveUnsupported); catalogIdTaken when the address is taken.
   */
  async updateCategory(
    categoryId: number,
    body: CatalogCategoryBody,
    tx: Tx,
  ): Promise<{ before: CatalogCategory; after: CatalogCategory }> {
    const [row] = await tx.select().from(category).where(eq(category.id, categoryId)).for('update');
    if (!row) throw new Failure('categoryNotFound');
    if (body.FatherCategoryId !== undefined && body.FatherCategoryId !== row.parentId)
      throw new Failure('categoryMoveUnsupported', { field: 'FatherCategoryId' });
    const slug = body.LinkId ?? row.slug;
    const path = `${row.path.slice(0, row.path.length - row.slug.length)}${slug}`;
    if (path !== row.path) {
      const [taken] = await tx.select({ id: category.id }).from(category).where(eq(category.path, path));
      if (taken) throw new Failure('catalogIdTaken', { field: 'LinkId' });
      // The branch below follows: '/old/x' becomes '/new/x'.
      await tx
        .update(category)
        .set({ path: sql`${path} || substr(${category.path}, ${row.path.length + 1})` })
        .where(like(category.path, `${row.path}/%`));
    }
    const [after] = await tx
      .update(category)
      .set({ name: body.Name, slug, path })
      .where(eq(category.id, categoryId))
      .returning();
    return { before: categoryView(row), after: categoryView(after!) };
  }

  private async parentOf(parentId: number, tx: Tx): Promise<CategoryRow> {
    const field = 'FatherCategoryId';
    const [parent] = await tx.select().from(category).where(eq(category.id, parentId)).for('update');
    if (!parent) throw new Failure('categoryNotFound', { field });
    if (parent.level >= MENU_LEVELS) throw new Failure('categoryTooDeep', { field });
    const [holding] = await tx
      .select({ id: product.id })
      .from(product)
      .where(and(eq(product.categoryId, parentId)))
      .limit(1);
    if (holding) throw new Failure('categoryHoldsProducts', { field });
    return parent;
  }
}

function brandView(row: BrandRow): CatalogBrand {
  return { Id: row.id, Name: row.name, LinkId: row.slug, Active: true };
}

function categoryView(row: CategoryRow): CatalogCategory {
  return { Id: row.id, Name: row.name, FatherCategoryId: row.parentId, Url: row.path, IsActive: true };
}
