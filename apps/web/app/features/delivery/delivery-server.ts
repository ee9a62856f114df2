import {
  Failure,
  failureCodeOf,
  failureMessages,
  type Address,
  type DeliveryChoice,
  type DeliveryWindow,
  type FailureCode,
  type HeldWindow,
  type OrderForm,
  type ShippingSimulation,
  type StoreOperations,
  type StorefrontServices,
} from '@despensa/contracts';
import {
  DEFAULT_SALES_CHANNEL,
  DELIVERY_METHODS,
  DELIVERY_MODAL_MESSAGES,
  deliveryFeeOf,
  isAddressMethod,
  primeBasketOf,
  primeDeliveryFee,
  SANTIAGO_DEFAULT_LOCATION,
  segmentIdOf,
  storeOffersMode,
  type DeliveryMethodKind,
  type LngLat,
} from '@despensa/domain';
import { sessionTokenOf } from '../../lib/session-token';
import { defaultChoice, methodKindOf } from './choice';

/** Loader and action helpers of the delivery selector: everything goes through the in-process services. */

/** The logged-in shopper's address book (§3 list rules applied by the service), or null when anonymous. */
export async function addressBookOf(
  services: StorefrontServices,
  request: Request,
): Promise<Address[] | null> {
  const token = sessionTokenOf(request);
  if (!token) return null;
  try {
    return await services.accounts.addresses(token);
  } catch (error) {
    if (failureCodeOf(error) === 'notLoggedIn') return null;
    throw error;
  }
}

/** A store the selector offers for pickup or Click al Auto. */
export interface StoreOption {
  storeId: string;
  name: string;
  address: string;
  comuna: string;
  region: string;
  coordinates: [number, number];
  pickup: boolean;
  car: boolean;
}

export function storeOption(store: StoreOperations): StoreOption {
  return {
    storeId: store.storeId,
    name: store.name,
    address: store.address,
    comuna: store.comuna,
    region: store.region,
    coordinates: store.coordinates,
    pickup: store.store,
    car: store.auto,
  };
}

/** §5: the withdrawal answer counts only when it says success and lists stores. */
export async function withdrawalStoresOf(services: StorefrontServices): Promise<StoreOperations[]> {
  const answer = await services.delivery.withdrawalStores();
  return answer.message === 'success' ? answer.payload.stores.filter((store) => store.active) : [];
}

/** What the selector shows for a mode at a place: coverage, windows with capacity, the express estimate. */
export interface DeliveryQuote {
  coverageState: 'covered' | 'exclusionZone' | 'outOfCoverage';
  storeName: string | null;
  windows: DeliveryWindow[];
  estimateMinutes: number | null;
  /** Cents. */
  price: number | null;
  /** Express only: whether it can be promised now, and why not. */
  express: { available: boolean; reason: string | null } | null;
  /** A §8 delivery modal message, or null. */
  message: string | null;
  /** The window the cart holds for this mode and store (chosen before), offered as the selection. */
  heldWindow: { startDateUtc: string; endDateUtc: string } | null;
}

/** A choice the selector cannot take as given (no session, not one of the listed stores…). */
export class DeliveryInputError extends Failure {}

/** Where a mode goes: an address, a comuna (a preview only), a store. */
export interface DeliveryPlaceRef {
  addressId?: string | null;
  storeId?: string | null;
  /** CUT code of a comuna: before logging in, home delivery and express are quoted at its centre. */
  comunaCode?: string | null;
}

/** A comuna by its CUT code (its first two digits are its region's code). */
function comunaByCode(services: StorefrontServices, code: string) {
  try {
    return services.territory.comunas(code.slice(0, 2)).find((comuna) => comuna.code === code);
  } catch (error) {
    if (failureCodeOf(error) === 'regionNotFound') return undefined;
    throw error;
  }
}

/**
 * Where a mode goes: the store serving an address (home, express) or the chosen store (pickup, car). A
 * comuna stands for an address only to quote: the choice itself needs one of the shopper's addresses.
 */
async function placeOf(
  services: StorefrontServices,
  request: Request,
  kind: DeliveryMethodKind,
  { addressId, storeId, comunaCode }: DeliveryPlaceRef,
): Promise<
  | {
      coverageState: DeliveryQuote['coverageState'];
      store: StoreOperations | null;
      point: LngLat;
      postalCode: string;
      address: Address | null;
    }
  | { error: FailureCode }
