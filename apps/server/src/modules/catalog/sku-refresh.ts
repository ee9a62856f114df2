import type { Db } from '../../db/client';
import type { CatalogIndex, ChangedProduct, ProductDoc } from './catalog-index';
import { offersOf, type ChangedInPlace } from './integration-writes';

/**
 * The ids named in a catalog_skus_changed or catalog_products_changed payload (`{"skus":[…]}`,
 * `{"products":[…]}`), or null when it is not one.
 */
export function idsOfPayload(payload: string | undefined, kind: ChangedInPlace): number[] | null {
  try {
    const ids = (JSON.parse(payload ?? '') as Record<string, unknown>)[kind];
    return Array.isArray(ids) && ids.every((each) => Number.isInteger(each)) ? (ids as number[]) : null;
  } catch {
    return null;
  }
}

/** One offer's stock as migration 0014's trigger tells it (stock_changed). */
export type StockChange = [skuId: number, salesChannel: number, sellerId: string, quantity: number];

/** The offer and its new stock in a stock_changed payload (`[skuId, salesChannel, sellerId, quantity]`), or null. */
export function stockChangeOf(payload: string | undefined): StockChange | null {
  let offer: unknown;
  try {
    offer = JSON.parse(payload ?? '');
  } catch {
    return null;
  }
  const [skuId, salesChannel, sellerId, quantity] = Array.isArray(offer) ? offer : [];
  return typeof skuId === 'number' &&
    typeof salesChannel === 'number' &&
    typeof sellerId === 'string' &&
    typeof quantity === 'number'
    ? [skuId, salesChannel, sellerId, quantity]
    : null;
}

/**
 * Reads these SKUs' offers as stored and patches their prices into the index: only their products change,
 * nothing is rebuilt. `complete` is false when the index lacks an offer (a new one): the caller rebuilds.
 */
export async function refreshSkuPrices(
  index: CatalogIndex,
  db: Db,
  skuIds: number[],
): Promise<{ products: ProductDoc[]; complete: boolean }> {
  let complete = true;
  for (const offer of await offersOf(db, skuIds)) complete = index.setOfferPrice(offer) && complete;
  const products = new Map<number, ProductDoc>();
  for (const skuId of skuIds) {
    const product = index.skusById.get(skuId)?.product;
    if (product) products.set(product.id, product);
    else complete = false;
  }
  return { products: [...products.values()], complete };
}

export function changedProductOf(product: ProductDoc): ChangedProduct {
  return { slug: product.slug, categoryPaths: product.categoryChain.map((category) => category.path) };
}
