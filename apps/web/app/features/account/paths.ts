import { isCheckoutPath } from '../../lib/layout-rules';

/** §2: the login page; `?callback={path}` is where it returns after login. */
export const LOGIN_PAGE_PATH = '/login-page';
/** The personal-data page (my data and the address book). */
export const MY_DATA_PATH = '/mis-datos';
/** The resource route that ends the session (POST). */
export const LOGOUT_PATH = '/logout';

/** §2 private pages: an anonymous visitor is sent to the login page. Prefixes cover their sub-paths. */
const PRIVATE_PREFIXES = [
  '/_secure',
  // §6: checkout needs a logged-in customer.
  '/checkout',
  '/new-checkout',
  '/mis-datos',
  '/mis-compras',
  '/mis-compras-antiguas',
  '/mis-listas-de-compras',
  '/mis-tarjetas',
  '/mi-cuenta/prime',
  '/mi-cuenta-bancaria',
  '/mi-cupon',
  '/micupon',
  '/descuentos-mas-puntos',
  '/productos-frecuentes',
  '/productos-favoritos',
  '/lista-de-compra',
];

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** §2: logout from a secure (private) or checkout page goes to /; elsewhere the shopper stays. */
export function pathAfterLogout(current: string): string {
  const pathname = current.split(/[?#]/)[0] ?? '/';
  return isPrivatePath(pathname) || isCheckoutPath(pathname) ? '/' : safeLocalPath(current);
}

/**
 * A same-origin path from untrusted input (the callback query, a form field), else '/'. Anything that
 * could leave the site ('//evil.com', '/\evil.com', 'https://…', 'javascript:…') is refused.
 */
export function safeLocalPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return '/';
  try {
    const base = 'http://despensa.invalid';
    const url = new URL(raw, base);
    if (url.origin !== base) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

export function loginPageUrl(callback: string): string {
  return `${LOGIN_PAGE_PATH}?callback=${encodeURIComponent(safeLocalPath(callback))}`;
}
