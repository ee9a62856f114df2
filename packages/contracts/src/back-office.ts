import { z } from 'zod';
import { CAMPAIGN_COUPON_CODE } from '@despensa/domain';
import { catalogProduct, catalogSku, priceView } from './integration';
import { calculatorConfiguration, calculatorConfigurationBody } from './promotions-api';

/**
 * The back office's catalogue and promotions (issue 30 §4, /api/admin, merchandisers and administrators):
 * reads shaped for its pages; its writes take the integration APIs' bodies and go through the same flows.
 */

export const backOfficeProductQuery = z.object({ q: z.string().trim().min(1).max(100) });

/** A product found by its name, its id, one of its SKUs' ids or its EAN. */
export const backOfficeProductHit = z.object({
  productId: z.number().int(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  skus: z.array(z.object({ skuId: z.number().int(), name: z.string(), ean: z.string() })),
});
export type BackOfficeProductHit = z.infer<typeof backOfficeProductHit>;

/** A SKU's shelf in one store: the chain's offer in the store's sales channel (cents), if it sells there. */
export const backOfficeStoreShelf = z.object({
  warehouseId: z.string(),
  storeName: z.string(),
  salesChannel: z.number().int(),
  offer: z
    .object({
      price: z.number().int(),
      listPrice: z.number().int(),
      availableQuantity: z.number().int(),
      unlimited: z.boolean(),
    })
    .nullable(),
});

const named = z.object({ id: z.number().int(), name: z.string() });

export const backOfficeProduct = z.object({
  product: catalogProduct,
  skus: z.array(
    z.object({
      sku: catalogSku,
      /** The ERP's price table row (pesos), or null while the SKU has none of its own. */
      price: priceView.nullable(),
      shelves: z.array(backOfficeStoreShelf),
    }),
  ),
  brands: z.array(named),
  /** Leaf categories, named by their path ('Lácteos › Leches › Leche entera'). */
  categories: z.array(named),
});
export type BackOfficeProduct = z.infer<typeof backOfficeProduct>;

export const backOfficeStockParams = z.object({
  skuId: z.string().regex(/^\d{1,9}$/),
  warehouseId: z.string().min(1).max(100),
});

/** Where a promotion stands at this moment: what a merchandiser reads in the list. */
export const PROMOTION_STATUSES = ['live', 'scheduled', 'ended', 'paused'] as const;

/** A promotion as the back office lists it: VTEX's shape with its references named, and its status. */
export const backOfficePromotion = calculatorConfiguration.extend({
  status: z.enum(PROMOTION_STATUSES),
  /** The stores whose sales channels it names, by name. */
  channels: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type BackOfficePromotion = z.infer<typeof backOfficePromotion>;

export const promotionActiveBody = z.object({ isActive: z.boolean() });

/**
 * A campaign's coupon (/api/admin/coupons): the code a shopper types and the promotion it unlocks, which the
 * engine prices as any promotion (its id is `coupon-{code}`).
 */
export const backOfficeCoupon = z.object({ couponCode: z.string(), promotion: backOfficePromotion });
export type BackOfficeCoupon = z.infer<typeof backOfficeCoupon>;

/** A code as typed (case and spaces do not matter): 3 to 30 letters, digits or dashes. */
export const couponParams = z.object({
  couponCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(CAMPAIGN_COUPON_CODE, 'De 3 a 30 letras, números o guiones'),
});

/** The promotion a coupon unlocks, in VTEX's calculator configuration shape (its id is the coupon's own). */
export const couponPromotionBody = calculatorConfigurationBody.omit({ idCalculatorConfiguration: true });
export type CouponPromotionBody = z.infer<typeof couponPromotionBody>;

/** The stores' sales channels a promotion or a preview can name (GET /api/admin/sales-channels). */
export const backOfficeSalesChannel = z.object({ salesChannel: z.number().int(), name: z.string() });
export type BackOfficeSalesChannel = z.infer<typeof backOfficeSalesChannel>;
