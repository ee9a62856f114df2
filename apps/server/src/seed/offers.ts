import type { SeedProduct } from './catalogue/types';
import type { SeedStore } from './stores/types';

/** [skuId, salesChannel, sellerId, price, listPrice, availableQuantity] — the sku_offer columns. */
export type OfferTuple = [number, number, string, number, number, number];

const ONLINE_CHANNEL = 1;

/**
 * Prices and stock per sales channel, derived deterministically from each sku's base price:
 * channel 1 is the online default; every store prices a little differently, misses a few products
 * and has some out of stock, as real stores do.
 */
export function* offersFor(product: SeedProduct, stores: SeedStore[]): Generator<OfferTuple> {
  for (const sku of product.skus) {
    const online = pricesFor(sku.basePrice, sku.offerPercent, 1);
    yield [sku.id, ONLINE_CHANNEL, '1', online.price, online.listPrice, stock(sku.id, ONLINE_CHANNEL, 0.015)];
    for (const store of stores) {
      const roll = unit(sku.id, store.salesChannel, 1);
      if (roll < 0.03) continue; // not sold in this store
      const factor = 0.96 + unit(product.id, store.salesChannel, 2) * 0.1;
      const localOffer =
        sku.offerPercent === 0 && unit(sku.id, store.salesChannel, 3) < 0.03 ? 15 : sku.offerPercent;
      const prices = pricesFor(sku.basePrice, localOffer, factor);
      yield [
        sku.id,
        store.salesChannel,
        '1',
        prices.price,
        prices.listPrice,
        stock(sku.id, store.salesChannel, 0.02),
      ];
    }
    for (const marketplace of product.marketplaceOffers) {
      const prices = pricesFor(sku.basePrice, 0, marketplace.priceFactor);
      yield [
        sku.id,
        ONLINE_CHANNEL,
        marketplace.sellerId,
        prices.price,
        prices.listPrice,
        stock(sku.id, 900, 0.05),
      ];
    }
  }
}

/** Prices end in a whole ten of pesos, as shelf prices do. */
function pricesFor(
  basePrice: number,
  offerPercent: number,
  factor: number,
): { price: number; listPrice: number } {
  const listPrice = roundToTenPesos(basePrice * factor);
  const price = offerPercent > 0 ? roundToTenPesos(listPrice * (1 - offerPercent / 100)) : listPrice;
  return { price: Math.max(1000, price), listPrice: Math.max(1000, listPrice) };
}

function roundToTenPesos(cents: number): number {
  return Math.round(cents / 1000) * 1000;
}

function stock(skuId: number, channel: number, outOfStockShare: number): number {
  return unit(skuId, channel, 4) < outOfStockShare ? 0 : 5 + Math.floor(unit(skuId, channel, 5) * 300);
}

/** A stateless, deterministic number in [0, 1) for (a, b, salt). */
function unit(a: number, b: number, salt: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + salt * 0x27d4eb2f, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}
