import { CART_VALUE_THRESHOLD_CENTS, DELIVERY_METHODS, type DeliveryMethodKind } from '../constants';

/**
 * §7: a simulation whose requested method is unavailable is retried with 'Despacho Especial'. Here that
 * is the home-delivery windows of the same store offered under this name: express that cannot be
 * promised (closed, too many items, beyond 3.5 h) still gets the next scheduled windows. Pickup and Click
 * al Auto are not retried (picking up at a store that does not offer it has no delivery fallback).
 */
export const SPECIAL_DELIVERY_NAME = 'Despacho Especial';

/**
 * §9: the cart value threshold (1000000 cents) decides which items feed a delivery-hours simulation.
 * Our reading: a cart worth at least the threshold is a real order, so its own items are simulated; a
 * smaller one (an empty or barely started cart) says little about the order, so the default items are
 * simulated instead and the windows shown do not depend on the first products added.
 */
export function simulationItemsSource(cartValueCents: number): 'cart' | 'default' {
  return cartValueCents >= CART_VALUE_THRESHOLD_CENTS ? 'cart' : 'default';
}

/** §3 deliveryChannel of a method: pickups are 'pickup-in-point', the rest 'delivery'. */
export function deliveryChannelOf(kind: DeliveryMethodKind): 'delivery' | 'pickup-in-point' {
  return kind === 'storePickup' || kind === 'carPickup' ? 'pickup-in-point' : 'delivery';
}

/** Price per order in cents, by method; not in the spec (the demo chain's tariff). */
export const DELIVERY_PRICES_CENTS: Record<DeliveryMethodKind, number> = {
  homeDelivery: 299_000,
  express: 499_000,
  storePickup: 0,
  carPickup: 0,
};

/** Whether a method delivers to an address (coverage matters) rather than being picked up. */
export function isAddressMethod(kind: DeliveryMethodKind): boolean {
  return kind === DELIVERY_METHODS.homeDelivery.kind || kind === DELIVERY_METHODS.express.kind;
}
