import { z } from 'zod';
import { catalogProduct, catalogSku, priceView } from './integration';
import { calculatorConfiguration } from './promotions-api';

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

/** The stores' sales channels a promotion or a preview can name (GET /api/admin/sales-channels). */
export const backOfficeSalesChannel = z.object({ salesChannel: z.number().int(), name: z.string() });
export type BackOfficeSalesChannel = z.infer<typeof backOfficeSalesChannel>;
