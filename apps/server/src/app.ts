import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { Stream } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, type BrandConfig } from '@despensa/contracts';
import { CHAIN_SELLER_ID, DEFAULT_SALES_CHANNEL } from '@despensa/domain';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerApiKeyGuard } from './http/api-key';
import { ApiRoutes, registerEdgeGuards } from './http/edge';
import { registerErrorMapping } from './http/errors';
import { registerSecurityHeaders } from './http/security-headers';
import { CatalogService } from './modules/catalog/service';
import { PromotionsService } from './modules/promotions/service';
import { catalogRoutes } from './modules/catalog/routes';
import { CartService } from './modules/cart/service';
import { cartRoutes } from './modules/cart/routes';
import { ContentService } from './modules/content/service';
import { contentRoutes } from './modules/content/routes';
import { healthRoutes } from './modules/health/routes';
import { mediaRoutes } from './modules/media/routes';
import { monitoringRoutes } from './modules/monitoring/routes';
import { NewsletterService } from './modules/newsletter/service';
import { newsletterRoutes } from './modules/newsletter/routes';
import { StoresService } from './modules/stores/service';
import { DeliveryService } from './modules/shipping/service';
import { shippingRoutes } from './modules/shipping/routes';
import { AuthService } from './modules/auth/service';
import { authRoutes } from './modules/auth/routes';
import { UserService } from './modules/user/service';
import { userRoutes } from './modules/user/routes';
import { accountsForWeb } from './modules/user/accounts';
import { walletForWeb } from './modules/wallet/for-web';
import { AddressService } from './modules/address/service';
import { addressRoutes } from './modules/address/routes';
import type { Mailer } from './providers/mail/mailer';
import { SandboxMailer } from './providers/mail/sandbox';
import { devOutboxRoutes } from './providers/mail/routes';
import type { Geocoder } from './providers/geocoder/geocoder';
import { OfflineGeocoder } from './providers/geocoder/offline';
import { loadTerritory } from './providers/geocoder/territory';
import { ShippingFlows } from './flows/attach-shipping';
import { JobQueue } from './jobs/queue';
import { logStreamError, registerWeb } from './web';
import type { PageCache } from './http/page-cache';
import { transbankSandboxRoutes } from './providers/acquirer/sandbox/routes';
import { acquirerOnFirstUse, transbankSettings, type Acquirer } from './providers/acquirer/acquirer';
import { OrdersService } from './modules/orders/service';
import { ordersRoutes } from './modules/orders/routes';
import { Checkout } from './flows/place-order';
import { OrderChanges } from './flows/order-changes';
import { PurchasesService } from './modules/orders/purchases';
import { purchaseRoutes } from './modules/orders/purchase-routes';
import { ordersForWeb } from './modules/orders/web';
import { paymentPages } from './flows/payment-pages';
import { checkoutForWeb } from './flows/checkout-for-web';
import type { GiftCardProvider } from './providers/giftcard/giftcard';
import { GiftCardSandbox } from './providers/giftcard/sandbox/sandbox';
import type { WalletProvider } from './providers/wallet/wallet';
import { WalletSandbox } from './providers/wallet/sandbox/sandbox';
import { WalletService } from './modules/wallet/service';
import { AnalyticsService } from './modules/analytics/service';
import { analyticsRoutes } from './modules/analytics/routes';
import { PushService } from './modules/push/service';
import { pushRoutes } from './modules/push/routes';
import { WebPushSender, type PushSender } from './providers/push/push';
import { PushSandbox } from './providers/push/sandbox/sandbox';
import { pushSandboxRoutes } from './providers/push/sandbox/routes';
import { walletRoutes } from './modules/wallet/routes';
import { OrderFulfilment } from './modules/orders/service';
import { afterPurchaseRoutes } from './modules/orders/after-purchase-routes';
import { OperationsService } from './modules/operations/service';
import { operationsRoutes, staffGuard } from './modules/operations/routes';
import { operationsForWeb } from './modules/operations/web';
import { ChatService } from './modules/chat/service';
import { Picking } from './flows/pick-order';
import { RealtimeHub } from './realtime/hub';
import { FlagsService } from './modules/flags/service';
import { flagsRoutes } from './modules/flags/routes';
import { ListsService } from './modules/lists/service';
import { listsRoutes } from './modules/lists/routes';
import { FavouritesService } from './modules/favourites/service';
import { favouritesRoutes } from './modules/favourites/routes';
import { optionalSession } from './http/session';
import { shopperListsForWeb } from './modules/lists/for-web';
import { RecurringLists } from './flows/recurring-lists';
import { ListBaskets } from './flows/list-baskets';
import { BankAccountService } from './modules/bank-account/service';
import { bankAccountRoutes } from './modules/bank-account/routes';
import { bankAccountForWeb } from './modules/bank-account/for-web';
import { PrimeService } from './modules/prime/service';
import { primeRoutes } from './modules/prime/routes';
import { primeForWeb } from './modules/prime/for-web';
import { PrimeMemberships } from './flows/prime-membership';
import { LoyaltyService } from './modules/loyalty/service';
import { loyaltyRoutes } from './modules/loyalty/routes';
import { loyaltyForWeb } from './modules/loyalty/for-web';
import { LoyaltyCoupons } from './flows/loyalty-coupons';

