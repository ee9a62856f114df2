import type { AddressService } from '../modules/address/service';
import type { AnalyticsService } from '../modules/analytics/service';
import type { AuditService } from '../modules/audit/service';
import type { AuthService } from '../modules/auth/service';
import type { BankAccountService } from '../modules/bank-account/service';
import type { CartService } from '../modules/cart/service';
import type { CatalogService } from '../modules/catalog/service';
import type { ChatService } from '../modules/chat/service';
import type { ContentService } from '../modules/content/service';
import type { FavouritesService } from '../modules/favourites/service';
import type { FeedJobs } from '../modules/catalog/feed-jobs';
import type { FlagsService } from '../modules/flags/service';
import type { IntegrationService } from '../modules/integration/service';
import type { ListsService } from '../modules/lists/service';
import type { LoyaltyService } from '../modules/loyalty/service';
import type { NewsletterService } from '../modules/newsletter/service';
import type { OperationsService } from '../modules/operations/service';
import type { OrdersService } from '../modules/orders/service';
import type { PurchasesService } from '../modules/orders/purchases';
import type { PricingService } from '../modules/pricing/service';
import type { PromotionsService } from '../modules/promotions/service';
import type { PushService } from '../modules/push/service';
import type { DeliveryService } from '../modules/shipping/service';
import type { StoresService } from '../modules/stores/service';
import type { UserService } from '../modules/user/service';
import type { WalletService } from '../modules/wallet/service';
import type { RealtimeHub } from '../realtime/hub';
import type { ShippingFlows } from '../flows/attach-shipping';
import type { Checkout } from '../flows/place-order';
import type { WalletCharges } from '../flows/wallet-charge';
import type { OrderChanges } from '../flows/order-changes';
import type { RecurringLists } from '../flows/recurring-lists';
import type { ListBaskets } from '../flows/list-baskets';
import type { AbandonedCarts } from '../flows/abandoned-carts';
import type { Picking } from '../flows/pick-order';
import type { PrimeMemberships } from '../flows/prime-membership';
import type { LoyaltyCoupons } from '../flows/loyalty-coupons';
import type { JobQueue } from '../jobs/queue';
import type { GiftCardProvider } from '../providers/giftcard/giftcard';
import type { Mailer } from '../providers/mail/mailer';
import type { PushSandbox } from '../providers/push/sandbox/sandbox';
import type { Registration } from '../flows/register';
import type { SupportDesk } from '../flows/support-desk';
import type { OfferFeedRunner } from '../flows/offer-feed-jobs';

/** One service per module (modules/), each over its own tables. */
export interface ModuleServices {
  addresses: AddressService;
  auth: AuthService;
  cart: CartService;
  catalog: CatalogService;
  content: ContentService;
  delivery: DeliveryService;
  orders: OrdersService;
  /** The shopper's purchases after checkout (list, last order). */
  purchases: PurchasesService;
  newsletter: NewsletterService;
  promotions: PromotionsService;
  stores: StoresService;
  users: UserService;
  wallet: WalletService;
  /** Staff accounts, sessions and the audit of the store-operations console. */
  operations: OperationsService;
  chat: ChatService;
  /** Server-sent events fanned out through PostgreSQL LISTEN/NOTIFY. */
  realtime: RealtimeHub;
  /** §9 feature flags (OpenFeature over PostgreSQL). */
  flags: FlagsService;
  lists: ListsService;
  favourites: FavouritesService;
  bankAccounts: BankAccountService;
  loyalty: LoyaltyService;
  analytics: AnalyticsService;
  /** Web Push to customers' devices: notifyCustomer(customerId, message). */
  push: PushService;
  /** The built-in push service (subscriptions, inbox) at /sandbox/push. */
  pushSandbox: PushSandbox;
  /** App keys and tokens of the integration APIs, their scopes and rate limits. */
  integration: IntegrationService;
  /** Base, list, cost and fixed prices per SKU (VTEX's Pricing API). */
  pricing: PricingService;
  /** Offer-feed uploads' jobs and their progress. */
  feedJobs: FeedJobs;
  /** Who changed what in the back office and through the integration APIs. */
  audit: AuditService;
}

/** Writes that span modules (flows/). */
export interface FlowServices {
  shipping: ShippingFlows;
  /** Placing orders and settling their payments (flows/place-order). */
  checkout: Checkout;
  /** The wallet's charges of checkout transactions, and their codes told to checkout. */
  walletCharges: WalletCharges;
  /** Reschedule, cancel and edit an order (flows/order-changes). */
  orderChanges: OrderChanges;
  /** §3 registration: the customer and the password in one (flows/register). */
  registration: Registration;
  /** §4 recurring lists' baskets (the job queue runs it every minute). */
  recurringLists: RecurringLists;
  /** A built basket's review page: read, changed before the cut-off (flows/list-baskets). */
  listBaskets: ListBaskets;
  /** §7 abandoned carts' one reminder (the job queue runs it every minute). */
  abandonedCarts: AbandonedCarts;
  /** The store's work on paid orders and the shopper's side of it (flows/pick-order). */
  picking: Picking;
  /** Prime memberships: join, cancel, and the renewal the job queue runs at each period's end. */
  primeMemberships: PrimeMemberships;
  /** Activating loyalty coupons (points spent, code issued to promotions, applied by the cart). */
  loyaltyCoupons: LoyaltyCoupons;
  /** The back office's support desk: find orders, their timeline, refund a line, resend the confirmation. */
  supportDesk: SupportDesk;
  /** An uploaded offer feed run as a job: prices and stock per store, with progress. */
  offerFeeds: OfferFeedRunner;
}

export interface Services extends ModuleServices, FlowServices {
  /** The job queue, when started (AppOptions.jobs). */
  jobs: JobQueue | null;
  /** The gift-card issuer (payment 732). */
  giftCards: GiftCardProvider;
  /** The built-in sandbox mailer when no other was given (tests read its outbox). */
  mailer: Mailer;
}
