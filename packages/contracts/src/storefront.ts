import type { Comuna, Region } from './accounts';
import type {
  CartViewer,
  ClientProfileBody,
  CreateOrderFormBody,
  ItemsOrdination,
  OrderForm,
  OrderInfo,
  OrderInfoBody,
  OrderItemChange,
} from './cart';
import type {
  DroppedPayment,
  Order,
  PaymentEntry,
  PendingPayment,
  TransactionAnswer,
  TransactionBody,
} from './checkout';
import type { ActivatedCoupon, LoyaltyAccount, PrimeMembership } from './membership';
import type {
  CancelBody,
  EditOrderAnswer,
  EditOrderBody,
  EditProducts,
  OrderList,
  OrderListQuery,
  RescheduleBody,
} from './orders';
import type {
  DeliveryChoice,
  DeliveryWindow,
  LostProduct,
  SalesChannelAtPoint,
  ShippingSimulation,
  ShippingSimulationBody,
  WithdrawalStores,
} from './delivery';
import type { WalletCard, WalletEnrolment } from './wallet';
import type { LngLat, RepricedLine, WalletCardType, WalletLinkState } from '@despensa/domain';
import type { OperationsWebService } from './operations';
import type { AnalyticsDashboard } from './analytics';
import type { FeatureFlags } from '@despensa/domain';
import type { BankAccount, BankAccountBody } from './lists';
import type {
  CategoryNode,
  FacetsResponse,
  OrderBy,
  Product,
  ReviewsResponse,
  SearchResponse,
  SearchSuggestions,
  SelectedFacet,
} from './catalog';
import type { AccountsWebService, ShopperListsWebService } from './storefront-accounts';

/**
 * Set by the server (apps/server http/page-cache.ts) on the render of a shared page, never by a client:
 * which shared page it is. 'anonymous': nobody's; 'fill': the shopper's cart or address come from
 * /comprador/partes; 'session': their account too (pending until then).
 */
export const SHARED_PAGE_HEADER = 'x-despensa-shared-page';
export type SharedPageVariant = 'anonymous' | 'fill' | 'session';

/** The white-label brand the shop renders (name, logo, colours, help phone). */
export interface BrandConfig {
  name: string;
  logoUrl: string;
  primaryColor: string;
  secondaryColor: string;
  helpPhone: string;
  /** §8 no-coverage wording: the chain's ('default', when absent) or the other brand's ('comingSoon'). */
  noCoverageVariant?: 'default' | 'comingSoon';
  /**
   * §1 white-label, multi-seller: the seller this brand's storefront sells for. The chain's ('1') shows
   * every seller's offers; another seller's shows its own catalogue. Content items include or exclude it
   * by seller list (§6).
   */
  sellerId: string;
}

/**
 * What the web app's loaders receive from the server (React Router's getLoadContext): services called
 * in process, with no HTTP hop. The server's modules satisfy these shapes; the web never imports them.
 */
