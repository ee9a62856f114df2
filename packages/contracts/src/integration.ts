import { z } from 'zod';

/**
 * The integration APIs (issue 30): what a chain's ERP sends in VTEX's private shapes (Pricing, Logistics
 * inventory, Catalog pvt), authenticated by an app key and token an administrator created, and the
 * back office's calls that manage those keys and read the audit of every change.
 */

/** What an app key may change or read: one scope per integration API. */
export const INTEGRATION_SCOPES = [
  'catalog',
  'prices',
  'stock',
  'promotions',
  'content',
  'orders-read',
] as const;
export const integrationScope = z.enum(INTEGRATION_SCOPES);
export type IntegrationScope = z.infer<typeof integrationScope>;

/** VTEX's credential headers, as every integration route documents them. */
export const appKeyHeaders = z.object({
  'x-vtex-api-appkey': z.string().describe('The app key an administrator created (POST /api/admin/app-keys)'),
  'x-vtex-api-apptoken': z.string().describe('The token shown once when the key was created'),
});

export const appKeyBody = z.object({
  label: z.string().trim().min(1).max(100),
  scopes: z.array(integrationScope).min(1).max(INTEGRATION_SCOPES.length),
  /** Sustained calls per second this key may make (VTEX's Pricing API allows 40) and the burst above it. */
  ratePerSecond: z.number().int().min(1).max(1000).default(40),
  burst: z.number().int().min(1).max(10_000).default(1000),
});

