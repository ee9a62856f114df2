/** The demo catalogue the API tests run on: small enough to seed in seconds, dated to a fixed day. */
export const TEST_PRODUCTS = 800;
export const TEST_NOW = new Date('2026-11-01T12:00:00Z');
/** The test apps' CART_KEY_SECRET, so a test can hold a cart it made by id (support/cart.ts holderCookie). */
export const TEST_CART_KEY_SECRET = 'test-cart-key-secret-0123456789abcdef';
export const TEST_KEY = { 'x-api-key': 'test-web-key', 'x-consumer': 'web' };
export const TEST_OSM_KEY = { 'x-api-key': 'test-osm-key', 'x-consumer': 'osm' };