export interface StorefrontServices {
  brand: BrandConfig;
  /** The public key the browser sends to /api (x-api-key, x-consumer). */
  api: {
    consumer: string;
    key: string;
    /** This server's own address, for a page that calls its own API (never taken from a request's Host). */
    readonly origin: string;
  };
  catalog: {
    productBySlug(slug: string, salesChannel: number): Product;
    productById(id: string, salesChannel: number): Product;
    search(
      path: string,
      body: { selectedFacets: SelectedFacet[]; orderBy?: OrderBy | undefined; query?: string | undefined },
      options: { page: number; pageSize: number; salesChannel: number },
    ): SearchResponse;
    facets(
      path: string,
      selectedFacets: SelectedFacet[],
      salesChannel: number,
      query?: string,
    ): FacetsResponse;
    categoryTree(): CategoryNode[];
    /** The products holding these skus (one per product, in the skus' order), sold in the channel or not. */
    productsOfSkus(skuIds: string[], salesChannel: number): Product[];
    /** With a seller other than the chain's, only what it sells, at its prices (a white-label brand's). */
    suggestions(term: string, salesChannel: number, sellerId?: string): SearchSuggestions;
    recommended(options: { salesChannel: number; numResults: number; itemId?: string }): Product[];
    /** At most 5; with a listing, only among the products that listing shows. */
    sponsored(
      salesChannel: number,
      listing?: { path: string; selectedFacets: SelectedFacet[]; query?: string | undefined },
    ): Product[];
    reviews(productId: string): Promise<ReviewsResponse>;
  };
  content: {
    /** With `sellerId`, the items its seller rules leave that seller out of are dropped (§6). */
    document(key: string, sellerId?: string): Promise<unknown>;
    /** The time dated content (banners, campaigns) is shown at: the server's clock, or a staff preview's. */
    now(): Date;
  };
  /**
   * The cart (§4, §7), the same service /api/orderForm answers. `viewer` is the request's customer (see
   * CartViewer): a cart of another customer reads masked (canEditData false) and refuses every change with
   * the failure `notOwner`. Unknown ids reject with `cartNotFound`, bad input with `invalidInput`.
   */
  cart: {
    /** A new cart is anonymous until a customer takes it (accounts.profile with its id). */
    create(body: CreateOrderFormBody, salesChannel?: number): Promise<OrderForm>;
    /**
     * The value of the cart's key cookie (domain CART_KEY_COOKIE, HttpOnly), set beside its cart cookie
     * whenever a client is given the cart: the id names a cart, the two cookies together hold it.
     */
    holdingKey(orderFormId: string): string;
    /**
     * The cart a client holds (CartViewer.heldOrderFormId): the one its cart cookie's value names when its
     * key cookie's value is that cart's key; else null.
     */
    heldOrderFormId(
      cartCookie: string | null | undefined,
      keyCookie: string | null | undefined,
    ): string | null;
    get(viewer: CartViewer, orderFormId: string): Promise<OrderForm>;
    /** Add, update (quantity) or remove (quantity 0) lines; prices from `salesChannel`, else the cart's. */
    updateItems(
      viewer: CartViewer,
      orderFormId: string,
      orderItems: OrderItemChange[],
      options?: { salesChannel?: number; seller?: string },
    ): Promise<OrderForm>;
    removeAll(viewer: CartViewer, orderFormId: string): Promise<OrderForm>;
    setItemsOrdination(
      viewer: CartViewer,
      orderFormId: string,
      ordination: ItemsOrdination,
      salesChannel?: number,
    ): Promise<OrderForm>;
    /** '' removes the coupon; the outcome is in orderForm.messages. */
    addCoupon(viewer: CartViewer, orderFormId: string, text: string): Promise<OrderForm>;
    /** §3 payment entries (POST /api/orderform/{id}/payments); they replace the cart's. */
    setPayments(viewer: CartViewer, orderFormId: string, payments: PaymentEntry[]): Promise<OrderForm>;
    /** PUT (a value) or DELETE (null) a §7 customData field, e.g. shippingData/shippingEstimate. */
    setCustomData(
      viewer: CartViewer,
      orderFormId: string,
      appId: string,
      field: string,
      value: string | null,
    ): Promise<OrderForm>;
    setClientProfile(viewer: CartViewer, orderFormId: string, profile: ClientProfileBody): Promise<OrderForm>;
    getOrderInfo(viewer: CartViewer, orderFormId: string): Promise<OrderInfo>;
    setOrderInfo(viewer: CartViewer, orderFormId: string, info: OrderInfoBody): Promise<OrderInfo>;
    /**
     * Persistent-cart dialog (§2): adds the anonymous cart's lines to the viewer's stored cart within the
     * §5 limits; `notOwner` when either cart is another customer's or the viewer is not logged in.
     */
    mergeCarts(
      viewer: CartViewer,
      storedOrderFormId: string,
      anonymousOrderFormId: string,
    ): Promise<OrderForm>;
    /**
     * The §3 delivery-method id of the cart's stored delivery choice (null before one is chosen); an
     * emptied cart keeps it.
     */
    deliveryMethodOf(orderFormId: string): Promise<string | null>;
  };
  /**
   * Accounts (§4 login and logout, §3 user data and addresses). `token` is the raw session token from the
   * despensa_session cookie; calls with a missing, expired or revoked token reject with the failure notLoggedIn.
   */
  accounts: AccountsWebService;
  /**
   * Checkout and orders (§4 purchase flow, §7 Orders), behind the session token. Another customer's cart,
   * order or group rejects as not found (cartNotFound, orderNotFound), never with data.
   */
  checkout: {
    /**
     * §4 step 5 (POST /checkout/pub/orderform/transaction): places the cart's order and starts its payment;
     * idempotent per cart attempt. `origin` is the shop as the shopper reaches it (the acquirer returns there);
     * `brandName` the shop's brand, named by the code e-mail a blocked address gets (§1 white-label).
     */
    placeOrder(
      token: string | undefined,
      body: TransactionBody,
      origin: string,
      brandName?: string,
    ): Promise<TransactionAnswer>;
    /** GET /checkout/pub/orders/group/{id}: the group's orders (the order-placed page). */
    orderGroup(token: string | undefined, orderGroup: string): Promise<Order[]>;
    /** GET /checkout/pub/orders/{id}. */
    order(token: string | undefined, orderId: string): Promise<Order>;
    /** The shopper's cart's payment still pending on Webpay's page; null without one. */
    pendingPayment(token: string | undefined, orderFormId: string): Promise<PendingPayment | null>;
    /**
     * 'Anular pago' on such a payment: the acquirer's own status decides. Not paid: canceled at once, its
     * units and window given back to the cart; paid: settled as the order. Another's: paymentNotFound.
     */
    dropPayment(token: string | undefined, transactionId: string): Promise<DroppedPayment>;
  };
  /** The store-operations console (/operaciones), for staff sessions only. */
  operations: OperationsWebService;
  stores: {
    /** Active stores ordered by region, then comuna, then name (the /locales page). */
    list(): Promise<StoreListItem[]>;
  };
  /** Chile's regions (north to south) and comunas, as /api/address/regions answers them. */
  territory: {
    regions(): Region[];
    /** Throws regionNotFound for an unknown region code. */
    comunas(regionCode: string): Comuna[];
  };
  /** §9 feature flags, live (a staff change shows on the next page). */
  flags: { all(): Promise<FeatureFlags> };
  /**
   * The shopper's own lists, favourites and frequent products behind the session token (notLoggedIn
   * without a live one). Another shopper's list is shoppingListNotFound, as a missing one.
   */
  shopperLists: ShopperListsWebService;
  /** The refund account of /mi-cuenta-bancaria, behind the session token (invalidRut for a bad holder RUT). */
  bankAccount: {
    get(token: string | undefined): Promise<BankAccount | null>;
    save(token: string | undefined, body: BankAccountBody): Promise<BankAccount>;
    remove(token: string | undefined): Promise<void>;
  };
  /** Prime (/mi-cuenta/prime), behind the session token. */
  prime: {
    membership(token: string | undefined): Promise<PrimeMembership>;
    /** Charges the first month to the saved card and makes the shopper a member. */
    join(token: string | undefined, cardId: string): Promise<PrimeMembership>;
    /** Stops the renewal: a member until the period's end. */
    cancel(token: string | undefined): Promise<PrimeMembership>;
  };
  /** Loyalty points and coupons (/mi-cupon), behind the session token. */
  loyalty: {
    account(token: string | undefined): Promise<LoyaltyAccount>;
    /** Spends points on a coupon, applied at once to `orderFormId` when given. */
    activate(token: string | undefined, rewardId: string, orderFormId?: string): Promise<ActivatedCoupon>;
  };
  /**
   * The customer's purchases after checkout (§7 Orders), the same services /api/checkout/pub/orders,
   * /api/orders/* and /api/order/* answer. `token` is the session token: a missing or dead one rejects
   * with notLoggedIn, another customer's order with orderNotFound.
   */
  orders: {
    list(token: string | undefined, query: OrderListQuery): Promise<OrderList>;
    order(token: string | undefined, orderId: string): Promise<Order>;
    /** Windows of the order's store and mode it could move to (the reschedule dialog). */
    rescheduleWindows(token: string | undefined, orderId: string): Promise<DeliveryWindow[]>;
    reschedule(token: string | undefined, orderId: string, body: RescheduleBody): Promise<Order>;
    cancel(token: string | undefined, orderId: string, body: CancelBody): Promise<Order>;
    edit(token: string | undefined, orderId: string, body: EditOrderBody): Promise<EditOrderAnswer>;
    /** What may be added to the order while it can be edited, at the price it would take (the search). */
    editProducts(token: string | undefined, orderId: string, query: string): Promise<EditProducts>;
  };
  /**
   * Delivery (§4 sales channel and delivery mode, §7 Sales channel and shipping): the same service the
   * /api/sales-channel, /api/shipping and /api/orderform/{id}/shipping routes answer.
   */
  delivery: {
    /** Which store and channel serve a point for home delivery / express, and its coverageState. */
    salesChannelAt(point: LngLat): Promise<SalesChannelAtPoint>;
    /** Stores offering pickup or Click al Auto (non-empty in a seeded shop). */
    withdrawalStores(): Promise<WithdrawalStores>;
    /** Windows with capacity, or the express estimate, for a method at a point / store channel. */
    simulate(body: ShippingSimulationBody): Promise<ShippingSimulation>;
    /**
     * Re-prices the cart under `choice` and attaches its shipping data. Items the new channel does not
     * sell come back in `lostProducts` and are NOT removed (the lost-products dialog decides, §4); those it
     * sells at another price come back in `repricedProducts`, price before and now (issue #17).
     */
    applyChoice(
      orderFormId: string,
      choice: DeliveryChoice,
    ): Promise<{ orderForm: OrderForm; lostProducts: LostProduct[]; repricedProducts: RepricedLine[] }>;
    /** Holds a window for the cart (counts against capacity); fails with windowFull when it is full. */
    reserveWindow(
      orderFormId: string,
      window: { startDateUtc: string; endDateUtc: string },
    ): Promise<OrderForm>;
    /** The window the cart holds (or held until the hold expired) and the channel of its store, or null. */
    heldWindow(orderFormId: string): Promise<HeldWindow | null>;
  };
  /**
   * The session's wallet (§3 wallet card, §6 link states, §7 Wallet), the same service /api/wallet answers.
   * `token` is the session token; without a live session every call rejects with notLoggedIn, and a card of
   * another customer with walletCardNotFound.
   */
  wallet: {
    /** Saved one-click cards, oldest first. */
    cards(token: string | undefined): Promise<WalletCard[]>;
    /**
     * Starts a one-click enrolment with the customer's own name and e-mail: send the shopper to the answer's
     * redirectUrl; the acquirer brings them back to `callback` (a path of this shop) with enrolment=ok or
     * failed. `origin` is this shop's, as the browser reached it.
     */
    startEnrolment(
      token: string | undefined,
      type: WalletCardType,
      callback: string,
      origin: string,
    ): Promise<WalletEnrolment>;
    makeFavourite(token: string | undefined, cardId: string): Promise<WalletCard>;
    /** Rejects with walletCardInUse while an order the card paid is not collected and receipted (§8). */
    remove(token: string | undefined, cardId: string): Promise<void>;
    linkState(token: string | undefined): Promise<WalletLink>;
    /** Creates the customer's wallet when there is none and links it to this account (states create, link). */
    link(token: string | undefined): Promise<WalletLink>;
  };
  /** The merchandisers' dashboard (§1 analytics): a staff session whose role reads it (staffRoleForbidden else). */
  analytics: {
    dashboard(
      staffToken: string | undefined,
      query: { from?: string | undefined; to?: string | undefined },
    ): Promise<AnalyticsDashboard>;
  };
}

