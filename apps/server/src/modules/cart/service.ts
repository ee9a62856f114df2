import { DEFAULT_SALES_CHANNEL } from '@despensa/domain';
import type {
  CartViewer,
  ClientProfileBody,
  CreateOrderFormBody,
  ItemsOrdination,
  OrderForm,
  OrderInfo,
  OrderInfoBody,
  OrderItemChange,
  PaymentEntry,
  StorefrontServices,
} from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import type { CatalogService } from '../catalog/service';
import type { PromotionsService } from '../promotions/service';
import { type AbandonedCart, claimAbandonedCarts } from './abandoned';
import type { CartKeys } from './holding-key';
import type { LivePayments } from './payment-data';
import type { CartDeliveryChoice, CartShippingData } from './shipping-data';
import { CartStore, type CartDeps } from './store';
import { CartPricer } from './pricing';
import { OrderFormView } from './view';
import { CartCommands } from './commands';
import { CheckoutData } from './checkout-data';

/** The orderForm's live ways to pay, for the routes that answer an orderForm. */
export { isOrderFormAnswer, withLivePayments, type LivePaymentsOf } from './payment-data';

/** The orderForm validated and encoded as every cart answer goes out (see orderform-json). */
export { orderFormJson } from './orderform-json';

/** The shipping attachment and delivery choice the shipping module hands the cart (setShippingData). */
export type { CartDeliveryChoice, CartShippingData } from './shipping-data';

/** What the web's loaders and actions call (contracts); the HTTP routes use the same methods. */
type CartApi = StorefrontServices['cart'];

/**
 * The cart (VTEX orderForm, §3/§4/§7): the one door other modules, flows and routes use. Carts live in
 * PostgreSQL (store.ts, with this instance's caches) and are priced on every read from the in-memory
 * catalogue with the domain's engine (pricing.ts), so a price or promotion change shows at once; the
 * shopper's changes are commands.ts, what checkout attaches is checkout-data.ts, the orderForm view.ts.
 */
export class CartService implements CartApi {
  private readonly view: OrderFormView;
  private readonly commands: CartCommands;
  private readonly checkout: CheckoutData;

  constructor(
    private readonly database: Database,
    catalog: CatalogService,
    promotions: PromotionsService,
    private readonly keys: CartKeys,
    private readonly clock: () => Date = () => new Date(),
  ) {
    const deps: CartDeps = { database, catalog, promotions, clock };
    const store = new CartStore(database, clock);
    const pricer = new CartPricer(deps, store);
    this.view = new OrderFormView(deps, store, pricer);
    this.commands = new CartCommands(deps, store, pricer, this.view);
    this.checkout = new CheckoutData(deps, store, pricer, this.view);
  }

  // ---- who holds a cart (issue 27) ----

  /** Loads the secret cart keys are made with (see CartKeys). */
  async start(): Promise<void> {
    await this.keys.start();
  }

  holdingKey(orderFormId: string): string {
    return this.keys.keyOf(orderFormId);
  }

  heldOrderFormId(
    cartCookie: string | null | undefined,
    keyCookie: string | null | undefined,
  ): string | null {
    return this.keys.heldOrderFormId(cartCookie, keyCookie);
  }

  // ---- reading the orderForm (view.ts) ----

  /** The orderForm as `viewer` may see it (masked for anyone but the cart's customer); read-only. */
  get(viewer: CartViewer, orderFormId: string): Promise<OrderForm> {
    return this.view.get(viewer, orderFormId);
  }

  /**
   * The whole orderForm, for server flows that act on the cart after their route checked the viewer
   * (shipping keeps the cart's address as it is): never hand this to a client.
   */
  ownerView(orderFormId: string): Promise<OrderForm> {
    return this.view.ownerView(orderFormId);
  }

  /** Refuses (`notOwner`) a viewer who may not change the cart, for a route whose change another module makes. */
  checkOwner(viewer: CartViewer, orderFormId: string): Promise<void> {
    return this.view.checkOwner(viewer, orderFormId);
  }

  /** The orderForm already validated and serialised, for the HTTP route (see OrderFormView.getJson). */
  getJson(viewer: CartViewer, orderFormId: string, live: LivePayments): Promise<Buffer> {
    return this.view.getJson(viewer, orderFormId, live);
  }

  /** Order info; the receiver is masked for anyone but the cart's customer. */
  getOrderInfo(viewer: CartViewer, orderFormId: string): Promise<OrderInfo> {
    return this.view.getOrderInfo(viewer, orderFormId);
  }

  // ---- the shopper's changes (commands.ts) ----

  create(body: CreateOrderFormBody = {}, salesChannel = DEFAULT_SALES_CHANNEL): Promise<OrderForm> {
    return this.commands.create(body, salesChannel);
  }

  updateItems(
    viewer: CartViewer,
    orderFormId: string,
    orderItems: OrderItemChange[],
    options: { salesChannel?: number; seller?: string } = {},
  ): Promise<OrderForm> {
    return this.commands.updateItems(viewer, orderFormId, orderItems, options);
  }

