import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
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
import type { Config } from './config';
import type { Database } from './db/client';
import { registerApiKeyGuard } from './http/api-key';
import { registerErrorMapping } from './http/errors';
import { CatalogService } from './modules/catalog/service';
import { catalogRoutes } from './modules/catalog/routes';
import { CartService } from './modules/cart/service';
import { cartRoutes } from './modules/cart/routes';
import { ContentService } from './modules/content/service';
import { contentRoutes } from './modules/content/routes';
import { healthRoutes } from './modules/health/routes';
import { mediaRoutes } from './modules/media/routes';
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
import { AddressService } from './modules/address/service';
import { addressRoutes } from './modules/address/routes';
import type { Mailer } from './providers/mail/mailer';
import { SandboxMailer } from './providers/mail/sandbox';
import { devOutboxRoutes } from './providers/mail/routes';
import type { Geocoder } from './providers/geocoder/geocoder';
import { OfflineGeocoder } from './providers/geocoder/offline';
import { loadTerritory } from './providers/geocoder/territory';
import { registerWeb } from './web';

export interface Services {
  addresses: AddressService;
  auth: AuthService;
  cart: CartService;
  catalog: CatalogService;
  content: ContentService;
  delivery: DeliveryService;
  newsletter: NewsletterService;
  stores: StoresService;
  users: UserService;
  /** The built-in sandbox mailer when no other was given (tests read its outbox). */
  mailer: Mailer;
}

export interface App {
  app: FastifyInstance;
  /** Every registered route (method and url pattern), e.g. for the isolation test to walk. */
  routes: { method: string; url: string }[];
  services: Services;
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
  /** Serve the built storefront (API tests leave it out). */
  web?: boolean;
}

/** Builds the HTTP server over a migrated, seeded database. The caller owns the database's lifetime. */
export async function buildApp({
  config,
  database,
  clock = () => new Date(),
  logger = true,
  web = true,
  mailer = new SandboxMailer(clock),
  geocoder = new OfflineGeocoder(),
}: AppOptions): Promise<App> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();
  const routes: App['routes'] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
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
  const content = new ContentService(database, clock);
  const newsletter = new NewsletterService(database, clock);
  const stores = new StoresService(database);
  const cart = new CartService(database, catalog, clock);
  const auth = new AuthService(database, mailer, clock, config.BRAND_NAME);
  const users = new UserService(database, auth, cart, clock);
  const addresses = new AddressService(database, auth, users, geocoder, loadTerritory(), clock);
  const delivery = new DeliveryService(database, stores, catalog, cart, clock, (message) =>
    app.log.info(message),
  );
  await catalog.start();
  await delivery.start();

  // Brotli's default level (11) costs tens of ms per response; 5 compresses pages and JSON nearly as well
  // in a fraction of the time. Built assets are compressed once, at build time.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(swagger, {
    openapi: {
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
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerErrorMapping(app);
  registerApiKeyGuard(app, config.API_KEYS);
  await app.register(healthRoutes(database));
  await app.register(catalogRoutes(catalog));
  await app.register(contentRoutes(content));
  await app.register(mediaRoutes(catalog, content, config));
  await app.register(newsletterRoutes(newsletter));
  await app.register(cartRoutes(cart));
  await app.register(authRoutes(auth));
  await app.register(userRoutes(users, auth));
  await app.register(addressRoutes(addresses, auth));
  await app.register(shippingRoutes(delivery));
  if (process.env.NODE_ENV !== 'production' && mailer instanceof SandboxMailer)
    await app.register(devOutboxRoutes(mailer));
  if (web) {
    await registerWeb(app, {
      api: webApiKey(config),
      brand: {
        name: config.BRAND_NAME,
        logoUrl: config.BRAND_LOGO_URL,
        primaryColor: config.BRAND_PRIMARY_COLOR,
        secondaryColor: config.BRAND_SECONDARY_COLOR,
        helpPhone: config.HELP_PHONE,
        noCoverageVariant: config.BRAND_NO_COVERAGE_VARIANT,
      },
      accounts: accountsForWeb(auth, users, addresses),
      cart,
      catalog,
      content,
      stores,
      delivery,
    });
  }

  return {
    app,
    routes,
    services: { addresses, auth, cart, catalog, content, delivery, newsletter, stores, users, mailer },
    close: async () => {
      await app.close();
      await delivery.stop();
      await catalog.stop();
    },
  };
}

/** The key the storefront's browser code uses: the one configured for the 'web' consumer. */
function webApiKey(config: Config): { consumer: string; key: string } {
  for (const [key, consumer] of config.API_KEYS) if (consumer === 'web') return { consumer, key };
  throw new Error("API_KEYS has no key for the 'web' consumer, which the storefront needs");
}
