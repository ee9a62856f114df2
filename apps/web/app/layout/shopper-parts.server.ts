import type { StorefrontServices } from '@despensa/contracts';
import { headerAccount } from '../features/account/account-server';
import { pageCart } from '../features/cart/cart-server';
import { deliveryChoiceFromCookie } from '../features/delivery/choice-cookie';
import { chosenWindowOf } from '../features/delivery/delivery-server';

/**
 * What a page shows of this shopper and nobody else: their cart, who is logged in, their delivery choice
 * (with its address) and the window their cart holds. The root loader renders it into a page of their
 * own; a shared page (apps/server http/page-cache.ts) leaves it out and the browser reads it from
 * /comprador/partes.
 */
export async function shopperParts(services: StorefrontServices, request: Request) {
  const [cart, account] = await Promise.all([
    // §4: the cookie's cart; a failed read is flagged (`cartReadFailed`) for the §8 cached-cart fallback.
    pageCart(services, request),
    // Who is logged in, for the header; null for a visitor (no cookie costs no query).
    headerAccount(services, request),
  ]);
  // §4: the persisted delivery choice (mode, channel, store), null until the shopper chooses.
  const delivery = deliveryChoiceFromCookie(request.headers.get('cookie'));
  return {
    ...cart,
    account,
    delivery,
    // The window the cart holds under that choice, with its fee, for the header and the cart's summary.
    deliveryWindow: await chosenWindowOf(services, cart.orderForm, delivery),
  };
}

export type ShopperParts = Awaited<ReturnType<typeof shopperParts>>;

/** Set by the server (apps/server/src/http/page-cache.ts) on the render of a shared page; never by a client. */
const SHARED_PAGE_HEADER = 'x-despensa-shared-page';

/**
 * 'client' when this render is a shared page for a shopper with parts of their own (session, cart,
 * address), which the browser then fills in; 'page' when the page carries them (or has none to carry).
 */
export function shopperPartsSource(request: Request): 'page' | 'client' {
  return request.headers.get(SHARED_PAGE_HEADER) === 'fill' ? 'client' : 'page';
}

/** This render is a shared page: the page cache keeps its whole body, so it need not stream. */
export function isSharedRender(request: Request): boolean {
  return request.headers.has(SHARED_PAGE_HEADER);
}
