/** Business constants and limits of the spec (§9, plus the tables of §3, §4 and §5 that other rules need). */

// Numeric limits (§5, §9)
export const CART_MAX_ITEMS = 300;
export const EXPRESS_MAX_ITEMS = 180;
export const MAX_QUANTITY = 35;
export const MAX_ITEMS_PER_QUERY = 40;
export const OSM_MAX_ITEMS_PER_QUERY = 60;
/**
 * Global cap on a sku's cart_limit. The spec hides its value (§9); 35 is chosen so that it equals
 * MAX_QUANTITY and a shopper can never be allowed more units than the quantity selector offers.
 */
export const GLOBAL_MAX_ITEMS_PER_SKU = 35;
export const RETRY_LIMIT = 3;
/** The spec's number: a stored orderFormId is valid only if LONGER than this (§4, §9). */
export const ORDER_FORM_ID_LENGTH_THRESHOLD = 15;
/** Shortest valid orderFormId, i.e. threshold + 1; prefer `isValidOrderFormId` over comparing by hand. */
export const ORDER_FORM_ID_MIN_LENGTH = ORDER_FORM_ID_LENGTH_THRESHOLD + 1;
export const CATALOG_ID_CHUNK = 30;
export const SKUS_BATCH = 10;
export const SUGGESTED_PRODUCTS_LIMIT = 4;
export const ADD_TO_CART_ANALYTICS_BATCH = 20;
/** Most analytics events one batch carries (the API refuses more). */
export const ANALYTICS_MAX_BATCH = 100;
export const AUTOCOMPLETE_MAX_ROWS = 12;
export const SPONSORED_LIMIT = 5;
export const FREQUENT_PRODUCTS_DEFAULT = 36;
export const INITIAL_PAYMENT_FRACTION = 0.9;
export const PAYMENT_STEP = 10;
export const PRICE_PER_UNIT_TOLERANCE = 33;
/** Substitution options (§4): store criterion and do not substitute. */
export const DEFAULT_REPLACEMENT_CRITERIA = 6;
export const DO_NOT_SUBSTITUTE = 2;
export const LISTING_PAGE_SIZE = 40;
export const DEFAULT_SALES_CHANNEL = 1;
/** The chain's own seller id (§2: add by URL defaults the seller to 1). */
export const CHAIN_SELLER_ID = '1';
/** Sub-categories shown per category in the category dropdown (§2). */
export const CATEGORY_MENU_MAX_CHILDREN = 4;
/** Order count that opens the Prime invitation drawer (§4). */
export const PRIME_INVITATION_ORDER_COUNT = 4;

// Timing (§9); every *_MS value is in milliseconds.
export const EXPRESS_TIME_LIMIT_MS = 12_600_000;
export const EXPRESS_CLOSER_WINDOW_MS = 9_000_000;
export const EXPRESS_CUTOFF_TIME = '09:59:59';
export const SESSION_COOKIE_DAYS = 30;
export const PERSISTED_DATA_DAYS = 30;
/** How long a cookie that keeps the shopper's data lives (the cart's, the delivery choice's), in seconds. */
export const PERSISTED_DATA_MAX_AGE_S = PERSISTED_DATA_DAYS * 24 * 60 * 60;

// Cookies the server reads as well as the web app (the shared page's key, http/page-cache.ts).
/** The session's (httpOnly), set by the API's login and the web's login forms alike. */
export const SESSION_COOKIE = 'despensa_session';
export const SESSION_COOKIE_MAX_AGE_S = SESSION_COOKIE_DAYS * 24 * 60 * 60;
/** §4 the chosen delivery mode (JSON, contracts deliveryChoice). */
export const DELIVERY_CHOICE_COOKIE = 'despensa_delivery';
/** The accessibility dialog's contrast setting. */
export const CONTRAST_COOKIE = 'despensa_contrast';
/** The analytics consent: the banner shows until it is set. */
export const CONSENT_COOKIE = 'despensa_consent';
export const SESSION_CHECK_INTERVAL_MS = 900_000;
export const SESSION_EXPIRED_SNACKBAR_MS = 15_000;
export const WALLET_SNACKBAR_MS = 15_000;
export const WALLET_POLLING_INTERVAL_MS = 10_000;
/** Card delete refused snackbar (§8). */
export const CARD_DELETE_SNACKBAR_MS = 15_000;
export const BULK_NOTICE_MS = 10_000;
export const REPEAT_ORDER_SNACKBAR_MS = 5_000;
export const HOUR_TOOLTIP_MS = 10_000;
export const ERROR_HIGHLIGHT_MS = 5_000;
/** Pause after typing before the email and RUT errors show (§5). */
export const VALIDATION_DELAY_MS = 1_000;
export const ROUTE_SCROLL_DELAY_MS = 500;
export const UNAVAILABLE_PRODUCT_CHECK_DELAY_MS = 100;
export const ANALYTICS_BATCH_DELAY_MS = 300;
export const PRIME_INVITATION_DELAY_MS = 3_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const SCROLL_THROTTLE_MS = 60;
export const DATA_FETCH_RETRY_GAP_MS = 200;

