import { z } from 'zod';

/**
 * VTEX's Promotions & Taxes API (`/api/rnb/pvt/calculatorconfiguration`), as far as the shop's price
 * engine prices it (spec §3 promotion): a connector may send VTEX's whole object, unknown fields are
 * ignored; the fields below are read. Nominal values travel in pesos, as VTEX's.
 */

/** VTEX's `{ id, name }` reference to a SKU, product, brand, category, collection or payment method. */
const reference = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string().optional(),
});
const references = z.array(reference).max(10_000).default([]);
const utcDate = z.string().datetime({ offset: true, local: true });

export const calculatorConfigurationBody = z.object({
  /** Given: the promotion to replace (promotionNotFound when there is none). Absent: a new promotion. */
  idCalculatorConfiguration: z.string().trim().min(1).max(100).optional(),
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).default(''),
  beginDateUtc: utcDate,
  endDateUtc: utcDate,
  /** false pauses the promotion: kept, not applied. */
  isActive: z.boolean().default(true),
  /** 'regular', 'forThePriceOf' or 'progressive'; VTEX's other types are refused (promotionNotPriceable). */
  type: z.string().min(1).max(50),
  percentualDiscountValue: z.number().min(0).max(100_000).default(0),
  nominalDiscountValue: z.number().min(0).max(100_000_000).default(0),
  /** forThePriceOf: units taken; progressive: the nth unit that gets the discount. */
  minimumQuantityBuyTogether: z.number().int().min(0).max(1000).default(0),
  /** forThePriceOf: units of each group that get the discount (3x2: 3 and 1); progressive: the last n. */
  quantityToAffectBuyTogether: z.number().int().min(0).max(1000).default(0),
  /** The SKUs a forThePriceOf or progressive promotion applies to (with `skus`). */
  listSku1BuyTogether: references,
  cumulative: z.boolean().default(false),
  /** Trade policies (sales channels); with areSalesChannelIdsExclusive, the ones it does not apply in. */
  idsSalesChannel: z
    .array(z.string().regex(/^\d{1,6}$/))
    .max(100)
    .default([]),
  areSalesChannelIdsExclusive: z.boolean().default(false),
  skus: references,
  skusAreInclusive: z.boolean().default(true),
  products: references,
  productsAreInclusive: z.boolean().default(true),
  categories: references,
  categoriesAreInclusive: z.boolean().default(true),
  brands: references,
  brandsAreInclusive: z.boolean().default(true),
  collections: references,
  collectionsIsInclusive: z.boolean().default(true),
  /** Sellers, comma-separated; only as an exclusion (idSellerIsInclusive false). */
  idSeller: z.string().max(2000).default(''),
  idSellerIsInclusive: z.boolean().default(true),
  /** Only the group's card (card-only, `tcenco`): its payment systems; none means any payment. */
  paymentsMethods: references,
});
export type CalculatorConfigurationBody = z.infer<typeof calculatorConfigurationBody>;

const referenceView = z.object({ id: z.string(), name: z.string() });

/** A promotion as GET answers it, in VTEX's shape: what the shop keeps of it. */
export const calculatorConfiguration = z.object({
  idCalculatorConfiguration: z.string(),
  name: z.string(),
  description: z.string(),
  beginDateUtc: z.string(),
  endDateUtc: z.string(),
  isActive: z.boolean(),
  type: z.enum(['regular', 'forThePriceOf', 'progressive']),
  percentualDiscountValue: z.number(),
  nominalDiscountValue: z.number(),
  minimumQuantityBuyTogether: z.number().int(),
  quantityToAffectBuyTogether: z.number().int(),
  listSku1BuyTogether: z.array(referenceView),
  cumulative: z.boolean(),
  idsSalesChannel: z.array(z.string()),
  areSalesChannelIdsExclusive: z.boolean(),
  skus: z.array(referenceView),
  skusAreInclusive: z.boolean(),
  products: z.array(referenceView),
  productsAreInclusive: z.boolean(),
  categories: z.array(referenceView),
  categoriesAreInclusive: z.boolean(),
  brands: z.array(referenceView),
  brandsAreInclusive: z.boolean(),
  collections: z.array(referenceView),
  collectionsIsInclusive: z.boolean(),
  idSeller: z.string(),
  idSellerIsInclusive: z.boolean(),
  paymentsMethods: z.array(referenceView),
});
export type CalculatorConfiguration = z.infer<typeof calculatorConfiguration>;

export const calculatorConfigurationParams = z.object({
  idCalculatorConfiguration: z.string().min(1).max(100),
});

/** GET /api/rnb/pvt/benefits/calculatorconfiguration: every promotion, VTEX's list item shape. */
export const calculatorConfigurationList = z.object({
  items: z.array(
    z.object({
      idCalculatorConfiguration: z.string(),
      name: z.string(),
      description: z.string(),
      beginDate: z.string(),
      endDate: z.string(),
      isActive: z.boolean(),
      type: z.string(),
    }),
  ),
});

/** POST /api/admin/promotions/preview: a sample cart priced with and without a draft promotion. */
export const promotionPreviewBody = z.object({
  salesChannel: z.number().int().min(0).max(999_999),
  items: z
    .array(z.object({ skuId: z.number().int().min(1), quantity: z.number().int().min(1).max(1000) }))
    .min(1)
    .max(300),
  promotion: calculatorConfigurationBody,
  /** The moment priced; by default now, or the promotion's start when it has not started yet. */
  at: utcDate.optional(),
});
export type PromotionPreviewBody = z.infer<typeof promotionPreviewBody>;

/** Integer CLP cents, as the storefront's API: paying normally and with the group's card. */
const previewTotals = z.object({
  items: z.number().int(),
  discounts: z.number().int(),
  value: z.number().int(),
  valueWithCard: z.number().int(),
});
export const promotionPreview = z.object({
  at: z.string(),
  without: previewTotals,
  with: previewTotals,
  lines: z.array(
    z.object({
      skuId: z.number().int(),
      quantity: z.number().int(),
      without: z.number().int(),
      with: z.number().int(),
      /** The draft's discount on this line, cents (0 when it does not apply). */
      promotionDiscount: z.number().int(),
    }),
  ),
});
export type PromotionPreview = z.infer<typeof promotionPreview>;