export interface Services {
  addresses: AddressService;
  auth: AuthService;
  cart: CartService;
  catalog: CatalogService;
  content: ContentService;
  delivery: DeliveryService;
  /** Writes that span modules (flows/). */
  shipping: ShippingFlows;
  /** Placing orders and settling their payments (flows/place-order). */
  checkout: Checkout;
  orders: OrdersService;
  /** The shopper's purchases after checkout (list, last order). */
  purchases: PurchasesService;
  /** Reschedule, cancel and edit an order (flows/order-changes). */
  orderChanges: OrderChanges;
  /** §4 recurring lists' baskets (the job queue runs it every minute). */
  recurringLists: RecurringLists;
  /** A built basket's review page: read, changed before the cut-off (flows/list-baskets). */
  listBaskets: ListBaskets;
  /** The job queue, when started (AppOptions.jobs). */
  jobs: JobQueue | null;
  newsletter: NewsletterService;
  promotions: PromotionsService;
  stores: StoresService;
  users: UserService;
  wallet: WalletService;
  /** Staff accounts, sessions and the audit of the store-operations console. */
  operations: OperationsService;
  /** The store's work on paid orders and the shopper's side of it (flows/pick-order). */
  picking: Picking;
  chat: ChatService;
  /** Server-sent events fanned out through PostgreSQL LISTEN/NOTIFY. */
  realtime: RealtimeHub;
  /** §9 feature flags (OpenFeature over PostgreSQL). */
  flags: FlagsService;
  lists: ListsService;
  favourites: FavouritesService;
  bankAccounts: BankAccountService;
  /** Prime memberships: join, cancel, and the renewal the job queue runs at each period's end. */
  primeMemberships: PrimeMemberships;
  loyalty: LoyaltyService;
  /** Activating loyalty coupons (points spent, code issued to promotions, applied by the cart). */
  loyaltyCoupons: LoyaltyCoupons;
  /** The gift-card issuer (payment 732). */
  giftCards: GiftCardProvider;
  /** The built-in sandbox mailer when no other was given (tests read its outbox). */
  mailer: Mailer;
  analytics: AnalyticsService;
  /** Web Push to customers' devices: notifyCustomer(customerId, message). */
  push: PushService;
  /** The built-in push service (subscriptions, inbox) at /sandbox/push. */
  pushSandbox: PushSandbox;
}