export const HELP_PHONE = '600 400 2000';

// Express delivery (§9)
export const EXPRESS_BASE_MINUTES = 180;
/** Minutes added by total item quantity; bounds are inclusive. Up to 30 items adds nothing. */
export const EXPRESS_ADDED_MINUTES_TABLE = [
  { minItems: 31, maxItems: 60, addedMinutes: 20 },
  { minItems: 61, maxItems: 90, addedMinutes: 40 },
  { minItems: 91, maxItems: 180, addedMinutes: 85 },
  { minItems: 181, maxItems: 300, addedMinutes: 120 },
] as const;

/** In cents: decides whether the cart items or default items feed the delivery-hours simulation (§9). */
export const CART_VALUE_THRESHOLD_CENTS = 1_000_000;

export const EARTH_RADIUS_KM = 6371;

/** [lng, lat] pair, the order of §3 geoCoordinates. */
export type LngLat = readonly [lng: number, lat: number];

// Default locations (§9)
export const DEFAULT_COORDINATES: LngLat = [-70.63, -33.45];
export const SANTIAGO_DEFAULT_LOCATION = {
  postalCode: '8320000',
  coordinates: [-70.546, -33.391] as LngLat,
} as const;
export const ALTERNATIVE_DEFAULT_POINT: LngLat = [-70.634, -33.448];

// Currency and country (§3, §9)
export const CURRENCY = 'CLP';
export const LOCALE = 'es-CL';
/** Prices travel in cents and are divided by this for display. */
export const CENTS_PER_PESO = 100;
export const COUNTRY_CODE = 'CL';
export const COUNTRY_CODE_ISO3 = 'CHL';

export const PAYMENT_IDS = {
  debit: 30,
  promissory: 17,
  oneClick: 201,
  catOneClick: 202,
  debitOneClick: 203,
  prepaidOneClick: 204,
  giftCard: 732,
  walletBalance: 783,
} as const;
export type PaymentKind = keyof typeof PAYMENT_IDS;

/** Suffixes of the spec, in its order; see `ordinalLabel` for how positions map to them. */
export const PROMOTION_ORDINAL_LABELS = ['ra', 'da', 'ta', 'ma', 'va', 'na'] as const;

export const BREAKPOINTS = {
  xs: 480,
  sm: 550,
  /** Newsletter subscribe layout. */
  newsletter: 1024,
  /** The 'select delivery method' popover shows on desktop above this width. */
  desktop: 1025,
  md: 1120,
  lg: 1201,
  /** The mobile header is used below this width. */
  mobileHeader: 1202,
} as const;
/** Checkout switches to its narrow layout at this width or less. */
export const CHECKOUT_NARROW_MAX_WIDTH = 480;
export const MAX_CONTENT_WIDTH = 1440;

export const ADDRESS_TRUNCATE_LENGTH = 30;
export const FIRST_NAME_TRUNCATE_LENGTH = 12;
/** Not in the spec: cap for sanitised free-text address fields (complement, reference). */
export const ADDRESS_TEXT_MAX_LENGTH = 100;

/** Below these versions the outdated-browser page is shown; mobile variants use the same numbers (§5). */
export const MIN_BROWSER_VERSIONS = {
  chrome: 51,
  firefox: 55,
  edge: 15,
  opera: 38,
  safari: 11,
  ie: 10,
} as const;
export type BrowserName = keyof typeof MIN_BROWSER_VERSIONS;

