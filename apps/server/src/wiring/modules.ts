import { AddressService } from '../modules/address/service';
import { AnalyticsService } from '../modules/analytics/service';
import { AuditService } from '../modules/audit/service';
import { AuthService } from '../modules/auth/service';
import { BankAccountService } from '../modules/bank-account/service';
import { CartKeys } from '../modules/cart/holding-key';
import { CartService } from '../modules/cart/service';
import { CatalogService } from '../modules/catalog/service';
import { RebuildRotation } from '../modules/catalog/rebuild-rotation';
import { ChatService } from '../modules/chat/service';
import { ContentService } from '../modules/content/service';
import { FavouritesService } from '../modules/favourites/service';
import { FeedJobs } from '../modules/catalog/feed-jobs';
import { FlagsService } from '../modules/flags/service';
import { IntegrationService } from '../modules/integration/service';
import { ListsService } from '../modules/lists/service';
import { LoyaltyService } from '../modules/loyalty/service';
import { NewsletterService } from '../modules/newsletter/service';
import { OperationsService } from '../modules/operations/service';
import { OrdersService } from '../modules/orders/service';
import { PurchasesService } from '../modules/orders/purchases';
import { PricingService } from '../modules/pricing/service';
import { PromotionsService } from '../modules/promotions/service';
import { PushService } from '../modules/push/service';
import { DeliveryService } from '../modules/shipping/service';
import { StoresService } from '../modules/stores/service';
import { UserService } from '../modules/user/service';
import { WalletService } from '../modules/wallet/service';
import { loadTerritory } from '../providers/geocoder/territory';
import { PushSandbox } from '../providers/push/sandbox/sandbox';
import { RealtimeHub } from '../realtime/hub';
import type { Providers, Setting } from './providers';
import type { ModuleServices } from './services';

/** Every module's service, constructed (nothing started yet: see startModules). */
export function buildModules(setting: Setting, providers: Providers): ModuleServices {
  const storefront = storefrontModules(setting, providers);
  return {
    ...storefront,
    ...afterCheckoutModules(setting, providers, storefront),
    ...backOfficeModules(setting),
  };
}

/** What a chain's staff and its ERP work with (issue 30): app keys, prices, feed jobs, the audit log. */
function backOfficeModules({ database, clock }: Setting) {
  return {
    integration: new IntegrationService(database, clock),
    pricing: new PricingService(database, clock),
    feedJobs: new FeedJobs(database, clock),
    audit: new AuditService(database, clock),
  };
}

type StorefrontModules = ReturnType<typeof storefrontModules>;

/** What the shopper meets before paying: catalogue, cart, account, addresses, delivery, flags. */
function storefrontModules({ app, config, database, clock }: Setting, providers: Providers) {
  const info = (message: string) => app.log.info(message);
  const promotions = new PromotionsService(database, info);
  const rotation =
    config.CATALOG_REBUILD === 'out-of-rotation' ? new RebuildRotation(config.DRAIN_NOTICE_MS) : null;
  const catalog = new CatalogService(database, promotions, clock, info, rotation);
  const stores = new StoresService(database);
  const cart = new CartService(
    database,
    catalog,
    promotions,
    new CartKeys(database, config.CART_KEY_SECRET),
    clock,
  );
  const auth = new AuthService(database, providers.mailer, clock, config.BRAND_NAME);
  const users = new UserService(database, cart, clock);
  users.specialGreeting = config.SPECIAL_GREETING ?? null;
  return {
    catalog,
    content: new ContentService(database, clock, (message) => app.log.warn(message)),
    newsletter: new NewsletterService(database, clock),
    stores,
    promotions,
    cart,
    auth,
    users,
    addresses: new AddressService(database, auth, users, providers.geocoder, loadTerritory(), clock),
    delivery: new DeliveryService(database, stores, catalog, clock, info),
    flags: new FlagsService(database, clock, info),
  };
}

/** Orders and what follows them: wallet, the store's console, chat, push, lists, loyalty, analytics. */
function afterCheckoutModules(
  { app, config, database, clock }: Setting,
  providers: Providers,
  { catalog, stores, auth, users, flags }: StorefrontModules,
) {
  const info = (message: string) => app.log.info(message);
  const orders = new OrdersService(database, clock);
  const loyalty = new LoyaltyService(database, orders, users, flags);
  users.pointsOf = (userId) => loyalty.points(userId);
  return {
    orders,
    purchases: new PurchasesService(database, clock),
    wallet: new WalletService(database, users, providers.walletProvider, providers.acquirer, clock),
    realtime: new RealtimeHub(database, clock, info),
    operations: new OperationsService(database, stores, auth, clock),
    chat: new ChatService(database, clock),
    analytics: new AnalyticsService(database, clock, (productId) => {
      try {
        return catalog.productById(productId, 1).productName;
      } catch {
        return null;
      }
    }),
    push: new PushService(database, users, providers.pushSender, config.PUSH_CONTACT, info),
    pushSandbox: new PushSandbox(),
    lists: new ListsService(database, catalog, clock),
    favourites: new FavouritesService(database, catalog, clock),
    bankAccounts: new BankAccountService(database, clock),
    loyalty,
  };
}

/** Seeds and starts the modules that keep state in memory or listen to PostgreSQL, in this order. */
export async function startModules(modules: ModuleServices): Promise<void> {
  await modules.operations.seed();
  await modules.realtime.start();
  await modules.push.start();
  await modules.flags.start();
  await modules.cart.start();
  await modules.catalog.start();
  await modules.promotions.start();
  await modules.content.start();
  await modules.delivery.start();
}

/** Stops what startModules started (its listeners, timers and connections). */
export async function stopModules(modules: ModuleServices): Promise<void> {
  await modules.delivery.stop();
  await modules.promotions.stop();
  await modules.content.stop();
  await modules.catalog.stop();
  await modules.realtime.stop();
  await modules.flags.stop();
}
