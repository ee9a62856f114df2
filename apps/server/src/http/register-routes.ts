import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { catalogRoutes } from './routes/catalog';
import { livePaymentsSource } from '../modules/cart/payment-data';
import { cartRoutes } from './routes/cart';
import { contentRoutes } from './routes/content';
import { mediaRoutes } from './routes/media';
import { monitoringRoutes } from './routes/monitoring';
import { newsletterRoutes } from './routes/newsletter';
import { shippingRoutes } from './routes/shipping';
import { authRoutes } from './routes/auth';
import { userRoutes } from './routes/user';
import { addressRoutes } from './routes/address';
import { walletRoutes } from './routes/wallet';
import { ordersRoutes } from './routes/orders/checkout';
import { purchaseRoutes } from './routes/orders/purchases';
import { afterPurchaseRoutes } from './routes/orders/after-purchase';
import { operationsRoutes } from './routes/operations';
import { staffGuard } from './staff';
import { backOfficeRoutes } from './routes/admin';
import { analyticsRoutes } from './routes/analytics';
import { pushRoutes } from './routes/push';
import { flagsRoutes } from './routes/flags';
import { listsRoutes } from './routes/lists';
import { favouritesRoutes } from './routes/favourites';
import { bankAccountRoutes } from './routes/bank-account';
import { primeRoutes } from './routes/prime';
import { loyaltyRoutes } from './routes/loyalty';
import { paymentPages } from './routes/payment-pages';
import { transbankSandboxRoutes } from '../providers/acquirer/sandbox/routes';
import { nominatimSandboxRoutes } from '../providers/geocoder/sandbox';
import { devOutboxRoutes } from '../providers/mail/routes';
import { SandboxMailer } from '../providers/mail/sandbox';
import { pushSandboxRoutes } from '../providers/push/sandbox/routes';
import type { Services } from '../wiring/services';
import type { Brands } from './brands';
import type { ShopServer } from './server';
import { optionalSession } from './session';

/** What the routes need besides the services. */
export interface RouteSetting {
  config: Config;
  database: Database;
  clock: () => Date;
  brands: Brands;
}

/** Every API route of the shop (and the sandboxes it serves itself), in the order they were added. */
export async function registerRoutes(app: ShopServer, services: Services, setting: RouteSetting) {
  await registerStorefrontRoutes(app, services, setting);
  await registerAfterPurchaseRoutes(app, services, setting);
  // A chain's staff and its ERP (issue 30): the back office and the integration APIs in VTEX's shapes.
  await app.register(backOfficeRoutes(setting.database, services, setting.clock));
}

/** The storefront's API: catalogue, content, cart, account, addresses and delivery. */
async function registerStorefrontRoutes(
  app: ShopServer,
  {
    catalog,
    content,
    newsletter,
    cart,
    auth,
    users,
    addresses,
    delivery,
    shipping,
    flags,
    orders,
    registration,
  }: Services,
  { config, database, clock, brands }: RouteSetting,
) {
  const brandNameOf = brands.nameOf;
  await app.register(catalogRoutes(catalog, flags, ...boughtSkus({ auth, users, orders })));
  await app.register(contentRoutes(content, brandNameOf));
  await app.register(mediaRoutes(catalog, content, config));
  await app.register(newsletterRoutes(newsletter));
  await app.register(monitoringRoutes(clock));
  const livePayments = livePaymentsSource(flags, brandNameOf, clock);
  await app.register(cartRoutes(cart, auth, flags, livePayments));
  await app.register(authRoutes(auth, brandNameOf));
  await app.register(userRoutes(users, auth, cart, registration));
  await app.register(addressRoutes(addresses, auth, brandNameOf));
  await app.register(shippingRoutes(delivery, shipping, cart, auth, livePayments));
  await app.register(transbankSandboxRoutes(database.db, clock));
  await app.register(nominatimSandboxRoutes());
}

/**
 * The skus the session's shopper bought: for 'buy again' always, and for the search's clustering only
 * when their profile asks for it (null without a session).
 */
function boughtSkus({ auth, users, orders }: Pick<Services, 'auth' | 'users' | 'orders'>) {
  return [
    async (request: FastifyRequest) => {
      const session = await optionalSession(auth, request);
      return session ? orders.boughtSkus(session.userId) : null;
    },
    async (request: FastifyRequest) => {
      const session = await optionalSession(auth, request);
      if (!session || !(await users.profile(session.userId)).clusterSearch) return null;
      return orders.boughtSkus(session.userId);
    },
  ] as const;
}

/** Wallet, orders and their payment, the store's console, push, flags, lists and the loyalty programme. */
async function registerAfterPurchaseRoutes(app: ShopServer, services: Services, setting: RouteSetting) {
  const { auth, flags, orders, checkout, purchases, orderChanges, picking, realtime } = services;
  const { operations, analytics, push, pushSandbox, lists, listBaskets, favourites } = services;
  const { bankAccounts, primeMemberships, loyalty, loyaltyCoupons, mailer } = services;
  const { config, brands } = setting;
  await app.register(walletRoutes(services, auth, flags));
  await app.register(ordersRoutes(orders, checkout, auth, brands.nameOf));
  await app.register(purchaseRoutes(purchases, orderChanges, auth));
  await app.register(paymentPages(checkout, orders, auth));
  await app.register(afterPurchaseRoutes(picking, realtime, auth));
  await app.register(operationsRoutes(operations, picking, realtime));
  await app.register(analyticsRoutes(analytics, staffGuard(operations, 'analytics')));
  await app.register(pushRoutes(push));
  await app.register(pushSandboxRoutes(pushSandbox));
  await app.register(flagsRoutes(flags));
  await app.register(listsRoutes(lists, listBaskets, auth, flags));
  await app.register(favouritesRoutes(favourites, auth, flags));
  await app.register(bankAccountRoutes(bankAccounts, auth, flags));
  await app.register(primeRoutes(primeMemberships, auth, flags));
  await app.register(loyaltyRoutes(loyalty, loyaltyCoupons, auth));
  // config.ts gives the outbox a key exactly when it is on.
  if (config.MAIL_OUTBOX_KEY && mailer instanceof SandboxMailer)
    await app.register(devOutboxRoutes(mailer, config.MAIL_OUTBOX_KEY));
}
