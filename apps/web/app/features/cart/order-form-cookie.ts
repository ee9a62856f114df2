import type { StorefrontServices } from '@despensa/contracts';
import {
  CART_KEY_COOKIE,
  ORDER_FORM_COOKIE,
  PERSISTED_DATA_MAX_AGE_S,
  orderFormCookieValue,
  orderFormIdOfCookie,
} from '@despensa/domain';
import { cookieString, cookieValue } from '../../lib/cookies';

type Carts = Pick<StorefrontServices['cart'], 'heldOrderFormId' | 'holdingKey'>;

/** The cart the cookie names, held or not: which cart to show (the cart service masks one not held). */
export function orderFormIdFromCookie(cookieHeader: string | null): string | null {
  return orderFormIdOfCookie(cookieValue(cookieHeader, ORDER_FORM_COOKIE));
}

/** The cart the request holds: the one its cart cookie names, when its key cookie is that cart's (issue 27). */
export function heldOrderFormIdIn(carts: Carts, request: Request): string | null {
  const header = request.headers.get('cookie');
  return carts.heldOrderFormId(cookieValue(header, ORDER_FORM_COOKIE), cookieValue(header, CART_KEY_COOKIE));
}

/**
 * The Set-Cookie values that hand this browser a cart for 30 days: the cart cookie, which scripts may
 * read (as VTEX's), and its key, which only the server reads (HttpOnly, Secure over https).
 */
export function orderFormCookies(carts: Carts, request: Request, orderFormId: string): string[] {
  const secure = new URL(request.url).protocol === 'https:';
  return [
    cookieString(ORDER_FORM_COOKIE, orderFormCookieValue(orderFormId), PERSISTED_DATA_MAX_AGE_S),
    cookieString(CART_KEY_COOKIE, carts.holdingKey(orderFormId), PERSISTED_DATA_MAX_AGE_S, {
      httpOnly: true,
      secure,
    }),
  ];
}

/** The Set-Cookie values that make this browser forget its cart (a logout). */
export function clearedOrderFormCookies(): string[] {
  return [cookieString(ORDER_FORM_COOKIE, '', 0), cookieString(CART_KEY_COOKIE, '', 0, { httpOnly: true })];
}

/**
 * Set with the add-by-URL redirect: the page it lands on (`landing`, its path) opens the minicart once,
 * then drops it; a shopper who moved on before that page started finds it dropped, not opened over
 * another page. It carries the add's notes (a limit hit, products refused), which the minicart shows.
 */
const OPEN_MINICART_COOKIE = 'despensa_minicart';

export function openMinicartCookie(notes: string[], landing: string): string {
  const path = new URL(landing, 'http://shop').pathname;
  return cookieString(OPEN_MINICART_COOKIE, encodeURIComponent(JSON.stringify({ notes, path })), 60);
}

/** The add-by-URL flag's notes, taken once; null when no add-by-URL redirect led to this page. */
export function takeOpenMinicartFlag(pathname: string): string[] | null {
  const value = cookieValue(document.cookie, OPEN_MINICART_COOKIE);
  if (value === null || value === '') return null;
  document.cookie = cookieString(OPEN_MINICART_COOKIE, '', 0);
  try {
    const flag = JSON.parse(decodeURIComponent(value)) as { notes?: unknown; path?: unknown };
    if (flag.path !== pathname) return null;
    const notes = Array.isArray(flag.notes) ? flag.notes : [];
    return notes.filter((note): note is string => typeof note === 'string');
  } catch {
    return null;
  }
}