  removeAll(viewer: CartViewer, orderFormId: string): Promise<OrderForm> {
    return this.commands.removeAll(viewer, orderFormId);
  }

  setItemsOrdination(
    viewer: CartViewer,
    orderFormId: string,
    ordination: ItemsOrdination,
    salesChannel?: number,
  ): Promise<OrderForm> {
    return this.commands.setItemsOrdination(viewer, orderFormId, ordination, salesChannel);
  }

  /** '' removes the coupon. Unknown, expired and not-applicable coupons each get their own message. */
  addCoupon(viewer: CartViewer, orderFormId: string, text: string): Promise<OrderForm> {
    return this.commands.addCoupon(viewer, orderFormId, text);
  }

  /** Attaches the cart to the viewer's customer (login); `notOwner` unless theirs or held by the viewer. */
  assignToUser(
    viewer: CartViewer,
    orderFormId: string,
    segment: { collaborator?: boolean; prime?: boolean } = {},
  ): Promise<void> {
    return this.commands.assignToUser(viewer, orderFormId, segment);
  }

  /** A customer joined Prime or left it: their carts are priced as a member's, or no longer; in `tx`. */
  setPrimeOf(userId: string, prime: boolean, tx: Tx): Promise<void> {
    return this.commands.setPrimeOf(userId, prime, tx);
  }

  /** The persistent-cart dialog's merge (§2): the anonymous cart's lines added to the customer's. */
  mergeCarts(viewer: CartViewer, targetId: string, sourceId: string): Promise<OrderForm> {
    return this.commands.mergeCarts(viewer, targetId, sourceId);
  }

  // ---- what checkout attaches (checkout-data.ts) ----

  setClientProfile(viewer: CartViewer, orderFormId: string, profile: ClientProfileBody): Promise<OrderForm> {
    return this.checkout.setClientProfile(viewer, orderFormId, profile);
  }

  /** §3 payment entries (POST /api/orderform/{id}/payments); the orderForm's paymentData.payments shows them. */
  setPayments(viewer: CartViewer, orderFormId: string, payments: PaymentEntry[]): Promise<OrderForm> {
    return this.checkout.setPayments(viewer, orderFormId, payments);
  }

  /** PUT (a value) or DELETE (null) one customData field. */
  setCustomData(
    viewer: CartViewer,
    orderFormId: string,
    appId: string,
    field: string,
    value: string | null,
    salesChannel?: number,
  ): Promise<OrderForm> {
    return this.checkout.setCustomData(viewer, orderFormId, { appId, field, value }, salesChannel);
  }

  setOrderInfo(viewer: CartViewer, orderFormId: string, info: OrderInfoBody): Promise<OrderInfo> {
    return this.checkout.setOrderInfo(viewer, orderFormId, info);
  }

  /** The §3 delivery method of the cart's stored delivery choice, null before one is chosen. */
  deliveryMethodOf(orderFormId: string): Promise<string | null> {
    return this.checkout.deliveryMethodOf(orderFormId);
  }

  /** The cart and its delivery choice (flows/attach-shipping), under the cart's row lock in `tx`. */
  deliveryChoiceOf(
    orderFormId: string,
    tx: Tx,
  ): Promise<{ orderForm: OrderForm; deliveryChoice: CartDeliveryChoice }> {
    return this.checkout.deliveryChoiceOf(orderFormId, tx);
  }

  /** Delivery (flows/attach-shipping): the delivery choice and §7 shipping attachment, in `tx`. */
  setShippingData(
    orderFormId: string,
    change: { deliveryChoice: CartDeliveryChoice; shippingData: CartShippingData },
    tx: Tx,
  ): Promise<OrderForm> {
    return this.checkout.setShippingData(orderFormId, change, tx);
  }

  /** §4 purchase flow step 2: items of more than one seller re-applied under one seller. */
  reapplyUnderOneSeller(orderFormId: string, userId: string): Promise<void> {
    return this.checkout.reapplyUnderOneSeller(orderFormId, userId);
  }

  /** Placing an order (flows/place-order): the cart under its row lock in `tx`, priced from stored offers. */
  checkoutDraft(
    orderFormId: string,
    tx: Tx,
    expressEstimate: (salesChannel: number, totalItems: number) => string,
  ): ReturnType<CheckoutData['checkoutDraft']> {
    return this.checkout.checkoutDraft(orderFormId, tx, expressEstimate);
  }

  /** The cart once its order is paid (flows/place-order): emptied for the next purchase; in `tx`. */
  clearAfterOrder(orderFormId: string, tx: Tx): Promise<void> {
    return this.checkout.clearAfterOrder(orderFormId, tx);
  }

  /** Customers' carts left with products (flows/abandoned-carts), each claimed for its one reminder. */
  claimAbandoned(window: { from: Date; before: Date }): Promise<AbandonedCart[]> {
    return claimAbandonedCarts(this.database.db, window, this.clock());
  }
}