> {
  if (isAddressMethod(kind) && comunaCode) {
    const comuna = comunaByCode(services, comunaCode);
    if (!comuna) return { error: 'comunaNotFound' };
    if (!comuna.geoCoordinates) return { error: 'addressNotLocated' };
    const at = await services.delivery.salesChannelAt(comuna.geoCoordinates);
    return {
      coverageState: at.payload.coverageState,
      store: at.payload.store,
      point: comuna.geoCoordinates,
      postalCode: SANTIAGO_DEFAULT_LOCATION.postalCode,
      address: null,
    };
  }
  if (isAddressMethod(kind)) {
    const book = await addressBookOf(services, request);
    if (!book) return { error: 'deliveryNeedsLogin' };
    const address = book.find((entry) => entry.addressId === addressId);
    if (!address) return { error: 'addressNotInBook' };
    if (!address.geoCoordinates) return { error: 'addressNotLocated' };
    const point: LngLat = address.geoCoordinates;
    const at = await services.delivery.salesChannelAt(point);
    return {
      coverageState: at.payload.coverageState,
      store: at.payload.store,
      point,
      postalCode: address.postalCode,
      address,
    };
  }
  const stores = await withdrawalStoresOf(services);
  const store = stores.find(
    (entry) => entry.storeId === storeId && storeOffersMode(storeOption(entry), kind),
  );
  if (!store) return { error: 'storeNotOffered' };
  return {
    coverageState: 'covered',
    store,
    point: store.coordinates,
    postalCode: SANTIAGO_DEFAULT_LOCATION.postalCode,
    address: null,
  };
}

/** The shipping simulation of a mode for the cart's items (or the default items when there are none). */
export async function quoteFor(
  services: StorefrontServices,
  request: Request,
  orderForm: OrderForm | null,
  kind: DeliveryMethodKind,
  where: DeliveryPlaceRef,
): Promise<DeliveryQuote> {
  const place = await placeOf(services, request, kind, where);
  if ('error' in place) throw new DeliveryInputError(place.error);
  // §4: an exclusion zone offers no home delivery; the no-coverage popover takes over.
  if (place.coverageState === 'exclusionZone' && isAddressMethod(kind)) {
    return {
      coverageState: 'exclusionZone',
      storeName: place.store?.name ?? null,
      ...NO_OFFER,
      message: null,
    };
  }
  if (place.coverageState === 'outOfCoverage' || !place.store) {
    return {
      coverageState: 'outOfCoverage',
      storeName: null,
      ...NO_OFFER,
      message: DELIVERY_MODAL_MESSAGES.outOfCoverage,
    };
  }
  const methodId = DELIVERY_METHODS[kind].id;
  const [simulation, held] = await Promise.all([
    services.delivery.simulate({
      location: { zipCode: place.postalCode, country: 'CL', point: [place.point[0], place.point[1]] },
      saleschannel: place.store.sc,
      shippingMethod: methodId,
      items: simulationItemsOf(orderForm),
      // The cart's items, even none: the server falls back to its default items under the §9 threshold.
      isCart: true,
    }),
    heldWindowOf(services, orderForm, place.store.sc, methodId),
  ]);
  return quoteOf(simulation, held, orderForm, methodId, place.store.name);
}

/** A quote with nothing on offer (no coverage). */
const NO_OFFER = {
  windows: [],
  estimateMinutes: null,
  price: null,
  express: null,
  heldWindow: null,
} satisfies Partial<DeliveryQuote>;

function simulationItemsOf(orderForm: OrderForm | null) {
  return (orderForm?.items ?? []).map((item) => ({
    id: item.id,
    quantity: Math.max(1, Math.round(item.quantity)),
    seller: item.seller,
  }));
}

/** The quote a simulation answers for the method, with the fees the cart will charge. */
function quoteOf(
  simulation: ShippingSimulation,
  held: HeldWindow | null,
  orderForm: OrderForm | null,
  methodId: string,
  storeName: string,
): DeliveryQuote {
  const slas = simulation.logisticsInfo.flatMap((entry) => entry.slas);
  // §7: when express cannot be promised the answer carries the 'Despacho Especial' windows instead.
  const sla = slas.find((candidate) => candidate.id === methodId) ?? slas[0];
  const express = simulation.express;
  const charged = chargedFeeOf(orderForm);
  const quotedPrice = express?.price ?? sla?.price ?? null;
  return {
    coverageState: simulation.coverageState,
    storeName,
    windows: (sla?.availableDeliveryWindows ?? []).map((window) => ({
      ...window,
      price: charged(window.price, sla?.id ?? methodId),
    })),
    estimateMinutes: express?.estimateMinutes ?? sla?.estimateMinutes ?? null,
    price: quotedPrice === null ? null : charged(quotedPrice, express ? methodId : (sla?.id ?? methodId)),
    express: express ? { available: express.available, reason: express.reason } : null,
    ...holdNotice(simulation, held),
  };
}

