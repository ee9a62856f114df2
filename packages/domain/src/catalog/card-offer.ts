/**
 * The offer a product card (and a product page) sells: the first in-stock offer, skus and their sellers in
 * catalogue order (the chain first); with none in stock, the first offer at all. Null when nobody sells it.
 * Callers pass only priced offers (§5: items with no price are skipped).
 */
export function cardOffer<Sku, Offer>(
  skus: readonly Sku[],
  offersOf: (sku: Sku) => readonly Offer[],
  inStock: (offer: Offer) => boolean,
): { sku: Sku; offer: Offer } | null {
  let fallback: { sku: Sku; offer: Offer } | null = null;
  for (const sku of skus) {
    for (const offer of offersOf(sku)) {
      if (inStock(offer)) return { sku, offer };
      fallback ??= { sku, offer };
    }
  }
  return fallback;
}
