import { ShippingFlows } from '../flows/attach-shipping';
import { OrderChanges } from '../flows/order-changes';
import { Checkout } from '../flows/place-order';
import { WalletCharges } from '../flows/wallet-charge';
import { PaymentProviders } from '../providers/payments/registry';
import { Picking } from '../flows/pick-order';
import { RecurringLists } from '../flows/recurring-lists';
import { AbandonedCarts } from '../flows/abandoned-carts';
import { ListBaskets } from '../flows/list-baskets';
import { PrimeMemberships } from '../flows/prime-membership';
import { LoyaltyCoupons } from '../flows/loyalty-coupons';
import { Registration } from '../flows/register';
import { OfferFeedRunner } from '../flows/offer-feed-jobs';
import { SupportDesk } from '../flows/support-desk';
import { SupportOrders } from '../modules/orders/support';
import { listeningPort } from '../http/server';
import { brandsOf } from '../http/brands';
import type { EventSender } from '../jobs/events';
import { PrimeService } from '../modules/prime/service';
import { OrderFulfilment } from '../modules/orders/service';
import type { Providers, Setting } from './providers';
import type { FlowServices, ModuleServices } from './services';

/** Every flow over the modules' services; each tells what it committed through `events`. */
export function buildFlows(
  setting: Setting,
  providers: Providers,
  modules: ModuleServices,
  events: EventSender,
): FlowServices {
  const orderFlows = ordersFlows(setting, providers, modules, events);
  return { ...orderFlows, ...shopperFlows(setting, providers, modules, orderFlows.checkout) };
}

/** An order's life: shipping chosen, placed and paid, changed by the shopper, picked by the store. */
function ordersFlows(
  { app, config, database, clock }: Setting,
  { acquirer, giftCards, mailer }: Providers,
  modules: ModuleServices,
  events: EventSender,
) {
  // Money that could not follow its path (a refund, an unknown charge, a failed create): an operator's concern.
  const log = (message: string) => app.log.warn(message);
  const { cart, catalog, delivery, orders, purchases, addresses, wallet, flags } = modules;
  const payments = new PaymentProviders({ acquirer, giftCards, wallet, clock, log });
  const checkout = new Checkout(
    database,
    { cart, catalog, delivery, orders, addresses, wallet, flags },
    {
      payments,
      mailer,
      log,
      events,
      brandOfSeller: brandsOf(config).bySeller,
      ...(config.PAYMENT_RECONCILE_AFTER_MS ? { reconcileAfterMs: config.PAYMENT_RECONCILE_AFTER_MS } : {}),
      clock,
    },
  );
  return {
    shipping: new ShippingFlows(database, { delivery, cart }),
    orderChanges: new OrderChanges(
      database,
      { catalog, delivery, orders, purchases, payments, audit: modules.audit },
      mailer,
      clock,
      log,
    ),
    checkout,
    walletCharges: new WalletCharges({ wallet, orders }, checkout),
    supportDesk: new SupportDesk(database, {
      support: new SupportOrders(database, clock),
      orders,
      purchases,
      fulfilment: new OrderFulfilment(database.db),
      users: modules.users,
      operations: modules.operations,
      chat: modules.chat,
      audit: modules.audit,
      payments,
      mailer,
      brandOfSeller: brandsOf(config).bySeller,
    }),
    offerFeeds: new OfferFeedRunner(
      database,
      { stores: modules.stores, jobs: modules.feedJobs, audit: modules.audit },
      clock,
    ),
    picking: new Picking(
      database,
      {
        orders,
        fulfilment: new OrderFulfilment(database.db),
        operations: modules.operations,
        chat: modules.chat,
        catalog,
        wallet,
        hub: modules.realtime,
        payments,
        events,
        audit: modules.audit,
      },
      mailer,
      clock,
      log,
    ),
  };
}

/** What the shop does for the shopper on its own: recurring lists, reminders, Prime, loyalty coupons. */
function shopperFlows(
  { app, config, database, clock }: Setting,
  { acquirer, mailer }: Providers,
  modules: ModuleServices,
  checkout: Checkout,
) {
  const log = (message: string) => app.log.info(message);
  const { lists, cart, users, delivery, wallet, catalog, push } = modules;
  const publicUrl = () => config.PUBLIC_URL ?? `http://localhost:${listeningPort(app) ?? config.PORT}`;
  return {
    registration: new Registration(database, { users, auth: modules.auth }),
    recurringLists: new RecurringLists(
      database,
      { lists, cart, users, delivery, wallet },
      { checkout, push, mailer, publicUrl, log },
      clock,
    ),
    abandonedCarts: new AbandonedCarts(
      { cart, users, newsletter: modules.newsletter, push },
      { mailer, publicUrl, log },
      clock,
    ),
    listBaskets: new ListBaskets(database, { lists, cart, delivery, wallet, catalog }, clock),
    primeMemberships: new PrimeMemberships(
      database,
      { prime: new PrimeService(database, clock), wallet, users, cart, acquirer },
      clock,
      log,
    ),
    loyaltyCoupons: new LoyaltyCoupons(
      database,
      { loyalty: modules.loyalty, promotions: modules.promotions, cart },
      clock,
    ),
  };
}
