/** The public entry of platform for other features: what they may render or call in the browser. */
export { trackCartChange } from './cart-analytics';
export { queueCartChangeOffline } from './offline-cart';
