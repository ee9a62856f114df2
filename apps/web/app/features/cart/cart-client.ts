import type { OrderForm } from '@despensa/contracts';
import { DATA_FETCH_RETRY_GAP_MS, RETRY_LIMIT } from '@despensa/domain';
import { raiseServiceUnavailable } from '../../lib/events';
import { logger } from '../../lib/logger';
import type { CartActionResult } from './cart-intents';
import { queueCartChangeOffline } from '../platform/offline-cart';

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

/** A request the browser could not complete at all (Chrome, Firefox and Safari word it so). */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/**
 * A call the page gave up: a newer change on the same fetcher replaced it, or the shopper left. Not a
 * failure: sending it again would put the older change back after the newer one.
 */
function isAbandoned(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A retry as a plain request to the resource route (React Router answers a route's first call only once). */
async function resend(request: Request, body?: string): Promise<CartActionResult> {
  const { pathname, search } = new URL(request.url);
  const method = body === undefined ? 'GET' : 'POST';
  const response = await fetch(pathname + search, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body }),
  });
  if (response.status >= 500) throw new Error(`${method} ${pathname}: ${response.status}`);
  return (await response.json()) as CartActionResult;
}

/**
 * §8 for the cart's calls: an answer with a status and a message (the server failed) is retried up to
 * RETRY_LIMIT times, DATA_FETCH_RETRY_GAP_MS apart; if it still fails, the cached cart is shown
 * read-only with a notice. A network failure raises error_503 and changes nothing. A refusal the
 * server meant (400: no stock, unknown sku) is an answer, not a failure; an abandoned call is neither.
 */
export async function withCartResilience(
  first: () => Promise<CartActionResult>,
  again: () => Promise<CartActionResult>,
): Promise<CartActionResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await (attempt === 0 ? first() : again());
    } catch (error) {
      // React Router drops an abandoned call's outcome: let it.
      if (isAbandoned(error)) throw error;
      if (isNetworkFailure(error)) {
        logger.error('cart call failed on the network', String(error));
        raiseServiceUnavailable();
        return { orderForm: null };
      }
      logger.error('cart call failed', attempt + 1, String(error));
      if (attempt < RETRY_LIMIT) {
        await wait(DATA_FETCH_RETRY_GAP_MS);
        continue;
      }
      return cachedCartFallback();
    }
  }
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
    () => resend(request, body),
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
    () => resend(request),
  );
}
