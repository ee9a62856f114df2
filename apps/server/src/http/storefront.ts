import type { StorefrontServices } from '@despensa/contracts';
import { DEFAULT_SALES_CHANNEL } from '@despensa/domain';
import type { Config } from '../config';
import { checkoutForWeb } from '../flows/checkout-for-web';
import { contentPreviewOf } from './content-preview';
import { PendingWebpayPayments } from '../flows/drop-payment';
import { bankAccountForWeb } from './for-web/bank-account';
import { shopperListsForWeb } from './for-web/shopper-lists';
import { loyaltyForWeb } from './for-web/loyalty';
import { operationsForWeb } from './for-web/operations';
import { ordersForWeb } from './for-web/orders';
import { primeForWeb } from './for-web/prime';
import { accountsForWeb } from './for-web/accounts';
import { walletForWeb } from './for-web/wallet';
import type { Acquirer } from '../providers/acquirer/acquirer';
import { registerWeb } from '../web';
import type { Services } from '../wiring/services';
import type { Brands } from './brands';
import type { PageCache } from './page-cache';
import type { ShopServer } from './server';
import { listeningPort } from './server';

/** What serving the storefront needs besides the services. */
export interface StorefrontSetting {
  config: Config;
  brands: Brands;
  acquirer: Acquirer;
}

/** Serves the built storefront with its page cache (null without a build), kept fresh on every instance. */
export async function serveStorefront(
  app: ShopServer,
  services: Services,
  setting: StorefrontSetting,
): Promise<PageCache | null> {
  const { brands } = setting;
  const pageCache = await registerWeb(
    app,
    brands.byHost,
    storefrontServices(app, services, setting),
    contentPreviewOf(services.operations, services.content),
  );
  if (!pageCache) return null;
  purgePagesOnChange(pageCache, services);
  return pageCache;
}

/**
 * Pages show the catalogue's prices (promotions applied) and stock, the content and menu entries and buttons
 * by §9 flag: a change is a new page. Each of these services hears the change through PostgreSQL NOTIFY on
 * every instance, and each instance drops the pages it keeps: in process, as a job (taken by one instance)
 * would reach only one.
 */
function purgePagesOnChange(pageCache: PageCache, { catalog, content, flags, delivery }: Services): void {
  catalog.onChange((change) =>
    change
      ? pageCache.invalidateChannel(change.salesChannel, DEFAULT_SALES_CHANNEL)
      : pageCache.invalidateAll(),
  );
  catalog.onProductsChanged((products) => pageCache.invalidateProducts(products));
  content.onChange(() => pageCache.invalidateAll());
  pageCache.expireWith(() => content.datedChangesPassed());
  flags.onChange(() => pageCache.invalidateAll());
  // Stores and zones (the back office): the locator's pages and every page's delivery choice.
  delivery.onChange(() => pageCache.invalidateAll());
}

/** The services the web's loaders and actions get in process (contracts' StorefrontServices). */
function storefrontServices(
  app: ShopServer,
  services: Services,
  { config, brands, acquirer }: StorefrontSetting,
) {
  const { auth, users, addresses, orders, purchases, orderChanges, delivery, checkout, shipping } = services;
  const { wallet, flags, lists, listBaskets, favourites, catalog, operations, analytics } = services;
  const context: StorefrontServices = {
    api: {
      ...webApiKey(config),
      // Where this instance listens, read when a page calls (it is known once listening).
      get origin() {
        return ownOrigin(app, config);
      },
    },
    brand: brands.chain,
    accounts: accountsForWeb(auth, users, addresses, services.registration),
    orders: ordersForWeb(auth, orders, purchases, orderChanges, delivery),
    cart: services.cart,
    catalog,
    content: services.content,
    checkout: checkoutForWeb(auth, checkout, orders, new PendingWebpayPayments(orders, acquirer, checkout)),
    wallet: walletForWeb(auth, users, wallet),
    flags: { all: () => flags.all() },
    shopperLists: shopperListsForWeb(auth, lists, listBaskets, favourites, orders, catalog),
    bankAccount: bankAccountForWeb(auth, services.bankAccounts),
    prime: primeForWeb(auth, flags, services.primeMemberships),
    loyalty: loyaltyForWeb(auth, services.loyalty, services.loyaltyCoupons),
    operations: operationsForWeb(operations, services.picking),
    stores: services.stores,
    territory: {
      regions: () => addresses.regions(),
      comunas: (regionCode) => addresses.comunas(regionCode),
    },
    delivery: {
      salesChannelAt: (point) => delivery.salesChannelAt(point),
      withdrawalStores: () => delivery.withdrawalStores(),
      simulate: (body) => delivery.simulate(body),
      heldWindow: (orderFormId) => delivery.heldWindow(orderFormId),
      applyChoice: (orderFormId, choice) => shipping.applyChoice(orderFormId, choice),
      reserveWindow: (orderFormId, window) => shipping.reserveWindow(orderFormId, window),
    },
    analytics: {
      dashboard: async (token, query) => {
        await operations.staffFor(token, 'analytics');
        return analytics.dashboard(query);
      },
    },
  };
  return context;
}

/** The key the storefront's browser code uses: the one configured for the 'web' consumer. */
function webApiKey(config: Config): { consumer: string; key: string } {
  for (const [key, consumer] of config.API_KEYS) if (consumer === 'web') return { consumer, key };
  throw new Error("API_KEYS has no key for the 'web' consumer, which the storefront needs");
}

/** This instance's own address: the interface it listens on (loopback when it listens on all of them). */
function ownOrigin(app: ShopServer, config: Config): string {
  const address = app.server.address();
  const host = address && typeof address === 'object' ? address.address : config.HOST;
  const loopback = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${listeningPort(app) ?? config.PORT}`;
}