/**
 * §9 feature flags and their defaults (the spec's examples: Prime off, prepaid off, gift card, wallet and
 * product reviews on; the rest are the features §6 says depend on flags). The live values are in the
 * database and change at run time; these are what a new shop starts with.
 */
export const DEFAULT_FEATURE_FLAGS = {
  prime: false,
  prepaid: false,
  giftCard: true,
  wallet: true,
  productReviews: true,
  loyalty: true,
  /** §6: employees (collaborator segment) also see the loyalty page. */
  employeeLoyalty: false,
  bankAccount: true,
  shoppingLists: true,
  favourites: true,
  frequentProducts: true,
} as const;
export type FeatureFlag = keyof typeof DEFAULT_FEATURE_FLAGS;
export type FeatureFlags = Record<FeatureFlag, boolean>;
export const FEATURE_FLAG_NAMES = Object.keys(DEFAULT_FEATURE_FLAGS) as FeatureFlag[];

export function isFeatureFlag(value: string): value is FeatureFlag {
  return Object.hasOwn(DEFAULT_FEATURE_FLAGS, value);
}

// Delivery methods (§3)
export type DeliveryMethodKind = 'homeDelivery' | 'storePickup' | 'carPickup' | 'express';
export interface DeliveryMethod {
  readonly kind: DeliveryMethodKind;
  readonly id: string;
  readonly name: string;
  readonly code: number;
}
export const DELIVERY_METHODS = {
  homeDelivery: {
    kind: 'homeDelivery',
    id: 'seller-1-sla-DespachoaDomicilio',
    name: 'Despacho a Domicilio',
    code: 1,
  },
  storePickup: { kind: 'storePickup', id: 'seller-1-sla-RetiroenTienda', name: 'Retiro en Tienda', code: 2 },
  carPickup: { kind: 'carPickup', id: 'seller-1-sla-ClickalAuto', name: 'Click al Auto', code: 3 },
  express: { kind: 'express', id: 'seller-1-sla-Express', name: 'Despacho Express', code: 4 },
} as const satisfies Record<DeliveryMethodKind, DeliveryMethod>;
/** The same table in persistent-code order. */
export const DELIVERY_METHOD_LIST: readonly DeliveryMethod[] = Object.values(DELIVERY_METHODS).sort(
  (a, b) => a.code - b.code,
);

export function deliveryMethodById(id: string): DeliveryMethod | undefined {
  return DELIVERY_METHOD_LIST.find((m) => m.id === id);
}
export function deliveryMethodByCode(code: number): DeliveryMethod | undefined {
  return DELIVERY_METHOD_LIST.find((m) => m.code === code);
}

// Other §3/§4 tables
export const BANK_ACCOUNT_TYPES = { CORRIENTE: 1, VISTA: 2, AHORRO: 3 } as const;
/** How the bank-account dialog names the §3 types. */
export const BANK_ACCOUNT_TYPE_NAMES: Record<number, string> = {
  1: 'Cuenta Corriente',
  2: 'Cuenta Vista',
  3: 'Cuenta de Ahorro',
};
/** Not in the spec: the Chilean banks a refund can go to. */
export const CHILEAN_BANKS = [
  'Banco de Chile',
  'Banco del Estado de Chile',
  'Banco Santander',
  'Banco de Crédito e Inversiones',
  'Scotiabank',
  'Banco Itaú',
  'Banco BICE',
  'Banco Security',
  'Banco Falabella',
  'Banco Ripley',
  'Banco Consorcio',
  'Banco Internacional',
  'Coopeuch',
] as const;
export const SHOPPING_LIST_SCHEDULE_STATUS = { unscheduled: 0, scheduled: 1, paused: 2 } as const;
export const SHOPPING_LIST_FREQUENCY_WEEKS = [1, 2, 3, 4] as const;
/** Monday = 1 … Sunday = 7. */
export const SHOPPING_LIST_DELIVERY_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const TOTALIZER_IDS = [
  'Items',
  'Discounts',
  'Tcenco',
  'DiscountsTcenco',
  'CencoPay',
  'DiscountsCencoPay',
  'BalanceCencoPay',
  'DiscountsBalanceCencoPay',
] as const;
export type TotalizerId = (typeof TOTALIZER_IDS)[number];
