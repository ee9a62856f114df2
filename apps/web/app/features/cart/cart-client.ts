import type { OrderForm } from '@despensa/contracts';
import { resendToRoute, routeCallWithRetries } from '../../lib/route-calls';
import { logger } from '../../lib/logger';
import type { CartActionResult } from './cart-intents';
import { queueCartChangeOffline } from '../platform';

/** Where the last orderForm the server answered is kept, for §8's cached-cart fallback. */
export const CART_CACHE_KEY = 'despensa:cart';
export const CART_FALLBACK_NOTICE =
  'No pudimos actualizar tu carro. Te mostramos el último carro guardado; inténtalo de nuevo en unos minutos.';

/** Keeps the last good orderForm (a full cart is a few hundred kB: far below the storage quota). */
export function cacheOrderForm(orderForm: OrderForm): void {
  try {
    localStorage.setItem(CART_CACHE_KEY, JSON.stringify(orderForm));
  } catch (error) {
    logger.debug('cart cache not written', String(error));
  }
}

export function cachedOrderForm(): OrderForm | null {
  try {
    const stored = localStorage.getItem(CART_CACHE_KEY);
    return stored ? (JSON.parse(stored) as OrderForm) : null;
  } catch {
    return null;
  }
}

/**
 * §8's fallback when the server cannot give the cart (a call kept failing, or the page's own read failed):
 * the cached cart, shown read-only with the notice until `retry` reads it again.
 */
export function cachedCartFallback(): CartActionResult {
  return { orderForm: cachedOrderForm(), error: CART_FALLBACK_NOTICE, readOnly: true };
}

/** §8 for the cart's calls: retried, then the cached cart read-only with its notice (routeCallWithRetries). */
function withCartResilience(
  first: () => Promise<CartActionResult>,
  again: () => Promise<CartActionResult>,
): Promise<CartActionResult> {
  return routeCallWithRetries('cart', 'cart call', first, again, {
    gaveUp: cachedCartFallback,
    offline: () => ({ orderForm: null }),
  });
}

/** The cart route's clientAction: the change, with §8's retries and fallback. */
export async function cartClientAction({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<unknown>;
}): Promise<CartActionResult> {
  const body = await request.clone().text();
  if (!navigator.onLine) {
    const { pathname, search } = new URL(request.url);
    const queued = await queueCartChangeOffline(pathname + search, body, cachedOrderForm());
    if (queued) return queued;
  }
  return withCartResilience(
    () => serverAction() as Promise<CartActionResult>,
    () => resendToRoute<CartActionResult>(request, body),
  );
}

/** The cart route's clientLoader (a tab refreshing its cart), with the same §8 handling. */
export function cartClientLoader({
  request,
  serverLoader,
}: {
  request: Request;
  serverLoader: () => Promise<unknown>;
}): Promise<CartActionResult> {
  return withCartResilience(
    () => serverLoader() as Promise<CartActionResult>,
    () => resendToRoute<CartActionResult>(request),
  );
}
