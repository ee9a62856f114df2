import {
  ORDER_FORM_COOKIE,
  PERSISTED_DATA_MAX_AGE_S,
  orderFormCookieValue,
  orderFormIdOfCookie,
} from '@despensa/domain';
import { cookieString, cookieValue } from '../../lib/cookies';

export function orderFormIdFromCookie(cookieHeader: string | null): string | null {
  return orderFormIdOfCookie(cookieValue(cookieHeader, ORDER_FORM_COOKIE));
}

/** The Set-Cookie value that remembers a cart for 30 days; scripts may read it (not httpOnly). */
export function orderFormCookie(orderFormId: string): string {
  return cookieString(ORDER_FORM_COOKIE, orderFormCookieValue(orderFormId), PERSISTED_DATA_MAX_AGE_S);
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
