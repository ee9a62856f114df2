import { ORDER_FORM_ID_LENGTH_THRESHOLD } from '../constants';

/** §4: a stored orderFormId loads its cart only if longer than 15 characters. */
export function isValidOrderFormId(id: string | null | undefined): id is string {
  return typeof id === 'string' && id.length > ORDER_FORM_ID_LENGTH_THRESHOLD;
}

/** VTEX's cart cookie (§4 cart lifecycle): `checkout.vtex.com=__ofid={orderFormId}`. */
export const ORDER_FORM_COOKIE = 'checkout.vtex.com';

/**
 * The cart's key, HttpOnly beside the cart cookie (issue 27): the id names a cart, the key holds it. Set
 * and read by the server only.
 */
export const CART_KEY_COOKIE = 'despensa_cart_key';

/** The orderFormId a cart cookie's value names (still URI-encoded, as a Cookie header has it), or null. */
export function orderFormIdOfCookie(value: string | null | undefined): string | null {
  if (!value?.startsWith('__ofid=') || value.length === '__ofid='.length) return null;
  try {
    return decodeURIComponent(value.slice('__ofid='.length));
  } catch {
    return null;
  }
}

/** A cart cookie's value for an orderFormId. */
export function orderFormCookieValue(orderFormId: string): string {
  return `__ofid=${encodeURIComponent(orderFormId)}`;
}