export interface App {
  app: FastifyInstance;
  /** Every registered route (method and url pattern), e.g. for the isolation test to walk. */
  routes: { method: string; url: string }[];
  services: Services;
  /** The shared page cache of the storefront's pages (null without the web build). */
  pageCache: PageCache | null;
  close(): Promise<void>;
}

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: () => Date;
  /** Pass false to keep tests quiet. */
  logger?: boolean;
  /** Outgoing mail; the sandbox (an outbox in memory) by default. */
  mailer?: Mailer;
  geocoder?: Geocoder;
  /** The gift-card issuer and the group's wallet; by default their sandboxes over this database. */
  giftCards?: GiftCardProvider;
  walletProvider?: WalletProvider;
  /** Serve the built storefront (API tests leave it out). */
  web?: boolean;
  /** Start the job queue (pg-boss); API tests that do not need it leave it off to stay fast. */
  jobs?: boolean;
  /** The card acquirer; by default Webpay through transbank-sdk at TRANSBANK_ENVIRONMENT or the own sandbox. */
  acquirer?: Acquirer;
  /** Web Push sends; by default web-push to whatever push service each subscription names. */
  pushSender?: PushSender;
}

/** Builds the HTTP server over a migrated, seeded database. The caller owns the database's lifetime. */
export async function buildApp({
  config,
  database,
  clock = () => new Date(),
  logger = true,
  web = true,
  jobs: withJobs = true,
  mailer = new SandboxMailer(clock),
  geocoder = new OfflineGeocoder(),
  acquirer,
  giftCards,
  walletProvider,
  pushSender,
}: AppOptions): Promise<App> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 256 * 1024,
    // Only the configured load balancers speak for the client (its address for rate limits and logs,
    // https for HSTS and secure cookies); never 'trust everyone', which lets any client forge its address.
    trustProxy: config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false,
    routerOptions: { maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();
  const routes: App['routes'] = [];
  const apiRoutes = new ApiRoutes();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url });
      apiRoutes.add(method, route.url);
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  if (mailer instanceof SandboxMailer && !mailer.onSend) {
    mailer.onSend = ({ to, subject, text }) => app.log.info({ to, subject, text }, 'sandbox mail (not sent)');
  }
  const catalog = new CatalogService(database, clock, (message) => app.log.info(message));
  const content = new ContentService(database, clock, (message) => app.log.warn(message));
  const newsletter = new NewsletterService(database, clock);
  const stores = new StoresService(database);
  const promotions = new PromotionsService(database, (message) => app.log.info(message));
  const cart = new CartService(database, catalog, promotions, clock);
  const auth = new AuthService(database, mailer, clock, config.BRAND_NAME);
  const users = new UserService(database, auth, cart, clock);
  const addresses = new AddressService(database, auth, users, geocoder, loadTerritory(), clock);
  const delivery = new DeliveryService(database, stores, catalog, clock, (message) => app.log.info(message));
  const shipping = new ShippingFlows(database, { delivery, cart });
  const orders = new OrdersService(database, clock);
  // Without TRANSBANK_ENVIRONMENT the shop's own sandbox, on the port it actually listens on.
  const cardAcquirer =
    acquirer ??
    acquirerOnFirstUse(() => ({
      ...transbankSettings(config),
      environment:
        config.TRANSBANK_ENVIRONMENT ??
        `http://127.0.0.1:${(app.server.address() as { port: number } | null)?.port ?? config.PORT}/sandbox/transbank`,
    }));
  const purchases = new PurchasesService(database, clock);
  const giftCardIssuer = giftCards ?? (await seeded(new GiftCardSandbox(database.db, clock)));
  const wallet = new WalletService(
    database,
    users,
    walletProvider ?? (await seeded(new WalletSandbox(database.db, clock, config.WALLET_SANDBOX_SETTLE_MS))),
    cardAcquirer,
    clock,
  );
  const flags = new FlagsService(database, clock, (message) => app.log.info(message));
  const orderChanges = new OrderChanges(
    database,
    { catalog, delivery, orders, purchases, acquirer: cardAcquirer, giftCards: giftCardIssuer, wallet },
    mailer,
    clock,
    (message) => app.log.info(message),
  );
  const checkout = new Checkout(
    database,
    { cart, catalog, delivery, orders, addresses, wallet, flags },
    {
      acquirer: cardAcquirer,
      giftCards: giftCardIssuer,
      mailer,
      log: (message) => app.log.info(message),
      ...(config.PAYMENT_RECONCILE_AFTER_MS ? { reconcileAfterMs: config.PAYMENT_RECONCILE_AFTER_MS } : {}),
    },
  );
  const realtime = new RealtimeHub(database, clock, (message) => app.log.info(message));
  const operations = new OperationsService(database, stores, auth, clock);
  const chat = new ChatService(database, clock);
  const picking = new Picking(
    database,
    {
      orders,
      fulfilment: new OrderFulfilment(database.db),
      operations,
      chat,
      catalog,
      wallet,
      hub: realtime,
      acquirer: cardAcquirer,
      giftCards: giftCardIssuer,
    },
    mailer,
    clock,
    (message) => app.log.info(message),
  );
  await operations.seed();
  await realtime.start();
  const analytics = new AnalyticsService(database, clock, (productId) => {
    try {
      return catalog.productById(productId, 1).productName;
    } catch {
      return null;
    }
  });
  const push = new PushService(
    database,
    users,
    pushSender ?? new WebPushSender((message) => app.log.warn(message)),
    config.PUSH_CONTACT,
    (message) => app.log.info(message),
  );
  const pushSandbox = new PushSandbox();
  await push.start();
  // The order's news reach the customer's devices (§1 push notifications); a click opens the purchase.
  checkout.onConfirmed = ({ orderGroup, orderId, userId }) =>
    push.notifyCustomer(userId, {
      title: 'Pedido confirmado',
      body: `Tu pedido ${orderGroup} está confirmado. Te avisaremos cuando vaya en camino.`,
      url: `/mis-compras/${orderId}`,
      tag: `order-${orderGroup}`,
    });
  picking.onNews = ({ userId, orderId, title, body, url }) =>
    push.notifyCustomer(userId, { title, body, url, tag: `order-${orderId}` });
  const lists = new ListsService(database, catalog, clock);
  const favourites = new FavouritesService(database, catalog, clock);
  const bankAccounts = new BankAccountService(database, clock);
  const primeMemberships = new PrimeMemberships(
    database,
    { prime: new PrimeService(database, clock), wallet, users, cart, acquirer: cardAcquirer },
    clock,
    (message) => app.log.info(message),
  );
  const loyalty = new LoyaltyService(database, orders, users, flags);
  users.pointsOf = (userId) => loyalty.points(userId);
  const loyaltyCoupons = new LoyaltyCoupons(database, { loyalty, promotions, cart }, clock);
  await flags.start();
  await catalog.start();
  await promotions.start();
  await content.start();
  await delivery.start();
  const recurringLists = new RecurringLists(
    database,
    { lists, cart, users, delivery, wallet },
    {
      checkout,
      push,
      mailer,
      publicUrl: () =>
        config.PUBLIC_URL ??
        `http://localhost:${(app.server.address() as { port: number } | null)?.port ?? config.PORT}`,
      log: (message) => app.log.info(message),
    },
    clock,
  );
  const listBaskets = new ListBaskets(database, { lists, cart, delivery, wallet, catalog }, clock);
  const jobs = withJobs
    ? new JobQueue(
        database,
        delivery,
        catalog,
        checkout,
        clock,
        (message) => app.log.info(message),
        recurringLists,
        primeMemberships,
      )
    : null;
  await jobs?.start();

  // Brotli's default level (11) costs tens of ms per response; 5 compresses pages and JSON nearly as well
  // in a fraction of the time. Built assets are compressed once, at build time.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // Every streamed answer (compressed, SSR, static file) gets an error listener after compression, so one
  // client hanging up mid-stream ends its own response and never raises an unhandled 'error'.
  app.addHook('onRoute', (route) => {
    route.onSend = [...[route.onSend ?? []].flat(), guardStream];
  });
  await app.register(swagger, {
    openapi: {
      // 3.1: JSON Schema as it is, so nullable values are types of their own and enums may include null.
      openapi: '3.1.0',
      info: {
        title: `${config.BRAND_NAME} storefront API`,
        description:
          'Every /api call needs the x-api-key and x-consumer headers. Prices are integer CLP cents.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          consumer: { type: 'apiKey', in: 'header', name: 'x-consumer' },
        },
      },
      security: [{ apiKey: [], consumer: [] }],
    },
    transform: documentRoute,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerErrorMapping(app, apiRoutes);
  registerEdgeGuards(app);
  registerSecurityHeaders(app);
  registerApiKeyGuard(app, config.API_KEYS);
  await app.register(healthRoutes(database));
  const chainBrand: BrandConfig = {
    name: config.BRAND_NAME,
    logoUrl: config.BRAND_LOGO_URL,
    primaryColor: config.BRAND_PRIMARY_COLOR,
    secondaryColor: config.BRAND_SECONDARY_COLOR,
    helpPhone: config.HELP_PHONE,
    noCoverageVariant: config.BRAND_NO_COVERAGE_VARIANT,
    sellerId: CHAIN_SELLER_ID,
  };
  // §1 white-label: each other brand takes what it does not set from the chain's.
  const brandsByHost = new Map(
    Object.entries(config.BRAND_HOSTS).map(([host, brand]) => [host, { ...chainBrand, ...brand }]),
  );
  const brandNameOf = (request: FastifyRequest) => (brandsByHost.get(request.hostname) ?? chainBrand).name;
  await app.register(
    catalogRoutes(catalog, flags, async (request) => {
      const session = await optionalSession(auth, request);
      return session ? orders.boughtSkus(session.userId) : null;
    }),
  );
  await app.register(contentRoutes(content));
  await app.register(mediaRoutes(catalog, content, config));
  await app.register(newsletterRoutes(newsletter));
  await app.register(monitoringRoutes());
  await app.register(cartRoutes(cart, auth, flags));
  await app.register(authRoutes(auth, brandNameOf));
  await app.register(userRoutes(users, auth));
  await app.register(addressRoutes(addresses, auth, brandNameOf));
  await app.register(shippingRoutes(delivery, shipping, cart, auth));
  await app.register(transbankSandboxRoutes(database.db, clock));
  await app.register(walletRoutes(wallet, auth, flags));
  await app.register(ordersRoutes(orders, checkout, auth, brandNameOf));
  await app.register(purchaseRoutes(purchases, orderChanges, auth));
  await app.register(paymentPages(checkout, orders));
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
  const outbox = config.MAIL_OUTBOX ?? (process.env.NODE_ENV === 'production' ? 'off' : 'on');
  if (outbox === 'on' && mailer instanceof SandboxMailer) await app.register(devOutboxRoutes(mailer));
  const pageCache = web
    ? await registerWeb(app, brandsByHost, {
        api: webApiKey(config),
        brand: chainBrand,
        accounts: accountsForWeb(auth, users, addresses),
        orders: ordersForWeb(auth, orders, purchases, orderChanges, delivery),
        cart,
        catalog,
        content,
        checkout: checkoutForWeb(auth, checkout, orders),
        wallet: walletForWeb(auth, users, wallet),
        flags: { all: () => flags.all() },
        shopperLists: shopperListsForWeb(auth, lists, listBaskets, favourites, orders, catalog),
        bankAccount: bankAccountForWeb(auth, bankAccounts),
        prime: primeForWeb(auth, flags, primeMemberships),
        loyalty: loyaltyForWeb(auth, loyalty, loyaltyCoupons),
        operations: operationsForWeb(operations, picking),
        stores,
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
      })
    : null;
  if (pageCache) {
    catalog.onChange((change) =>
      change
        ? pageCache.invalidateChannel(change.salesChannel, DEFAULT_SALES_CHANNEL)
        : pageCache.invalidateAll(),
    );
    content.onChange(() => pageCache.invalidateAll());
    await pageCache.listen(database.url, (message) => app.log.warn(message));
    // Pages show menu entries and buttons by §9 flag: a flag change is a new page.
    flags.onChange = () => pageCache.invalidateAll();
  }

  return {
    app,
    routes,
    pageCache,
    services: {
      addresses,
      auth,
      cart,
      catalog,
      content,
      delivery,
      shipping,
      checkout,
      orders,
      purchases,
      orderChanges,
      recurringLists,
      listBaskets,
      jobs,
      newsletter,
      promotions,
      stores,
      users,
      wallet,
      operations,
      picking,
      chat,
      realtime,
      flags,
      lists,
      favourites,
      bankAccounts,
      primeMemberships,
      loyalty,
      loyaltyCoupons,
      giftCards: giftCardIssuer,
      mailer,
      analytics,
      push,
      pushSandbox,
    },
    close: async () => {
      await app.close();
      await pageCache?.stop();
      await jobs?.stop();
      await delivery.stop();
      await promotions.stop();
      await content.stop();
      await catalog.stop();
      await realtime.stop();
      await flags.stop();
    },
  };
}

