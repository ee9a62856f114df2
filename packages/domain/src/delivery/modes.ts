import type { DeliveryMethodKind } from '../constants';

/**
 * Whether a store offers a mode of its own: store pickup and Click al Auto follow its flags; home delivery
 * and express depend on the address's coverage and the express quote, not on the store's flags.
 */
export function storeOffersMode(store: { pickup: boolean; car: boolean }, mode: DeliveryMethodKind): boolean {
  if (mode === 'storePickup') return store.pickup;
  if (mode === 'carPickup') return store.car;
  return true;
}

/** Whether a store offers either way of collecting an order (store pickup or Click al Auto). */
export function storeOffersPickup(store: { pickup: boolean; car: boolean }): boolean {
  return storeOffersMode(store, 'storePickup') || storeOffersMode(store, 'carPickup');
}

/**
 * The mode an order is delivered in: express that cannot be promised now becomes home delivery in the
 * store's scheduled windows (§7's 'Despacho Especial' answer); every other mode is itself.
 */
export function servedMode(mode: DeliveryMethodKind, expressAvailable: boolean): DeliveryMethodKind {
  return mode === 'express' && !expressAvailable ? 'homeDelivery' : mode;
}
