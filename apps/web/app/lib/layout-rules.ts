/**
 * §2 layout rules: which header and footer a path gets. Paths are matched the way the spec words them
 * ("containing /checkout"), so /checkout/orderPlaced and /checkout/pago are checkout too.
 */
export type HeaderKind = 'main' | 'checkout' | 'none';
export type FooterKind = 'general' | 'minimal' | 'none';

const CART_PATHS = ['/mi-carro', '/_secure/cart', '/carrito-receta'];
const LOGIN_PATHS = ['/login-page'];
const MINIMAL_FOOTER_PATHS = ['/cupones'];

function startsWithAny(pathname: string, paths: string[]): boolean {
  return paths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

export function isCheckoutPath(pathname: string): boolean {
  return pathname.includes('/checkout');
}

export function headerFor(pathname: string): HeaderKind {
  if (isCheckoutPath(pathname)) return 'checkout';
  if (startsWithAny(pathname, CART_PATHS) || startsWithAny(pathname, LOGIN_PATHS)) return 'none';
  return 'main';
}

export function footerFor(pathname: string, search: string): FooterKind {
  if (new URLSearchParams(search).get('source') === 'app') return 'none';
  if (
    startsWithAny(pathname, CART_PATHS) ||
    startsWithAny(pathname, LOGIN_PATHS) ||
    isCheckoutPath(pathname) ||
    startsWithAny(pathname, ['/new-checkout'])
  ) {
    return 'none';
  }
  return startsWithAny(pathname, MINIMAL_FOOTER_PATHS) ? 'minimal' : 'general';
}

/**
 * The store-operations console and the back office have their own layout: none of the shop's header,
 * footer, cart or dialogs.
 */
export function isConsolePath(pathname: string): boolean {
  return startsWithAny(pathname, ['/operaciones', '/admin']);
}
