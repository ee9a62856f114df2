import { SHARED_PAGE_HEADER, type SharedPageVariant, type StorefrontServices } from '@despensa/contracts';
import { headerAccount } from '../features/account/account-server';
import { PENDING_ACCOUNT } from '../features/account/account-types';
import { pageCart } from '../features/cart/cart-server';
import { deliveryChoiceFromCookie } from '../features/delivery/choice-cookie';
import { chosenWindowOf } from '../features/delivery/delivery-server';
import { shopperFeatures } from '../features/lists/shopper-features';
import { platformData } from '../features/platform/platform-server';

/**
 * What a page shows of this shopper and nobody else: their cart, who is logged in (or that their session
 * is over), their hearts and lists, their delivery choice (with its address) and the window their cart
 * holds. The root loader renders it into a page of their own; a shared page (apps/server
 * http/page-cache.ts) leaves it out and the browser reads it from /comprador/partes.
 */
export async function shopperParts(services: StorefrontServices, request: Request) {
  const [cart, account] = await Promise.all([
    // §4: the cookie's cart; a failed read is flagged (`cartReadFailed`) for the §8 cached-cart fallback.
    pageCart(services, request),
    // Who is logged in, for the header; null for a visitor (no cookie costs no query). A shared page
    // asked for with a session cookie never sees it: there the account is pending until the parts arrive.
    sharedRenderOf(request) === 'session' ? PENDING_ACCOUNT : headerAccount(services, request),
  ]);
  // §4: the persisted delivery choice (mode, channel, store), null until the shopper chooses.
  const delivery = deliveryChoiceFromCookie(request.headers.get('cookie'));
  const [deliveryWindow, features] = await Promise.all([
    // The window the cart holds under that choice, with its fee, for the header and the cart's summary.
    chosenWindowOf(services, cart.orderForm, delivery),
    // §9 flags (menu entries, hearts, list buttons) and the shopper's hearts and lists.
    shopperFeatures(services, request, account.customer !== null),
  ]);
  return {
    ...cart,
    account,
    delivery,
    deliveryWindow,
    features,
    // §1 supporting features: analytics consent, bots (§4), the performance monitor's shopper.
    platform: platformData(request, account),
  };
}

export type ShopperParts = Awaited<ReturnType<typeof shopperParts>>;

/** Which shared page this render is, or null for a shopper's own page. */
function sharedRenderOf(request: Request): SharedPageVariant | null {
  return request.headers.get(SHARED_PAGE_HEADER) as SharedPageVariant | null;
}

/**
 * 'client' when this render is a shared page for a shopper with parts of their own (session, cart,
 * address), which the browser then fills in; 'page' when the page carries them (or has none to carry).
 */
export function shopperPartsSource(request: Request): 'page' | 'client' {
  const shared = sharedRenderOf(request);
  return shared === 'fill' || shared === 'session' ? 'client' : 'page';
}

/** This render is a shared page: the page cache keeps its whole body, so it need not stream. */
export function isSharedRender(request: Request): boolean {
  return sharedRenderOf(request) !== null;
}
