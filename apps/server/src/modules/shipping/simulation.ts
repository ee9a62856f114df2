import {
  COUNTRY_CODE_ISO3,
  DELIVERY_METHODS,
  DELIVERY_METHOD_LIST,
  DELIVERY_PRICES_CENTS,
  SPECIAL_DELIVERY_NAME,
  servedMode,
  storeOffersMode,
  deliveryChannelOf,
  amountAt,
  deliveryMethodById,
  isAddressMethod,
  isInStock,
  measureOf,
  simulationItemsSource,
  type CoverageState,
  type DeliveryMethod,
  type LngLat,
} from '@despensa/domain';
import type { shippingSimulationBody } from '@despensa/contracts';
import {
  type DeliveryWindow,
  type ExpressQuote,
  type LogisticsEntry,
  type ShippingPolicies,
  type ShippingSimulation,
  type Sla,
} from '@despensa/contracts';
import type { CatalogService } from '../catalog/service';
import type { StoreCoverage, StoreEntry } from './coverage';
import { expressSla, type ExpressDelivery } from './express';
import { scheduledSla, windowView, windowsMessage, type DeliveryWindows } from './windows';

export type ParsedSimulationBody = ReturnType<typeof shippingSimulationBody.parse>;

/** The simulation scopes of §7: one method (/simulation, /simulation/delivery) or every method (/deliveryAll). */
export type SimulationScope = 'method' | 'all';

interface SimulatedItem {
  id: string;
  quantity: number;
  /** Sold, with stock, by the store's channel. */
  deliverable: boolean;
}

/** What a store offers a simulation: its slas, the §8 message, and the method's name and express quote. */
interface Offer {
  slas: Sla[];
  message: ShippingSimulation['message'];
  shippingMethod?: string;
  express?: ExpressQuote;
}

/** What an offer is made from: the store, the method asked about, its windows and the express quote. */
interface OfferInput {
  store: StoreEntry;
  method: DeliveryMethod;
  now: Date;
  covered: boolean;
  windows: DeliveryWindow[];
  express: ExpressQuote;
}

/** §7 shipping simulation: which methods, windows and express estimate a point and store are offered. */
export class DeliverySimulator {
  /**
   * Default simulation item per channel, for the catalogue snapshot it was found in. A memo of a pure
   * function of an immutable snapshot, not a cache: a WeakMap keyed by the snapshot is the right tool (a
   * rebuilt catalogue is a new key, the old entry goes with the old snapshot, and it holds one entry per
   * channel), so it needs neither a bound nor an invalidation.
   */
  private defaultItems = new WeakMap<object, Map<number, string | null>>();

  constructor(
    private readonly coverage: StoreCoverage,
    private readonly windows: DeliveryWindows,
    private readonly express: ExpressDelivery,
    private readonly catalog: CatalogService,
    private readonly clock: () => Date,
  ) {}

  async simulate(body: ParsedSimulationBody, scope: SimulationScope): Promise<ShippingSimulation> {
    const method = deliveryMethodById(body.shippingMethod)!;
    const now = this.clock();
    await this.windows.ensureWindows();
    const { store, coverageState } = this.servingFor(body, method, scope);
    const salesChannel = store?.row.salesChannel ?? body.saleschannel;
    const { items, source } = this.simulationItems(body, salesChannel);
    const answer = (offer: Offer): ShippingSimulation => ({
      coverageState,
      shippingMethod: offer.shippingMethod ?? method.name,
      logisticsInfo: logistics(items, offer.slas),
      message: offer.message,
      ...(offer.express ? { express: offer.express } : {}),
      itemsSource: source,
    });

    if (!store) return answer({ slas: [], message: 'outOfCoverage' });
    const rows = await this.windows.upcoming(store.row.id, now);
    const totalItems = items.reduce((sum, item) => sum + item.quantity, 0);
    const input: OfferInput = {
      store,
      method,
      now,
      covered: coverageState === 'covered',
      windows: rows.map((row) => windowView(row, 0)),
      express: this.express.quote(store, totalItems, now),
    };
    return answer(scope === 'all' ? offerAll(input) : offerMethod(input));
  }

  /**
   * The store a simulation is about: an address method (or every method) is served by the point's store;
   * a pickup by the requested channel's, which then counts as covered.
   */
  private servingFor(
    body: ParsedSimulationBody,
    method: DeliveryMethod,
    scope: SimulationScope,
  ): { store: StoreEntry | null; coverageState: CoverageState } {
    const serving = this.coverage.serving(body.location.point as LngLat, body.saleschannel);
    const byPoint = isAddressMethod(method.kind) || scope === 'all';
    const store =
      isAddressMethod(method.kind) || (scope === 'all' && serving.store)
        ? serving.store
        : this.coverage.storeOf(body.saleschannel);
    return { store, coverageState: byPoint ? serving.coverageState : 'covered' };
  }

