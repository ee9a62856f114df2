import type { DeliveryChoice, OrderForm } from '@despensa/contracts';
import {
  DEFAULT_SALES_CHANNEL,
  DELIVERY_METHODS,
  deliveryFeeOf,
  deliveryMethodById,
  primeBasketOf,
  isAddressMethod,
  SEGMENT_STORAGE_KEY,
  segmentIdOf,
  shortAddressLine,
  truncate,
  type DeliveryMethodKind,
} from '@despensa/domain';

/**
 * §4 defaults: sales channel 1, and the chain's default store name (the brand's name) for store and
 * method; with it the shopper counts as "not chosen yet" (§2 go-to-checkout).
 */
export function defaultChoice(defaultStoreName: string): DeliveryChoice {
  return {
    method: null,
    salesChannel: DEFAULT_SALES_CHANNEL,
    seller: '1',
    storeName: defaultStoreName,
    storeId: null,
    addressId: null,
    addressLine: null,
    addressEssentials: null,
    coverageState: null,
    segment: segmentIdOf(DEFAULT_SALES_CHANNEL),
  };
}

/**
 * §4: what a logged-in shopper's new cart gets: store pickup at the default store (channel 1, the
 * chain's default store name), which still counts as "not chosen" for go-to-checkout.
 */
export function defaultPickupChoice(defaultStoreName: string): DeliveryChoice {
  return { ...defaultChoice(defaultStoreName), method: DELIVERY_METHODS.storePickup.id };
}

export function methodKindOf(choice: DeliveryChoice | null): DeliveryMethodKind | null {
  return choice?.method ? (deliveryMethodById(choice.method)?.kind ?? null) : null;
}

/**
 * The delivery fee the order will charge under the choice, as the header and the cart's summary show it:
 * the held window's (its mode's fee), or express's own, which has no window (issue 28: the summary left it
 * out and Webpay asked for it); null while none is due. The domain's deliveryFeeOf, as the server charges.
 */
export function chargedDeliveryFee(
  choice: DeliveryChoice | null,
  window: { price: number } | null,
  orderForm: OrderForm | null,
): number | null {
  if (window) return window.price;
  if (methodKindOf(choice) !== 'express' || !orderForm) return null;
  return deliveryFeeOf(choice!.method, false, primeBasketOf(orderForm));
}

/** The header button's two lines once a mode is chosen: the mode, then the address or store. */
export function choiceSummary(choice: DeliveryChoice | null): { mode: string; place: string } | null {
  const kind = methodKindOf(choice);
  if (!choice || !kind) return null;
  const place = isAddressMethod(kind) ? (choice.addressLine ?? '') : choice.storeName;
  return { mode: DELIVERY_METHODS[kind].name, place };
}

/**
 * The place where room is short (the header button), in two parts: what may give way further (the
 * street, or a store's name) and what stays (number and comuna). §9 cuts it to 30 characters; an
 * address keeps its number and comuna, and a choice saved before they were kept is cut at its end.
 */
export function shortPlace(choice: DeliveryChoice | null): { head: string; rest: string } | null {
  const kind = methodKindOf(choice);
  if (!choice || !kind) return null;
  if (!isAddressMethod(kind)) return { head: truncate(choice.storeName), rest: '' };
  if (!choice.addressEssentials) return { head: truncate(choice.addressLine ?? ''), rest: '' };
  const { street, rest } = shortAddressLine(choice.addressEssentials);
  return { head: street, rest };
}

/** §2 (exclusion-zone tooltip, no-coverage popover): home delivery chosen to an address in an exclusion zone. */
export function isExclusionZoneDelivery(choice: DeliveryChoice | null): boolean {
  return methodKindOf(choice) === 'homeDelivery' && choice?.coverageState === 'exclusionZone';
}

/** §3 persisted values in localStorage, one key per value; the 'despensa.' prefix is what logout clears. */
const STORAGE_KEYS = {
  seller: 'despensa.seller',
  salesChannel: 'despensa.salesChannel',
  storeName: 'despensa.storeName',
  method: 'despensa.shippingMethodName',
  segment: SEGMENT_STORAGE_KEY,
} as const;
const PREVIOUS_KEY = 'despensa.previousChannelInfo';

/** Mirrors the cookie's choice into localStorage (§3, §4), keeping the previous one for a restore. */
export function mirrorChoice(choice: DeliveryChoice): void {
  try {
    const method = choice.method ? (deliveryMethodById(choice.method)?.name ?? '') : '';
    localStorage.setItem(STORAGE_KEYS.seller, choice.seller);
    localStorage.setItem(STORAGE_KEYS.salesChannel, String(choice.salesChannel));
    localStorage.setItem(STORAGE_KEYS.storeName, choice.storeName);
    localStorage.setItem(STORAGE_KEYS.method, method);
    if (choice.segment) localStorage.setItem(STORAGE_KEYS.segment, choice.segment);
    else localStorage.removeItem(STORAGE_KEYS.segment);
  } catch {
    // Storage can be full or disabled (private mode): the cookie still carries the choice.
  }
}

/** §6: a visitor who has not chosen yet is in the default channel, and their calls carry its segment. */
export function mirrorDefaultSegment(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.segment, segmentIdOf(DEFAULT_SALES_CHANNEL));
  } catch {
    // see mirrorChoice
  }
}

export function rememberPreviousChoice(previous: DeliveryChoice): void {
  try {
    localStorage.setItem(PREVIOUS_KEY, JSON.stringify(previous));
  } catch {
    // see mirrorChoice
  }
}
