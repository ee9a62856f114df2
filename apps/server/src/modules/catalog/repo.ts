import { sql } from 'drizzle-orm';
import type { Promotion } from '@despensa/domain';
import type { Database, Db } from '../../db/client';
import { popularSearch, review } from './tables';
import { desc, eq } from 'drizzle-orm';

/** Raw rows the in-memory catalogue is built from. Array rows keep the 50,000-product load cheap. */
export interface CatalogRows {
  categories: {
    id: number;
    parentId: number | null;
    level: number;
    name: string;
    slug: string;
    path: string;
    icon: string | null;
    fixedPosition: number | null;
  }[];
  brands: { id: number; name: string; slug: string }[];
  sellers: { id: string; name: string; isChain: boolean }[];
  collections: { id: number; name: string }[];
  products: ProductRow[];
  skus: SkuRow[];
  offers: OfferRow[];
  promotions: Promotion[];
}

export interface ProductRow {
  id: number;
  slug: string;
  name: string;
  brandId: number;
  categoryId: number;
  description: string;
  ingredients: string | null;
  nutrition: unknown;
  warningSeals: string[];
  certificates: string[];
  specifications: Record<string, string>;
  recipe: string | null;
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
}

/** [skuId, salesChannel, sellerId, price, listPrice, availableQuantity] */
export type OfferRow = [number, number, string, number, number, number];

export async function loadCatalogRows({ db, pool }: Database): Promise<CatalogRows> {
  const [categories, brands, sellers, collections, products, skus, promotions] = await Promise.all([
    db.query.category.findMany(),
    db.query.brand.findMany(),
    db.query.seller.findMany(),
    db.query.collection.findMany(),
    db.query.product.findMany({ orderBy: (p, { asc }) => asc(p.id) }),
    db.query.sku.findMany({ orderBy: (s, { asc }) => asc(s.id) }),
    db.query.promotion.findMany(),
  ]);
  const offers = await pool.query<OfferRow>({
    text: 'SELECT sku_id, sales_channel, seller_id, price, list_price, available_quantity FROM sku_offer',
    rowMode: 'array',
  });
  return {
    categories,
    brands,
    sellers,
    collections,
    products,
    skus,
    offers: offers.rows,
    promotions: promotions.map((row) => row.data),
  };
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

export async function catalogIsEmpty(db: Db): Promise<boolean> {
  const result = await db.execute<{ exists: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM product) AS exists`);
  return !result.rows[0]?.exists;
}
