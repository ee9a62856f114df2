import type { PageType } from '@despensa/contracts';

const LISTING_ROUTES = new Set([
  'routes/search',
  'search:busqueda',
  'routes/category',
  'routes/offer',
  'routes/cyber',
  'routes/empty-search',
]);

/** The kind of page analytics and the Core Web Vitals are reported by, from the path and its route. */
export function pageTypeOf(pathname: string, routeId: string | undefined): PageType {
  if (/^\/(new-)?checkout(\/|$)/.test(pathname)) return 'checkout';
  if (!routeId) return 'other';
  if (routeId === 'routes/home' || routeId.startsWith('home:')) return 'home';
  if (routeId === 'routes/product' || routeId === 'routes/product-rating') return 'product';
  if (LISTING_ROUTES.has(routeId)) return 'listing';
  if (routeId === 'routes/cart' || routeId.startsWith('cart:')) return 'cart';
  return 'other';
}