/** §6: what the wallet-link drawer offers, and the wallet's balance in cents (0 without a wallet). */
export interface WalletLink {
  state: WalletLinkState;
  balance: number;
}

/**
 * A cart's window hold. `expired`: the hold lapsed (DELIVERY_WINDOW_HOLD_MS) and its place went back to
 * the window, so the shopper must choose a window again (windowExpired).
 */
export interface HeldWindow {
  salesChannel: number;
  startDateUtc: string;
  endDateUtc: string;
  expired: boolean;
}

/** A store as the store locator shows it (§3 Store). */
export interface StoreListItem {
  id: string;
  name: string;
  region: string;
  regionCode: string;
  comuna: string;
  address: string;
  /** [lng, lat], the §3 geoCoordinates order. */
  geoCoordinates: [number, number];
  /** Store pickup (Retiro en Tienda). */
  pickup: boolean;
  /** Car pickup (Click al Auto). */
  car: boolean;
  express: boolean;
  /** Day 1 = Monday … 7 = Sunday; 'HH:MM' times. */
  openingHours: { day: number; opens: string; closes: string }[];
}

export interface StorefrontContext {
  services: StorefrontServices;
  /** This response's Content-Security-Policy nonce, which every inline script the page renders carries. */
  cspNonce?: string;
  /** Whether a loader's error says the database could not be reached in time (the page is then a 503). */
  isUnavailable?: (error: unknown) => boolean;
}
