import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** The catalogue module owns these tables; other modules read the catalogue through its service. */

export const category = pgTable(
  'category',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id'),
    level: smallint('level').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** '/lacteos/leches/leche-entera' — what the storefront puts in the URL. */
    path: text('path').notNull().unique(),
    icon: text('icon'),
    fixedPosition: smallint('fixed_position'),
  },
  (t) => [index('category_parent_idx').on(t.parentId)],
);

export const brand = pgTable('brand', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
});

export const seller = pgTable('seller', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  isChain: boolean('is_chain').notNull().default(false),
});

export const collection = pgTable('collection', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const product = pgTable(
  'product',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brand.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => category.id),
    description: text('description').notNull(),
    ingredients: text('ingredients'),
    nutrition: jsonb('nutrition'),
    warningSeals: text('warning_seals')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    certificates: text('certificates')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    specifications: jsonb('specifications').$type<Record<string, string>>().notNull(),
    recipe: text('recipe'),
    /** The skus of the recipe's other ingredients, for the recipe cart (§2 /carrito-receta). */
    recipeSkuIds: integer('recipe_sku_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    releaseDate: timestamp('release_date', { withTimezone: true }).notNull(),
    releaseEnd: timestamp('release_end', { withTimezone: true }),
    isNew: boolean('is_new').notNull().default(false),
    onlineExclusive: boolean('online_exclusive').notNull().default(false),
    sponsored: boolean('sponsored').notNull().default(false),
    collectionIds: integer('collection_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    sales: integer('sales').notNull().default(0),
    ratingAverage: real('rating_average').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** false: off the shelf (VTEX's IsActive): no page, search, listing or cart shows it; kept for the ERP. */
    isActive: boolean('is_active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_category_idx').on(t.categoryId), index('product_brand_idx').on(t.brandId)],
);

export const sku = pgTable(
  'sku',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ean: text('ean').notNull(),
    refId: text('ref_id').notNull(),
    measurementUnit: text('measurement_unit').notNull(),
    unitMultiplier: numeric('unit_multiplier', { mode: 'number' }).notNull(),
    contentQuantity: numeric('content_quantity', { mode: 'number' }).notNull(),
    contentUnit: text('content_unit').notNull(),
    cartLimit: integer('cart_limit').notNull(),
    /** The chain's own picture (an https URL, from its media server); null: the shop draws one. */
    imageUrl: text('image_url'),
  },
  (t) => [index('sku_product_idx').on(t.productId)],
);

/** One seller's price and stock for a sku in one sales channel (each store has its own channel). */
export const skuOffer = pgTable(
  'sku_offer',
  {
    skuId: integer('sku_id')
      .notNull()
      .references(() => sku.id, { onDelete: 'cascade' }),
    salesChannel: integer('sales_channel').notNull(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => seller.id),
    price: integer('price').notNull(),
    listPrice: integer('list_price').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.skuId, t.salesChannel, t.sellerId] }),
    check('sku_offer_stock', sql`${t.availableQuantity} >= 0`),
  ],
);

/**
 * Units taken off an offer's stock (sku_offer.available_quantity) for an order group sent to pay. A hold
 * lasts until `expires_at`; null once the units are sold (the order was paid). Releasing a hold gives its
 * units back to the offer and deletes it. Written only through CatalogService.
 */
export const stockHold = pgTable(
  'stock_hold',
  {
    holder: text('holder').notNull(),
    skuId: integer('sku_id').notNull(),
    salesChannel: integer('sales_channel').notNull(),
    sellerId: text('seller_id').notNull(),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.holder, t.skuId, t.salesChannel, t.sellerId] }),
    index('stock_hold_expiry_idx').on(t.expiresAt),
    check('stock_hold_quantity', sql`${t.quantity} > 0`),
  ],
);

export const review = pgTable(
  'review',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('review_product_idx').on(t.productId)],
);

export const popularSearch = pgTable('popular_search', {
  term: text('term').primaryKey(),
  count: integer('count').notNull(),
});

/**
 * A feed of offers sent over HTTP (issue 30 §2), run as a job by the instance that received it: its stage
 * and progress are here, so a poll reaching any instance reads them. Keyed by who sent it and the file's
 * SHA-256: the same file sent again is the same job.
 */
export const offerFeedJob = pgTable(
  'offer_feed_job',
  {
    /** The file's SHA-256. */
    id: text('id').notNull(),
    /** 'staff' (the back office) or the app key that sent it. */
    owner: text('owner').notNull(),
    stage: text('stage').notNull(),
    percent: integer('percent').notNull().default(0),
    report: jsonb('report'),
    failure: text('failure'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.id] })],
);