/** A sandbox with its test data issued (idempotent, so every start may do it). */
async function seeded<T extends { seed(): Promise<void> }>(sandbox: T): Promise<T> {
  await sandbox.seed();
  return sandbox;
}

/** Headers a group of routes needs besides the key (§7), by path prefix. */
const ROUTE_HEADERS: [RegExp, Record<string, string>][] = [
  [/^\/api\/(orderform|orderForm|order\/info)\b/, { 'x-account': "The store's account, e.g. 'despensa'" }],
  [/^\/api\/user\b/, { 'x-access-token': 'The session token from the login flow' }],
];

/**
 * The zod route schema as OpenAPI, with what every /api route may answer besides its own statuses (the
 * edge's 400, the key guard's 401, a missing cart's 404, a wrong method's 405, a body too big or not JSON) and the headers it needs.
 */
const documentRoute: typeof jsonSchemaTransform = (input) => {
  const { schema, url } = input;
  if (!url.startsWith('/api/') || schema?.hide) return jsonSchemaTransform(input);
  // A route that declares no answer still answers 200 (with a shape it does not publish yet).
  const response = { ...((schema?.response as object | undefined) ?? { 200: z.unknown() }) } as Record<
    number,
    unknown
  >;
  const withBody = [input.route.method].flat().some((method) => !['GET', 'HEAD'].includes(method));
  for (const status of [400, 401, 404, 405, ...(withBody ? [413, 415] : [])])
    response[status] ??= errorResponse;
  const headers = ROUTE_HEADERS.find(([pattern]) => pattern.test(url))?.[1];
  return jsonSchemaTransform({
    ...input,
    schema: {
      ...schema,
      response,
      ...(headers && !schema?.headers
        ? {
            headers: z.object(
              Object.fromEntries(
                Object.entries(headers).map(([name, text]) => [name, z.string().describe(text)]),
              ),
            ),
          }
        : {}),
    },
  });
};

async function guardStream(request: FastifyRequest, _reply: FastifyReply, payload: unknown) {
  if (payload instanceof Stream) payload.on('error', (error) => logStreamError(request, error));
  return payload;
}

/** The key the storefront's browser code uses: the one configured for the 'web' consumer. */
function webApiKey(config: Config): { consumer: string; key: string } {
  for (const [key, consumer] of config.API_KEYS) if (consumer === 'web') return { consumer, key };
  throw new Error("API_KEYS has no key for the 'web' consumer, which the storefront needs");
}