/** The §8 message (else a note that the hold expired) and the window still held, offered as the selection. */
function holdNotice(
  simulation: ShippingSimulation,
  held: HeldWindow | null,
): Pick<DeliveryQuote, 'message' | 'heldWindow'> {
  return {
    message: simulation.message
      ? DELIVERY_MODAL_MESSAGES[simulation.message]
      : held?.expired
        ? failureMessages.windowExpired
        : null,
    // An expired hold is not shown as held: its place went back to the window.
    heldWindow:
      held && !held.expired ? { startDateUtc: held.startDateUtc, endDateUtc: held.endDateUtc } : null,
  };
}

/**
 * The fee as the cart will charge it: the domain's Prime rule (the one deliveryFeeOf applies for the cart
 * summary, the checkout and the order) waives it for a member's basket over the minimum. The basket is
 * the cart as priced now; a store that prices it otherwise re-prices it once chosen.
 */
function chargedFeeOf(orderForm: OrderForm | null): (price: number, selectedSla: string) => number {
  const basket = orderForm ? primeBasketOf(orderForm) : null;
  return (price, selectedSla) => (basket ? primeDeliveryFee(price, selectedSla, basket) : price);
}

/**
 * The cart's window hold when it was taken under this store and method (a change of either gives it
 * back), expired or not.
 */
async function heldWindowOf(
  services: StorefrontServices,
  orderForm: OrderForm | null,
  salesChannel: number,
  methodId: string,
): Promise<HeldWindow | null> {
  if (!orderForm) return null;
  // The cart's own delivery choice: an emptied cart has no logisticsInfo, yet keeps its mode and hold.
  const [method, held] = await Promise.all([
    services.cart.deliveryMethodOf(orderForm.orderFormId),
    services.delivery.heldWindow(orderForm.orderFormId),
  ]);
  return method === methodId && held?.salesChannel === salesChannel ? held : null;
}

/**
 * The choice a confirmed mode stands for (§4: new mode, channel and name). An exclusion-zone address is
 * kept with the default channel and store name, so the no-coverage popover shows and checkout still asks.
 */
export async function choiceFor(
  services: StorefrontServices,
  request: Request,
  kind: DeliveryMethodKind,
  where: { addressId?: string | null; storeId?: string | null },
): Promise<DeliveryChoice> {
  const place = await placeOf(services, request, kind, where);
  if ('error' in place) throw new DeliveryInputError(place.error);
  const method = DELIVERY_METHODS[kind].id;
  const addressLine = place.address?.displayLine ?? null;
  // The comuna is the address's §3 city (the address dialog's comuna picker fills it).
  const addressEssentials = place.address
    ? { street: place.address.street, number: place.address.number, comuna: place.address.city }
    : null;
  if (place.coverageState === 'exclusionZone' && isAddressMethod(kind)) {
    return {
      ...defaultChoice(services.brand.name),
      method,
      addressId: place.address?.addressId ?? null,
      addressLine,
      addressEssentials,
      coverageState: 'exclusionZone',
    };
  }
  if (place.coverageState === 'outOfCoverage' || !place.store) {
    throw new DeliveryInputError('outOfCoverage');
  }
  const salesChannel = place.store.sc || DEFAULT_SALES_CHANNEL;
  return {
    method,
    salesChannel,
    seller: place.store.seller,
    storeName: place.store.name,
    storeId: place.store.storeId,
    addressId: place.address?.addressId ?? null,
    addressLine,
    addressEssentials,
    coverageState: place.coverageState,
    segment: segmentIdOf(salesChannel),
  };
}

/** The window the cart holds under the chosen mode, with the mode's fee (cents): header and cart summary. */
export interface ChosenWindow {
  startDateUtc: string;
  endDateUtc: string;
  price: number;
}

/**
 * The chosen mode's window as the cart holds it (one store's, given back on any change of store or mode),
 * or null: no mode, no cart, no window or an expired hold.
 */
export async function chosenWindowOf(
  services: StorefrontServices,
  orderForm: OrderForm | null,
  choice: DeliveryChoice | null,
): Promise<ChosenWindow | null> {
  const kind = methodKindOf(choice);
  if (!orderForm || !choice || !kind) return null;
  const held = await services.delivery.heldWindow(orderForm.orderFormId);
  if (!held || held.expired || held.salesChannel !== choice.salesChannel) return null;
  // The fee the order will charge: a Prime member's basket over the minimum delivers free.
  const price = deliveryFeeOf(DELIVERY_METHODS[kind].id, true, primeBasketOf(orderForm));
  return { startDateUtc: held.startDateUtc, endDateUtc: held.endDateUtc, price };
}
