import { type RouteConfig, index, route } from '@react-router/dev/routes';

/**
 * One page module at several paths: the first keeps the module's own route id, each other path (named by
 * its key) gets the id `<module>:<key>`.
 */
function samePage(file: string, path: string, others: Record<string, string>) {
  const module = file.replace(/^routes\/|\.tsx?$/g, '');
  return [
    route(path, file),
    ...Object.entries(others).map(([key, other]) => route(other, file, { id: `${module}:${key}` })),
  ];
}

/** Every path of the §2 routes table; a route module used for several paths gets one id per path. */

export default [
  index('routes/home.tsx'),
  route('index.html', 'routes/home.tsx', { id: 'home:index.html' }),
  ...samePage('routes/account-login.tsx', 'login', { register: 'register' }),
  route('cencopay-success', 'routes/home.tsx', { id: 'home:cencopay-success' }),

  // Catalogue (storefront issue)
  route(':slug/p', 'routes/product.tsx'),
  route(':slug/p/rating', 'routes/product-rating.tsx'),
  ...samePage('routes/search.tsx', 'busca', { busqueda: 'busqueda/:category1?/:category2?/:category3?' }),
  route('oferta/:slug', 'routes/offer.tsx'),
  route('cyber', 'routes/cyber.tsx'),
  route('Sistema/busquedavacia', 'routes/empty-search.tsx'),
  route('Sistema/404', 'routes/not-found.tsx', { id: 'not-found:sistema' }),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('manifest.webmanifest', 'routes/manifest.ts'),

  // Content
  ...samePage('routes/stores.tsx', 'locales', { institucional: 'institucional/locales-santa-isabel' }),
  route('institucional/:slug', 'routes/institutional.tsx'),
  route('informaciones/:slug?', 'routes/information.tsx'),
  route('informaciones-legales/:slug?', 'routes/legal.tsx'),
  route('plan-por-el-futuro/:path?', 'routes/sustainability.tsx'),

  // Cart
  ...samePage('routes/cart.tsx', 'mi-carro', { secure: '_secure/cart', recipe: 'carrito-receta' }),
  route('carro/acciones', 'routes/cart-action.ts'),

  // Delivery (selector data and the §4 mode change)
  route('entrega/acciones', 'routes/delivery-action.ts'),

  // Checkout (§2, §4 purchase flow); /checkout/pagar and /checkout/retorno are the server's own pages.
  ...samePage('routes/checkout.tsx', 'checkout', { step: 'checkout/:step' }),
  route('checkout/orderPlaced', 'routes/order-placed.tsx'),
  // The §2 checkout variant: the same checkout, which sends the shopper on to their first incomplete step.
  route('new-checkout', 'routes/checkout.tsx', { id: 'checkout:new' }),

  // Accounts
  route('login-page', 'routes/account-login-page.tsx'),
  route('mis-datos', 'routes/account-my-data.tsx'),
  route('logout', 'routes/account-logout.ts'),
  // A shared page's own parts (cart, greeting, address), read by the browser (layout/use-shopper-parts.ts).
  route('comprador/partes', 'routes/shopper-parts.ts'),

  // Purchases (orders after checkout)
  ...samePage('routes/purchases.tsx', 'mis-compras', { antiguas: 'mis-compras-antiguas' }),
  ...samePage('routes/purchase-detail.tsx', 'mis-compras/:orderId', {
    antiguas: 'mis-compras-antiguas/:orderId',
    status: '_secure/order/status/:orderId',
  }),
  // The staff console (its own layout and staff login): the store's orders, the merchandisers' dashboard
  route('operaciones', 'routes/operations-layout.tsx', [
    route('analitica', 'routes/operations-analytics.tsx'),
    index('routes/operations-board.tsx'),
    route('ingreso', 'routes/operations-login.tsx'),
    route('salir', 'routes/operations-logout.ts'),
    route('pedidos/:orderId', 'routes/operations-order.tsx'),
  ]),
  // The back office (issue 30): behind the console's staff login, each page for the roles it serves
  route('admin', 'routes/admin-layout.tsx', [
    index('routes/admin-home.tsx'),
    route('catalogo', 'routes/admin-catalog.tsx'),
    route('catalogo/:productId', 'routes/admin-product.tsx'),
    route('busquedas-populares', 'routes/admin-popular-searches.tsx'),
    route('promociones', 'routes/admin-promotions.tsx'),
    route('promociones/nueva', 'routes/admin-promotion.tsx', { id: 'routes/admin-promotion-new' }),
    route('promociones/:promotionId', 'routes/admin-promotion.tsx'),
    route('cupones', 'routes/admin-coupons.tsx'),
    route('cupones/nuevo', 'routes/admin-coupon.tsx', { id: 'routes/admin-coupon-new' }),
    route('cupones/:couponCode', 'routes/admin-coupon.tsx'),
    route('claves', 'routes/admin-keys.tsx'),
    route('precios', 'routes/admin-pricing.tsx'),
    route('contenido', 'routes/admin-content.tsx'),
    route('contenido/:key', 'routes/admin-content-edit.tsx'),
    route('registro', 'routes/admin-audit.tsx'),
    route('pedidos', 'routes/admin-orders.tsx'),
    route('pedidos/:orderId', 'routes/admin-order.tsx'),
    route('ofertas', 'routes/admin-offers.tsx'),
    route('tiendas', 'routes/admin-stores.tsx'),
    route('tiendas/:storeId', 'routes/admin-store.tsx'),
    route('personal', 'routes/admin-staff.tsx'),
    route('funciones', 'routes/admin-flags.tsx'),
  ]),

  // Lists, favourites and frequent products (each behind its §9 flag)
  route('lista-de-compra', 'routes/shopping-list.tsx'),
  // A recurring list's built basket for one delivery (the review link of its e-mail and push)
  route('lista-de-compra/entrega', 'routes/list-basket.tsx'),
  ...samePage('routes/shopping-lists.tsx', 'mis-listas-de-compras', { secure: '_secure/listas-de-compras' }),
  route('listas/acciones', 'routes/lists-action.ts'),
  route('productos-favoritos', 'routes/favourite-products.tsx'),
  route('favoritos/acciones', 'routes/favourites-action.ts'),
  route('productos-frecuentes', 'routes/frequent-products.tsx'),
  route('mi-cuenta-bancaria', 'routes/bank-account.tsx'),

  // Prime (flag prime) and loyalty (flag loyalty; §6 employees under the employee flag)
  route('mi-cuenta/prime', 'routes/prime.tsx'),
  ...samePage('routes/loyalty.tsx', 'mi-cupon', {
    micupon: 'micupon',
    'descuentos-mas-puntos': 'descuentos-mas-puntos',
  }),
  route('cupones', 'routes/coupons.tsx'),

  // Payments: saved cards and the wallet
  route('mis-tarjetas', 'routes/saved-cards.tsx'),
  route('cencopay/vinculacion', 'routes/wallet-link.tsx'),
  route('billetera/vinculacion', 'routes/wallet-link-action.ts'),

  // The category catch-all comes last in meaning; React Router ranks the static paths above it.
  route(':category1/:category2?/:category3?', 'routes/category.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
