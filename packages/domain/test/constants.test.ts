import { describe, it, expect } from 'vitest';
import * as domain from '../src/index';
import {
  BREAKPOINTS,
  DELIVERY_METHODS,
  DELIVERY_METHOD_LIST,
  EXPRESS_ADDED_MINUTES_TABLE,
  MIN_BROWSER_VERSIONS,
  PAYMENT_IDS,
  PROMOTION_ORDINAL_LABELS,
  SANTIAGO_DEFAULT_LOCATION,
  deliveryMethodByCode,
  deliveryMethodById,
} from '../src/index';

describe('§9 constants', () => {
  it('has the numeric limits of §5 and §9', () => {
    expect({
      CART_MAX_ITEMS: domain.CART_MAX_ITEMS,
      EXPRESS_MAX_ITEMS: domain.EXPRESS_MAX_ITEMS,
      MAX_QUANTITY: domain.MAX_QUANTITY,
      MAX_ITEMS_PER_QUERY: domain.MAX_ITEMS_PER_QUERY,
      OSM_MAX_ITEMS_PER_QUERY: domain.OSM_MAX_ITEMS_PER_QUERY,
      GLOBAL_MAX_ITEMS_PER_SKU: domain.GLOBAL_MAX_ITEMS_PER_SKU,
      RETRY_LIMIT: domain.RETRY_LIMIT,
      ORDER_FORM_ID_LENGTH_THRESHOLD: domain.ORDER_FORM_ID_LENGTH_THRESHOLD,
      ORDER_FORM_ID_MIN_LENGTH: domain.ORDER_FORM_ID_MIN_LENGTH,
      CATALOG_ID_CHUNK: domain.CATALOG_ID_CHUNK,
      SKUS_BATCH: domain.SKUS_BATCH,
      SUGGESTED_PRODUCTS_LIMIT: domain.SUGGESTED_PRODUCTS_LIMIT,
      ADD_TO_CART_ANALYTICS_BATCH: domain.ADD_TO_CART_ANALYTICS_BATCH,
      AUTOCOMPLETE_MAX_ROWS: domain.AUTOCOMPLETE_MAX_ROWS,
      SPONSORED_LIMIT: domain.SPONSORED_LIMIT,
      FREQUENT_PRODUCTS_DEFAULT: domain.FREQUENT_PRODUCTS_DEFAULT,
      INITIAL_PAYMENT_FRACTION: domain.INITIAL_PAYMENT_FRACTION,
      PAYMENT_STEP: domain.PAYMENT_STEP,
      PRICE_PER_UNIT_TOLERANCE: domain.PRICE_PER_UNIT_TOLERANCE,
      DEFAULT_REPLACEMENT_CRITERIA: domain.DEFAULT_REPLACEMENT_CRITERIA,
      DO_NOT_SUBSTITUTE: domain.DO_NOT_SUBSTITUTE,
      LISTING_PAGE_SIZE: domain.LISTING_PAGE_SIZE,
      DEFAULT_SALES_CHANNEL: domain.DEFAULT_SALES_CHANNEL,
      PERSISTED_DATA_DAYS: domain.PERSISTED_DATA_DAYS,
      SESSION_COOKIE_DAYS: domain.SESSION_COOKIE_DAYS,
      CART_VALUE_THRESHOLD_CENTS: domain.CART_VALUE_THRESHOLD_CENTS,
      EARTH_RADIUS_KM: domain.EARTH_RADIUS_KM,
      ADDRESS_TRUNCATE_LENGTH: domain.ADDRESS_TRUNCATE_LENGTH,
      FIRST_NAME_TRUNCATE_LENGTH: domain.FIRST_NAME_TRUNCATE_LENGTH,
      EXPRESS_BASE_MINUTES: domain.EXPRESS_BASE_MINUTES,
    }).toEqual({
      CART_MAX_ITEMS: 300,
      EXPRESS_MAX_ITEMS: 180,
      MAX_QUANTITY: 35,
      MAX_ITEMS_PER_QUERY: 40,
      OSM_MAX_ITEMS_PER_QUERY: 60,
      GLOBAL_MAX_ITEMS_PER_SKU: 35,
      RETRY_LIMIT: 3,
      ORDER_FORM_ID_LENGTH_THRESHOLD: 15,
      ORDER_FORM_ID_MIN_LENGTH: 16,
      CATALOG_ID_CHUNK: 30,
      SKUS_BATCH: 10,
      SUGGESTED_PRODUCTS_LIMIT: 4,
      ADD_TO_CART_ANALYTICS_BATCH: 20,
      AUTOCOMPLETE_MAX_ROWS: 12,
      SPONSORED_LIMIT: 5,
      FREQUENT_PRODUCTS_DEFAULT: 36,
      INITIAL_PAYMENT_FRACTION: 0.9,
      PAYMENT_STEP: 10,
      PRICE_PER_UNIT_TOLERANCE: 33,
      DEFAULT_REPLACEMENT_CRITERIA: 6,
      DO_NOT_SUBSTITUTE: 2,
      LISTING_PAGE_SIZE: 40,
      DEFAULT_SALES_CHANNEL: 1,
      PERSISTED_DATA_DAYS: 30,
      SESSION_COOKIE_DAYS: 30,
      CART_VALUE_THRESHOLD_CENTS: 1000000,
      EARTH_RADIUS_KM: 6371,
      ADDRESS_TRUNCATE_LENGTH: 30,
      FIRST_NAME_TRUNCATE_LENGTH: 12,
      EXPRESS_BASE_MINUTES: 180,
    });
  });

  it('has the §9 timings in ms', () => {
    expect(domain.EXPRESS_TIME_LIMIT_MS).toBe(12_600_000);
    expect(domain.EXPRESS_TIME_LIMIT_MS).toBe(3.5 * 60 * 60 * 1000);
    expect(domain.EXPRESS_CLOSER_WINDOW_MS).toBe(9_000_000);
    expect(domain.EXPRESS_CUTOFF_TIME).toBe('09:59:59');
    expect(domain.SESSION_CHECK_INTERVAL_MS).toBe(900000);
    expect(domain.SESSION_EXPIRED_SNACKBAR_MS).toBe(15000);
    expect(domain.WALLET_SNACKBAR_MS).toBe(15000);
    expect(domain.WALLET_POLLING_INTERVAL_MS).toBe(10000);
    expect(domain.CARD_DELETE_SNACKBAR_MS).toBe(15000);
    expect(domain.BULK_NOTICE_MS).toBe(10000);
    expect(domain.REPEAT_ORDER_SNACKBAR_MS).toBe(5000);
    expect(domain.HOUR_TOOLTIP_MS).toBe(10000);
    expect(domain.ERROR_HIGHLIGHT_MS).toBe(5000);
    expect(domain.VALIDATION_DELAY_MS).toBe(1000);
    expect(domain.ROUTE_SCROLL_DELAY_MS).toBe(500);
    expect(domain.UNAVAILABLE_PRODUCT_CHECK_DELAY_MS).toBe(100);
    expect(domain.ANALYTICS_BATCH_DELAY_MS).toBe(300);
    expect(domain.PRIME_INVITATION_DELAY_MS).toBe(3000);
    expect(domain.CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect(domain.SCROLL_THROTTLE_MS).toBe(60);
    expect(domain.DATA_FETCH_RETRY_GAP_MS).toBe(200);
  });

  it('has the help phone, locations, currency and country codes', () => {
    expect(domain.HELP_PHONE).toBe('600 400 2000');
    expect(domain.DEFAULT_COORDINATES).toEqual([-70.63, -33.45]);
    expect(SANTIAGO_DEFAULT_LOCATION).toEqual({ postalCode: '8320000', coordinates: [-70.546, -33.391] });
    expect(domain.ALTERNATIVE_DEFAULT_POINT).toEqual([-70.634, -33.448]);
    expect([domain.CURRENCY, domain.LOCALE, domain.CENTS_PER_PESO]).toEqual(['CLP', 'es-CL', 100]);
    expect([domain.COUNTRY_CODE, domain.COUNTRY_CODE_ISO3]).toEqual(['CL', 'CHL']);
  });

  it('has the payment ids table', () => {
    expect(PAYMENT_IDS).toEqual({
      debit: 30,
      promissory: 17,
      oneClick: 201,
      catOneClick: 202,
      debitOneClick: 203,
      prepaidOneClick: 204,
      giftCard: 732,
      walletBalance: 783,
    });
  });

  it('has the ordinal labels, breakpoints and browser minimums', () => {
    expect(PROMOTION_ORDINAL_LABELS).toEqual(['ra', 'da', 'ta', 'ma', 'va', 'na']);
    expect(Object.values(BREAKPOINTS)).toEqual([480, 550, 1024, 1025, 1120, 1201, 1202]);
    expect(domain.CHECKOUT_NARROW_MAX_WIDTH).toBe(480);
    expect(domain.MAX_CONTENT_WIDTH).toBe(1440);
    expect(MIN_BROWSER_VERSIONS).toEqual({
      chrome: 51,
      firefox: 55,
      edge: 15,
      opera: 38,
      safari: 11,
      ie: 10,
    });
  });

  it('has the express table with contiguous inclusive bounds', () => {
    expect(EXPRESS_ADDED_MINUTES_TABLE.map((r) => [r.minItems, r.maxItems, r.addedMinutes])).toEqual([
      [31, 60, 20],
      [61, 90, 40],
      [91, 180, 85],
      [181, 300, 120],
    ]);
  });

  it('has the §3 delivery method table and lookups', () => {
    expect(DELIVERY_METHOD_LIST.map((m) => [m.id, m.name, m.code])).toEqual([
      ['seller-1-sla-DespachoaDomicilio', 'Despacho a Domicilio', 1],
      ['seller-1-sla-RetiroenTienda', 'Retiro en Tienda', 2],
      ['seller-1-sla-ClickalAuto', 'Click al Auto', 3],
      ['seller-1-sla-Express', 'Despacho Express', 4],
    ]);
    expect(DELIVERY_METHODS.express.code).toBe(4);
    expect(DELIVERY_METHODS.storePickup.name).toBe('Retiro en Tienda');
    expect(deliveryMethodById('seller-1-sla-ClickalAuto')?.kind).toBe('carPickup');
    expect(deliveryMethodByCode(1)?.kind).toBe('homeDelivery');
    expect(deliveryMethodByCode(5)).toBeUndefined();
    expect(deliveryMethodById('nope')).toBeUndefined();
  });
});
