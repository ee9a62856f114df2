import {
  COUNTRY_CODE_ISO3,
  DEFAULT_SALES_CHANNEL,
  SANTIAGO_DEFAULT_LOCATION,
  deliveryChannelOf,
  deliveryMethodById,
  windowOrderable,
  isAddressMethod,
  type DeliveryMethod,
} from '@despensa/domain';
import {
  Failure,
  type DeliveryChoice,
  type OrderForm,
  type OrderFormShippingBody,
  type Sla,
} from '@despensa/contracts';
import type { Tx } from '../../db/client';
import type { CartDeliveryChoice, CartShippingData } from '../cart/service';
import { pickupPoint, type StoreCoverage, type StoreEntry } from './coverage';
import { expressSla, type ExpressDelivery } from './express';
import { holdsWindow } from './repo';
import { parseWindow, scheduledSla, windowView, type DeliveryWindows } from './windows';

type WindowTimes = { startDateUtc: string; endDateUtc: string };

/** A channel change, planned: what the cart is written with. */
export interface ChoicePlan {
  deliveryChoice: CartDeliveryChoice;
  shippingData: CartShippingData;
  releaseWindow: boolean;
}

/** A shipping attachment, planned: what the cart is written with and the window to hold. */
export interface AttachmentPlan {
  deliveryChoice: CartDeliveryChoice;
  shippingData: CartShippingData;
  /** Hold this window; 'release' gives the held one back; null keeps whatever is held. */
  window: WindowTimes | 'release' | null;
  /** The logistics entries' slas, read once the hold is taken (in the flow's transaction). */
  slas: (tx: Tx) => Promise<Sla[]>;
}

/** The cart's delivery choice and shipping attachment (§4 channel change, §7 cart shipping attachment). */
export class CartShipping {
  constructor(
    private readonly coverage: StoreCoverage,
    private readonly windows: DeliveryWindows,
    private readonly express: ExpressDelivery,
    private readonly clock: () => Date,
  ) {}

  planChoice(form: OrderForm, before: CartDeliveryChoice, choice: DeliveryChoice): ChoicePlan {
    if (choice.salesChannel !== DEFAULT_SALES_CHANNEL) this.coverage.requireStore(choice.salesChannel);
    const releaseWindow = before.salesChannel !== choice.salesChannel || before.selectedSla !== choice.method;
    const method = choice.method ? deliveryMethodById(choice.method) : undefined;
    const store = this.coverage.storeOf(choice.salesChannel) ?? undefined;
    const pickup = method && !isAddressMethod(method.kind) && store ? [pickupPoint(store)] : [];
    const address =
      method && isAddressMethod(method.kind)
        ? {
            addressId: choice.addressId,
            addressType: 'residential',
            street: choice.addressLine,
            country: COUNTRY_CODE_ISO3,
          }
        : DEFAULT_PICKUP_ADDRESS;
    return {
      releaseWindow,
      deliveryChoice: {
        selectedSla: choice.method,
        salesChannel: choice.salesChannel,
        storeId: store?.row.id ?? null,
        addressId: choice.addressId,
        window: releaseWindow ? null : before.window,
      },
      shippingData: {
        address,
        availableAddresses: [address],
        pickupPoints: pickup,
        selectedAddresses: [address],
        logistics: logisticsOf(form, method),
      },
    };
  }

  planAttachment(
    form: OrderForm,
    before: CartDeliveryChoice,
    body: OrderFormShippingBody,
    sc?: number,
  ): AttachmentPlan {
    const salesChannel = sc ?? before.salesChannel;
    const store = this.attachmentStore(salesChannel);
    const { selectedSla, method, window } = selectionOf(body, before);
    const now = this.clock();
    if (window) checkWindow(window, store, method, now);
    // Another store's windows, or express (which has none): the window held so far is given back.
    const release = !window && (before.salesChannel !== salesChannel || method?.kind === 'express');
    const address = body.address !== undefined ? body.address : form.shippingData.address;
    const addressId = (address as { addressId?: unknown } | null)?.addressId;
    return {
      window: window ?? (release ? 'release' : null),
      slas: async (tx) =>
        store && method ? this.slasForCart(store, method, form, window, now, tx, form.orderFormId) : [],
      deliveryChoice: {
        selectedSla,
        salesChannel,
        storeId: store?.row.id ?? null,
        addressId: typeof addressId === 'string' ? addressId : null,
        window: window ?? (release ? null : before.window),
      },
      shippingData: attachedShippingData(form, body, address ?? null, method, store),
    };
  }

  /** The cart's store for an attachment; an unknown channel (other than the default) fails. */
  private attachmentStore(salesChannel: number): StoreEntry | undefined {
    const store = this.coverage.storeOf(salesChannel) ?? undefined;
    if (salesChannel !== DEFAULT_SALES_CHANNEL && !store) {
      throw new Failure('storeNotFound', {
        message: `No existe el canal de venta ${salesChannel}`,
        field: 'sc',
      });
    }
    return store;
  }