  /** §9: the cart's items from 1000000 cents on; below, the default items (see simulationItemsSource). */
  private simulationItems(
    body: ParsedSimulationBody,
    salesChannel: number,
  ): { items: SimulatedItem[]; source: 'request' | 'cart' | 'default' } {
    const index = this.catalog.index;
    let value = 0;
    const items = body.items.map((item) => {
      const entry = index.skusById.get(Number(item.id));
      const offers = entry ? index.offersFor(entry.sku, salesChannel) : [];
      const offer = offers.find((each) => each.sellerId === item.seller && each.listPrice > 0) ?? offers[0];
      const deliverable =
        offer !== undefined &&
        isInStock({ ListPrice: offer.listPrice, AvailableQuantity: offer.availableQuantity });
      if (deliverable)
        value += amountAt(offer.price, measureOf({ ...item, unitMultiplier: entry!.sku.unitMultiplier }));
      return { id: item.id, quantity: item.quantity, deliverable };
    });
    if (!body.isCart) return { items, source: 'request' };
    if (simulationItemsSource(value) === 'cart') return { items, source: 'cart' };
    const fallback = this.defaultItem(salesChannel);
    return {
      items: fallback ? [{ id: fallback, quantity: 1, deliverable: true }] : [],
      source: 'default',
    };
  }

  /** The default simulation item: the lowest sku id the channel sells with stock. */
  private defaultItem(salesChannel: number): string | null {
    const index = this.catalog.index;
    let perChannel = this.defaultItems.get(index);
    if (!perChannel) {
      perChannel = new Map();
      this.defaultItems.set(index, perChannel);
    }
    if (!perChannel.has(salesChannel)) {
      let best: number | null = null;
      for (const sku of index.products.flatMap((product) => product.skus)) {
        if (best !== null && sku.id >= best) continue;
        const sellable = index
          .offersFor(sku, salesChannel)
          .some((o) => isInStock({ ListPrice: o.listPrice, AvailableQuantity: o.availableQuantity }));
        if (sellable) best = sku.id;
      }
      perChannel.set(salesChannel, best === null ? null : String(best));
    }
    return perChannel.get(salesChannel) ?? null;
  }
}

/** The four delivery methods with their names, persistent codes and prices. */
export function shippingPolicies(): ShippingPolicies {
  return {
    message: 'success',
    payload: {
      policies: DELIVERY_METHOD_LIST.map((method) => ({
        id: method.id,
        name: method.name,
        code: method.code,
        deliveryChannel: deliveryChannelOf(method.kind),
        price: DELIVERY_PRICES_CENTS[method.kind],
      })),
    },
  };
}

function slaOf(input: OfferInput, kind: DeliveryMethod['kind'], name?: string): Sla {
  return scheduledSla(DELIVERY_METHODS[kind], input.store, input.windows, input.now, name);
}

/** /deliveryAll: every method the point (home delivery, express) and the store (pickups) offer. */
function offerAll(input: OfferInput): Offer {
  const { store, covered, windows, express } = input;
  const slas: Sla[] = [];
  if (covered) slas.push(slaOf(input, 'homeDelivery'));
  if (covered && express.available) slas.push(expressSla(express));
  if (storeOffersMode(store.row, 'storePickup')) slas.push(slaOf(input, 'storePickup'));
  if (storeOffersMode(store.row, 'carPickup')) slas.push(slaOf(input, 'carPickup'));
  const message = slas.length ? windowsMessage(windows) : covered ? 'noSchedules' : 'outOfCoverage';
  return { slas, message, express };
}

/** One method's offer. */
function offerMethod(input: OfferInput): Offer {
  const { store, method, covered, windows, express } = input;
  if (isAddressMethod(method.kind) && !covered) return { slas: [], message: 'outOfCoverage' };
  if (method.kind === 'express') {
    if (express.available) return { slas: [expressSla(express)], message: null, express };
    // §7 retry: express cannot be promised, so the store's scheduled windows are offered instead.
    const special = slaOf(input, servedMode(method.kind, express.available), SPECIAL_DELIVERY_NAME);
    return {
      slas: [special],
      message: windowsMessage(windows) ?? null,
      shippingMethod: SPECIAL_DELIVERY_NAME,
      express,
    };
  }
  if (!storeOffersMode(store.row, method.kind)) return { slas: [], message: 'noSchedules' };
  return { slas: [slaOf(input, method.kind)], message: windowsMessage(windows) };
}

/**
 * §3 logistics entries: every deliverable item gets the slas, an item the channel cannot deliver none.
 * One store serves the whole cart, so its windows are the same for every item: they are listed once, on
 * the first deliverable item's slas, and the others carry the same slas with no availableDeliveryWindows
 * (a week of windows repeated on 100 items made a 600 KB answer).
 */
function logistics(items: SimulatedItem[], slas: Sla[]): LogisticsEntry[] {
  const channels = [...new Set(slas.map((sla) => sla.deliveryChannel))].map((id) => ({ id }));
  const withoutWindows = slas.map((sla) => ({ ...sla, availableDeliveryWindows: [] }));
  const first = items.findIndex((item) => item.deliverable);
  return items.map((item, itemIndex) => ({
    itemIndex,
    itemId: item.id,
    selectedSla: null,
    selectedDeliveryChannel: null,
    slas: !item.deliverable ? [] : itemIndex === first ? slas : withoutWindows,
    shipsTo: [COUNTRY_CODE_ISO3],
    deliveryChannels: item.deliverable ? channels : [],
  }));
}
