import { PERSISTED_DATA_DAYS } from '@despensa/domain';

/** VTEX's cookie: `checkout.vtex.com=__ofid={orderFormId}` (§4 cart lifecycle). */
export const ORDER_FORM_COOKIE = 'checkout.vtex.com';
const MAX_AGE_S = PERSISTED_DATA_DAYS * 24 * 60 * 60;

export function orderFormIdFromCookie(cookieHeader: string | null): string | null {
  const match = /(?:^|;\s*)checkout\.vtex\.com=__ofid=([^;]*)/.exec(cookieHeader ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The Set-Cookie value that remembers a cart for 30 days; scripts may read it (not httpOnly). */
export function orderFormCookie(orderFormId: string): string {
  return `${ORDER_FORM_COOKIE}=__ofid=${encodeURIComponent(orderFormId)}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax`;
}

/** Set with the add-by-URL redirect: the page it lands on opens the minicart once, then drops it. */
export const OPEN_MINICART_COOKIE = 'despensa_minicart';

export function takeOpenMinicartFlag(): boolean {
  if (!new RegExp(`(?:^|;\\s*)${OPEN_MINICART_COOKIE}=1`).test(document.cookie)) return false;
  document.cookie = `${OPEN_MINICART_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  return true;
}