  /** The selected method's sla for the cart (with the chosen window), as the logistics entries carry it. */
  private async slasForCart(
    store: StoreEntry,
    method: DeliveryMethod,
    form: OrderForm,
    window: WindowTimes | null,
    now: Date,
    tx: Tx,
    /** The cart about to hold `window` (flows/attach-shipping takes the place after writing the cart). */
    taking?: string,
  ): Promise<Sla[]> {
    if (method.kind === 'express') {
      const total = form.items.reduce((sum, item) => sum + item.quantity, 0);
      const quote = this.express.quote(store, total, now);
      return quote.available ? [expressSla(quote)] : [];
    }
    const rows = await this.windows.upcoming(store.row.id, now, tx);
    const chosenRow = window
      ? rows.find(
          (row) =>
            sameInstant(row.startsAt.toISOString(), window.startDateUtc) &&
            sameInstant(row.endsAt.toISOString(), window.endDateUtc),
        )
      : undefined;
    // The place this cart is about to take already counts, unless it holds the window already.
    if (chosenRow && taking && !(await holdsWindow(tx, taking, chosenRow.id, now))) {
      chosenRow.reserved = Math.min(chosenRow.capacity, chosenRow.reserved + 1);
    }
    const windows = rows.map((row) => windowView(row, 0));
    const sla = scheduledSla(method, store, windows, now);
    const chosen = chosenRow && windows[rows.indexOf(chosenRow)];
    return [{ ...sla, deliveryWindow: chosen ?? null }];
  }
}

/** The attachment's logistics entries with the selected method's slas. */
export function withSlas(shippingData: CartShippingData, slas: Sla[]): CartShippingData {
  return {
    ...shippingData,
    logistics: Object.fromEntries(
      Object.entries(shippingData.logistics).map(([id, entry]) => [id, { ...entry, slas }]),
    ),
  };
}

/** Store pickup, car pickup or a selection without an address use the fixed Santiago address (§4, §9). */
const DEFAULT_PICKUP_ADDRESS: Record<string, unknown> = {
  addressType: 'search',
  postalCode: SANTIAGO_DEFAULT_LOCATION.postalCode,
  city: 'Santiago',
  state: 'Región Metropolitana',
  country: COUNTRY_CODE_ISO3,
  geoCoordinates: [...SANTIAGO_DEFAULT_LOCATION.coordinates],
};

/** What an attachment selects: its method (else the cart's) and the window of its entries, if any. */
function selectionOf(
  body: OrderFormShippingBody,
  before: CartDeliveryChoice,
): { selectedSla: string | null; method: DeliveryMethod | undefined; window: WindowTimes | null } {
  const entries = body.logisticsInfo ?? [];
  const selectedSla = entries.find((entry) => entry.selectedSla)?.selectedSla ?? before.selectedSla;
  return {
    selectedSla,
    method: selectedSla ? deliveryMethodById(selectedSla) : undefined,
    window: entries.find((entry) => entry.deliveryWindow)?.deliveryWindow ?? null,
  };
}

/** A window asked for in an attachment: the cart needs a store, a mode with windows, and time to prepare. */
function checkWindow(
  window: WindowTimes,
  store: StoreEntry | undefined,
  method: DeliveryMethod | undefined,
  now: Date,
): void {
  if (!store) throw new Failure('noDeliveryMethod', { field: 'sc' });
  if (method?.kind === 'express') throw new Failure('expressHasNoWindows', { field: 'logisticsInfo' });
  const { startsAt } = parseWindow(window);
  // Too soon to prepare in this mode: the simulation no longer offers it either.
  if (method && startsAt > now && !windowOrderable(startsAt, now, method.kind)) {
    throw new Failure('windowNotOffered', { field: 'deliveryWindow' });
  }
}

/** Omitted fields keep what the cart has; a pickup method lists its store as the pickup point. */
function attachedShippingData(
  form: OrderForm,
  body: OrderFormShippingBody,
  address: Record<string, unknown> | null,
  method: DeliveryMethod | undefined,
  store: StoreEntry | undefined,
): CartShippingData {
  const shipping = form.shippingData;
  return {
    address,
    availableAddresses: body.availableAddresses ?? (shipping.availableAddresses as Record<string, unknown>[]),
    pickupPoints:
      body.pickupPoints ??
      (method && !isAddressMethod(method.kind) && store
        ? [pickupPoint(store)]
        : (shipping.pickupPoints as Record<string, unknown>[])),
    selectedAddresses: body.selectedAddresses ?? (shipping.selectedAddresses as Record<string, unknown>[]),
    logistics: logisticsOf(form, method),
  };
}

/** Every item's logistics entry for the selected method, slas still to come. */
function logisticsOf(form: OrderForm, method: DeliveryMethod | undefined): CartShippingData['logistics'] {
  const channel = method ? deliveryChannelOf(method.kind) : null;
  return Object.fromEntries(
    form.items.map((item) => [
      item.id,
      {
        selectedSla: method?.id ?? null,
        selectedDeliveryChannel: channel,
        slas: [],
        deliveryChannels: channel ? [{ id: channel }] : [],
      },
    ]),
  );
}

function sameInstant(a: string, b: string): boolean {
  return Date.parse(a) === Date.parse(b);
}
