import { PERSISTED_DATA_DAYS } from '@despensa/domain';
import { cookieString, cookieValue } from '../../lib/cookies';

/** VTEX's cookie: `checkout.vtex.com=__ofid={orderFormId}` (§4 cart lifecycle). */
export const ORDER_FORM_COOKIE = 'checkout.vtex.com';
const MAX_AGE_S = PERSISTED_DATA_DAYS * 24 * 60 * 60;

export function orderFormIdFromCookie(cookieHeader: string | null): string | null {
  const value = cookieValue(cookieHeader, ORDER_FORM_COOKIE);
  if (!value?.startsWith('__ofid=') || value.length === '__ofid='.length) return null;
  try {
    return decodeURIComponent(value.slice('__ofid='.length));
  } catch {
    return null;
  }
}

/** The Set-Cookie value that remembers a cart for 30 days; scripts may read it (not httpOnly). */
export function orderFormCookie(orderFormId: string): string {
  return cookieString(ORDER_FORM_COOKIE, `__ofid=${encodeURIComponent(orderFormId)}`, MAX_AGE_S);
}

/** Set with the add-by-URL redirect: the page it lands on opens the minicart once, then drops it. */
export const OPEN_MINICART_COOKIE = 'despensa_minicart';

export function takeOpenMinicartFlag(): boolean {
  if (cookieValue(document.cookie, OPEN_MINICART_COOKIE) !== '1') return false;
  document.cookie = cookieString(OPEN_MINICART_COOKIE, '', 0);
  return true;
}
