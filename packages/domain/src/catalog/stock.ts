import { GLOBAL_MAX_ITEMS_PER_SKU } from '../constants';

/** The commertialOffer fields the §5 stock rules read. */
export interface OfferStock {
  ListPrice: number;
  AvailableQuantity: number;
}

/** §5: in stock when ListPrice is non-zero and AvailableQuantity positive. */
export function isInStock(offer: OfferStock): boolean {
  return Number.isFinite(offer.ListPrice) && offer.ListPrice !== 0 && offer.AvailableQuantity > 0;
}

/** §5 "items with no price are skipped": the catalogue sends Price 0 (or nothing) for unpriced items. */
export function hasPrice(offer: { Price?: number | null }): boolean {
  return typeof offer.Price === 'number' && Number.isFinite(offer.Price) && offer.Price > 0;
}

/**
 * Units of a sku a shopper may add: its cart_limit capped at GLOBAL_MAX_ITEMS_PER_SKU. A missing, zero,
 * negative or non-numeric cart_limit means "not set" and yields the global maximum.
 */
export function itemPurchaseLimit(cartLimit?: number | null): number {
  if (typeof cartLimit !== 'number' || !Number.isFinite(cartLimit) || cartLimit < 1) {
    return GLOBAL_MAX_ITEMS_PER_SKU;
  }
  return Math.min(Math.floor(cartLimit), GLOBAL_MAX_ITEMS_PER_SKU);
}
