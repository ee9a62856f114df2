import { data } from 'react-router';
import { failureCodeOf, type FailureCode, type Product, type StorefrontServices } from '@despensa/contracts';
import { CATALOG_ID_CHUNK, DEFAULT_SALES_CHANNEL, lookUpInChunks } from '@despensa/domain';
import { deliveryChoiceFromCookie } from '../delivery/server';

/** The failures by which the catalogue and content services say a product, category or page is not there. */
const NOT_THERE: ReadonlySet<FailureCode | undefined> = new Set<FailureCode>([
  'productNotFound',
  'categoryNotFound',
  'collectionNotFound',
  'contentNotFound',
]);

/** Runs a catalogue read and turns "not found" into a 404 response for the route's error boundary. */
export async function orNotFound<T>(read: () => T | Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (NOT_THERE.has(failureCodeOf(error))) throw notFound();
    throw error;
  }
}

export function notFound() {
  return data(null, { status: 404 });
}

/**
 * The shopper's sales channel: the persisted delivery choice's (§4, 30-day cookie), else the default
 * channel. This is the one place loaders read it from the request.
 */
export function salesChannelOf(request: Request): number {
  return deliveryChoiceFromCookie(request.headers.get('cookie'))?.salesChannel ?? DEFAULT_SALES_CHANNEL;
}

/**
 * The products of many skus, asked of the catalogue CATALOG_ID_CHUNK ids at a time (§5, §9); a product
 * two chunks both hold is kept once, as one lookup would.
 */
export function productsOfSkusInChunks(
  services: Pick<StorefrontServices, 'catalog'>,
  skuIds: readonly string[],
  salesChannel: number,
): Product[] {
  const products = lookUpInChunks(skuIds, CATALOG_ID_CHUNK, (ids) =>
    services.catalog.productsOfSkus(ids, salesChannel),
  );
  const seen = new Set<string>();
  return products.filter((product) => !seen.has(product.productId) && seen.add(product.productId));
}