export const appKeyView = z.object({
  appKey: z.string(),
  label: z.string(),
  scopes: z.array(integrationScope),
  ratePerSecond: z.number().int(),
  burst: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type AppKeyView = z.infer<typeof appKeyView>;

/** The token is shown here only: the shop keeps its hash. */
export const appKeyCreated = appKeyView.extend({ appToken: z.string() });

/** Who made a change: an app key (an ERP) or a staff member (the back office). */
/** Who made a change: an integration's app key, a staff member, or the customer (their own order). */
export const auditActor = z.object({ kind: z.enum(['appKey', 'staff', 'customer']), id: z.string() });
export type AuditActor = z.infer<typeof auditActor>;

export const auditLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: auditActor,
  /** 'price.put', 'inventory.put', 'appKey.create'… */
  action: z.string(),
  /** What was changed: 'sku:12', 'appKey:…'. */
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const auditLogQuery = z.object({
  subject: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Pesos as VTEX's Pricing API sends them (a fraction allowed); the shop keeps offers in cents. */
const pesos = z.number().min(0).max(100_000_000);

/** VTEX's fixed price: a price for one trade policy (sales channel), from a quantity, maybe in a date range. */
export const fixedPrice = z.object({
  tradePolicyId: z.string().regex(/^\d{1,6}$/),
  value: pesos,
  listPrice: pesos.nullable().optional(),
  minQuantity: z.number().int().min(1).max(100_000).default(1),
  dateRange: z
    .object({ from: z.string().datetime({ offset: true }), to: z.string().datetime({ offset: true }) })
    .nullable()
    .optional(),
});
export type FixedPrice = z.infer<typeof fixedPrice>;

/** PUT /api/pricing/prices/{itemId}: prices in pesos, as VTEX's (the storefront's API speaks cents). */
export const priceBody = z.object({
  markup: z.number().min(0).max(10_000).nullable().optional(),
  basePrice: pesos,
  listPrice: pesos.nullable().optional(),
  costPrice: pesos.nullable().optional(),
  fixedPrices: z.array(fixedPrice).max(200).default([]),
});
export type PriceBody = z.infer<typeof priceBody>;

export const priceView = z.object({
  itemId: z.string(),
  markup: z.number().nullable(),
  basePrice: z.number(),
  listPrice: z.number().nullable(),
  costPrice: z.number().nullable(),
  fixedPrices: z.array(fixedPrice),
});
export type PriceView = z.infer<typeof priceView>;

export const itemParams = z.object({ itemId: z.string().regex(/^\d{1,9}$/) });

export const pricingSettings = z.object({
  /** The chain refuses a price under the SKU's cost (priceBelowCost). */
  forbidBelowCost: z.boolean(),
});

/** PUT /api/logistics/pvt/inventory/skus/{skuId}/warehouses/{warehouseId}: the warehouse is a store. */
export const inventoryBody = z.object({
  /** Units in the warehouse, those open orders and holds took included. */
  quantity: z.number().int().min(0).max(10_000_000),
  unlimitedQuantity: z.boolean().default(false),
  dateUtcOnBalanceSystem: z.string().nullable().optional(),
});
export type InventoryBody = z.infer<typeof inventoryBody>;

export const inventoryParams = z.object({
  skuId: z.string().regex(/^\d{1,9}$/),
  warehouseId: z.string().min(1).max(100),
});

export const inventoryBalance = z.object({
  warehouseId: z.string(),
  warehouseName: z.string(),
  totalQuantity: z.number().int(),
  reservedQuantity: z.number().int(),
  hasUnlimitedQuantity: z.boolean(),
});
export const skuInventory = z.object({ skuId: z.string(), balance: z.array(inventoryBalance) });
export type SkuInventory = z.infer<typeof skuInventory>;

/**
 * VTEX's Catalog pvt shapes, as far as this shop keeps them: a connector may send VTEX's whole object
 * (unknown fields are ignored); these are the fields written. A product's `IsActive: false` takes it off
 * the shelf (every page, search and cart) and true puts it back; a SKU's is refused: a SKU leaves the shelf
 * by its stock or its price (DELETE /api/pricing/prices/{itemId}).
 */
export const catalogProductParams = z.object({ productId: z.string().regex(/^\d{1,9}$/) });
export const catalogSkuParams = z.object({ skuId: z.string().regex(/^\d{1,9}$/) });

const releaseDate = z.string().datetime({ offset: true, local: true });

export const catalogProduct = z.object({
  Id: z.number().int(),
  Name: z.string(),
  CategoryId: z.number().int(),
  BrandId: z.number().int(),
  LinkId: z.string(),
  Description: z.string(),
  ReleaseDate: z.string(),
  IsActive: z.boolean(),
  IsVisible: z.boolean(),
});
export type CatalogProduct = z.infer<typeof catalogProduct>;

export const catalogProductBody = z.object({
  Name: z.string().trim().min(1).max(200),
  BrandId: z.number().int().min(1).max(999_999_999).optional(),
  CategoryId: z.number().int().min(1).max(999_999_999).optional(),
  Description: z.string().max(20_000).optional(),
  ReleaseDate: releaseDate.optional(),
  IsActive: z.boolean().optional(),
});
export type CatalogProductBody = z.infer<typeof catalogProductBody>;

/**
 * A product's specifications by name, as VTEX's GET and POST /api/catalog_system/pvt/products/{productId}/
 * specification: 'Sellos de advertencia' and 'Certificaciones' take the §3 keys (alto-en-sodio, sin-gluten),
 * 'Ingredientes' a text, the nutrition table its fields as the label names them ('Base nutricional' 100 g or
 * 100 ml, 'Porción', 'Energía (kcal)', 'Sodio (mg)'…), and any other name is a line of the product's technical
 * sheet ('Ficha Técnica').
 */
export const SPECIFICATION_NAMES = {
  seals: 'Sellos de advertencia',
  certificates: 'Certificaciones',
  ingredients: 'Ingredientes',
} as const;

export const catalogSpecification = z.object({ Name: z.string(), Value: z.array(z.string()) });
export type CatalogSpecification = z.infer<typeof catalogSpecification>;

/**
 * The fields a POST changes, each by its Name (VTEX's field Id is not kept here and is ignored); the others
 * stay. An empty Value removes the field.
 */
export const catalogSpecificationBody = z
  .array(
    z.object({
      Id: z.number().int().optional(),
      Name: z.string().trim().min(1).max(100),
      Value: z.array(z.string().trim().min(1).max(4000)).max(50),
    }),
  )
  .min(1)
  .max(100);
export type CatalogSpecificationBody = z.infer<typeof catalogSpecificationBody>;

/** VTEX's catalogue ids: given by the ERP (its own numbering), or the next free one. */
const catalogId = z.number().int().min(1).max(999_999_999);

/** A brand in VTEX's Catalog pvt shape (POST /api/catalog/pvt/brand answers it). */
export const catalogBrand = z.object({
  Id: z.number().int(),
  Name: z.string(),
  LinkId: z.string(),
  Active: z.boolean(),
});
export type CatalogBrand = z.infer<typeof catalogBrand>;

const linkId = z
  .string()
  .trim()
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Minúsculas, números y guiones');

/** POST /api/catalog/pvt/brand: a new brand (LinkId from the name when not given). */
export const catalogBrandCreateBody = z.object({
  Id: catalogId.optional(),
  Name: z.string().trim().min(1).max(200),
  LinkId: linkId.optional(),
});
export type CatalogBrandCreateBody = z.infer<typeof catalogBrandCreateBody>;

/** PUT /api/catalog/pvt/brand/{brandId}: its name and address (a brand is not switched off here). */
export const catalogBrandBody = z.object({
  Name: z.string().trim().min(1).max(200),
  LinkId: linkId.optional(),
  Active: z.literal(true).optional(),
});
export type CatalogBrandBody = z.infer<typeof catalogBrandBody>;

/** A category in VTEX's Catalog pvt shape: FatherCategoryId null for a top category of the menu. */
export const catalogCategory = z.object({
  Id: z.number().int(),
  Name: z.string(),
  FatherCategoryId: z.number().int().nullable(),
  /** The storefront's address of its listing: '/lacteos/leches'. */
  Url: z.string(),
  IsActive: z.boolean(),
});
export type CatalogCategory = z.infer<typeof catalogCategory>;

/**
 * POST /api/catalog/pvt/category: a new category of the menu's three levels, under a category that holds no
 * products (products sit in leaves only).
 */
export const catalogCategoryCreateBody = z.object({
  Id: catalogId.optional(),
  Name: z.string().trim().min(1).max(200),
  FatherCategoryId: catalogId.nullable().default(null),
  LinkId: linkId.optional(),
});
export type CatalogCategoryCreateBody = z.infer<typeof catalogCategoryCreateBody>;

/**
 * PUT /api/catalog/pvt/category/{categoryId}: its name and address (its listing's and its branch's move
 * with it). It keeps its place in the menu: another FatherCategoryId is refused (categoryMoveUnsupported).
 */
export const catalogCategoryBody = z.object({
  Name: z.string().trim().min(1).max(200),
  LinkId: linkId.optional(),
  FatherCategoryId: catalogId.nullable().optional(),
  IsActive: z.literal(true).optional(),
});
export type CatalogCategoryBody = z.infer<typeof catalogCategoryBody>;

/**
 * A collection in VTEX's Catalog pvt shape: a hand-picked group of products (a campaign's shelf, its
 * listing `?fq=productClusterIds:{Id}`, the product's `productClusters`). VTEX groups SKUs; here a SKU
 * added brings its product, and removing it takes the product out.
 */
export const catalogCollection = z.object({
  Id: z.number().int(),
  Name: z.string(),
  TotalProducts: z.number().int(),
});
export type CatalogCollection = z.infer<typeof catalogCollection>;

export const catalogCollectionCreateBody = z.object({
  Id: catalogId.optional(),
  Name: z.string().trim().min(1).max(200),
});
export type CatalogCollectionCreateBody = z.infer<typeof catalogCollectionCreateBody>;

/** POST /api/catalog/pvt/collection/{collectionId}/stockkeepingunit. */
export const catalogCollectionSkuBody = z.object({ SkuId: catalogId });
export const catalogCollectionSku = z.object({
  CollectionId: z.number().int(),
  SkuId: z.number().int(),
  ProductId: z.number().int(),
});
export type CatalogCollectionSku = z.infer<typeof catalogCollectionSku>;

/** POST /api/catalog/pvt/product: a new product, in a leaf category and of a known brand. */
export const catalogProductCreateBody = z.object({
  Id: catalogId.optional(),
  Name: z.string().trim().min(1).max(200),
  CategoryId: catalogId,
  BrandId: catalogId,
  /** The product's address (`/{LinkId}/p`); from the name and the id when not given. */
  LinkId: linkId.optional(),
  Description: z.string().max(20_000).default(''),
  ReleaseDate: releaseDate.optional(),
  IsActive: z.boolean().default(true),
});
export type CatalogProductCreateBody = z.infer<typeof catalogProductCreateBody>;

export const catalogSku = z.object({
  Id: z.number().int(),
  ProductId: z.number().int(),
  Name: z.string(),
  RefId: z.string(),
  /** VTEX keeps the EAN apart (…/ean/{ean}); here it travels with the SKU. */
  Ean: z.string(),
  MeasurementUnit: z.string(),
  UnitMultiplier: z.number(),
  /** The SKU's picture from the chain's media server; null while the shop draws its own. */
  ImageUrl: z.string().nullable(),
  IsActive: z.boolean(),
});
export type CatalogSku = z.infer<typeof catalogSku>;

/** A picture's address on the chain's media server: https only (a page's images load over https only). */
const pictureUrl = z
  .string()
  .trim()
  .max(2000)
  .url()
  .regex(/^https:\/\/[^\s"'<>]+$/, 'Una dirección https');

export const catalogSkuBody = z.object({
  Name: z.string().trim().min(1).max(200),
  Ean: z
    .string()
    .regex(/^\d{8,14}$/)
    .optional(),
  /** 'un' sells by the unit, 'kg' by weight in steps of UnitMultiplier kilos. */
  MeasurementUnit: z.enum(['un', 'kg']).optional(),
  UnitMultiplier: z.number().positive().max(1000).optional(),
  /** An https address of the picture (a page's images load over https only); null goes back to the shop's. */
  ImageUrl: pictureUrl.nullable().optional(),
  IsActive: z.literal(true).optional(),
});
export type CatalogSkuBody = z.infer<typeof catalogSkuBody>;

/**
 * POST /api/catalog/pvt/stockkeepingunit: a new SKU of a product. It is sold once it has offers (an offer
 * feed, or a price and the stores' stock).
 */
export const catalogSkuCreateBody = catalogSkuBody.omit({ IsActive: true }).extend({
  Id: catalogId.optional(),
  ProductId: catalogId,
  RefId: z.string().trim().min(1).max(50).optional(),
});
export type CatalogSkuCreateBody = z.infer<typeof catalogSkuCreateBody>;

/**
 * VTEX's SKU file API (…/stockkeepingunit/{skuId}/file), one picture a SKU: a POST sets it from its Url (it
 * replaces the one before), a DELETE goes back to the shop's drawing. Name, Label and Text are not kept;
 * a second picture (IsMain false) is not taken.
 */
export const catalogSkuFileBody = z.object({
  Url: pictureUrl,
  IsMain: z.literal(true).optional(),
  Name: z.string().max(200).optional(),
  Label: z.string().max(200).optional(),
  Text: z.string().max(2000).optional(),
});
export type CatalogSkuFileBody = z.infer<typeof catalogSkuFileBody>;

export const catalogSkuFile = z.object({
  Id: z.number().int(),
  SkuId: z.number().int(),
  IsMain: z.boolean(),
  Url: z.string(),
});
export type CatalogSkuFile = z.infer<typeof catalogSkuFile>;
