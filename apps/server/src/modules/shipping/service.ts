import { randomUUID } from 'node:crypto';
import {
  COUNTRY_CODE_ISO3,
  DEFAULT_SALES_CHANNEL,
  DELIVERY_METHODS,
  DELIVERY_METHOD_LIST,
  DELIVERY_PRICES_CENTS,
  DELIVERY_WINDOW_CAPACITY,
  DELIVERY_WINDOW_DAYS,
  DELIVERY_WINDOW_HOLD_MS,
  SANTIAGO_DEFAULT_LOCATION,
  SPECIAL_DELIVERY_NAME,
  servedMode,
  storeOffersMode,
  storeOffersPickup,
  compileZone,
  coverageAt,
  deliveryChannelOf,
  deliveryMethodById,
  deliveryWindowSlots,
  windowOrderable,
  expressAvailability,
  expressEstimateMinutes,
  haversineKm,
  isAddressMethod,
  isInStock,
  localParts,
  nearestStore,
  simulationItemsSource,
  type CompiledZone,
  type CoverageState,
  type DeliveryMethod,
  type LngLat,
} from '@despensa/domain';
import {
  shippingSimulationBody,
  type DeliveryChoice,
  Failure,
  type DeliveryWindow,
  type ExpressQuote,
  type HeldWindow,
  type LogisticsEntry,
  type OrderForm,
  type OrderFormShippingBody,
  type SalesChannelAtPoint,
  type ShippingPolicies,
  type ShippingSimulation,
  type ShippingSimulationBody,
  type Sla,
  type StoreGeolocation,
  type StoreOperations,
  type StorefrontServices,
  type WithdrawalStores,
} from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import type { CartDeliveryChoice, CartShippingData } from '../cart/service';
import type { CatalogService } from '../catalog/service';
import type { StoreRow, StoresService } from '../stores/service';
import {
  deleteOldWindows,
  heldWindow,
  insertLookup,
  insertWindows,
  listZones,
  logLookup,
  releaseExpiredHolds,
  keepForOrder,
  moveOrderReservation,
  releaseOrderReservation,
  storeOfOrder,
  returnToCart,
  releaseReservation,
  reserveWindow,
  windowsOf,
  type DeliveryWindowRow,
} from './repo';

type DeliveryApi = StorefrontServices['delivery'];
type ParsedSimulationBody = ReturnType<typeof shippingSimulationBody.parse>;

interface StoreEntry {
  row: StoreRow;
  operations: StoreOperations;
  coordinates: LngLat;
}

interface SimulatedItem {
  id: string;
  quantity: number;
  /** Sold, with stock, by the store's channel. */
  deliverable: boolean;
}

/** The simulation scopes of §7: one method (/simulation, /simulation/delivery) or every method (/deliveryAll). */
export type SimulationScope = 'method' | 'all';

const WINDOW_HORIZON_MS = DELIVERY_WINDOW_DAYS * 24 * 3600_000;

/**
 * Delivery (§4 sales channel and delivery mode, §7 Sales channel and shipping). Stores and coverage zones
 * live in memory (rebuilt from the database by `reload`, on start), so answering which store serves a
 * point is a few polygon tests; only window capacity is read from the database, per simulation.
 */
export class DeliveryService implements Omit<DeliveryApi, 'applyChoice' | 'reserveWindow'> {
  private byChannel = new Map<number, StoreEntry>();
  private stores: StoreEntry[] = [];
  private zones: CompiledZone[] = [];
  /** The local date windows were last extended on, and the extension under way. */
  private windowsDay = '';
  private extending: Promise<void> | null = null;
  /**
   * Default simulation item per channel, for the catalogue snapshot it was found in. A memo of a pure
   * function of an immutable snapshot, not a cache: a WeakMap keyed by the snapshot is the right tool (a
   * rebuilt catalogue is a new key, the old entry goes with the old snapshot, and it holds one entry per
   * channel), so it needs neither a bound nor an invalidation.
   */
  private defaultItems = new WeakMap<object, Map<number, string | null>>();
  private listener: { end(): Promise<void> } | null = null;
  private reloadTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly storesService: StoresService,
    private readonly catalog: CatalogService,
    private readonly clock: () => Date = () => new Date(),
    private readonly log: (message: string) => void = () => {},
  ) {}

  /**
   * Loads stores and zones, makes sure every store has windows for the next 7 days, and reloads whenever
   * any instance writes stores or zones (a trigger fires shipping_changed).
   */
  async start(): Promise<void> {
    await this.reload();
    await this.ensureWindows();
    const client = await this.database.pool.connect();
    client.on('notification', () => this.scheduleReload());
    client.on('error', (error) => this.log(`shipping listener lost its connection: ${error.message}`));
    await client.query('LISTEN shipping_changed');
    this.listener = {
      end: async () => {
        await client.query('UNLISTEN *').catch(() => {});
        client.release();
      },
    };
  }

  async stop(): Promise<void> {
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
    await this.listener?.end();
    this.listener = null;
  }

  private scheduleReload(): void {
    // A seed writes stores and zones in several statements; reload once they settle.
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = null;
      this.reload().catch((error: unknown) => this.log(`shipping reload failed: ${String(error)}`));
    }, 200);
    this.reloadTimer.unref();
  }

  /** Rebuilds the in-memory stores and zones from the database (on start, and after a change). */
  async reload(): Promise<void> {
    const [rows, zones] = await Promise.all([this.storesService.activeRows(), listZones(this.database.db)]);
    this.stores = rows.map((row) => ({
      row,
      operations: storeOperations(row),
      coordinates: [row.lng, row.lat],
    }));
    this.byChannel = new Map(this.stores.map((entry) => [entry.row.salesChannel, entry]));
    this.zones = zones.map((zone) => compileZone({ ...zone, kind: zone.kind }));
    this.windowsDay = '';
  }

  async salesChannelAt(point: LngLat): Promise<SalesChannelAtPoint> {
    const { coverageState, store, distanceKm } = this.serving(point);
    return {
      message: 'success',
      payload: {
        coverageState,
        store: store?.operations ?? null,
        distanceKm: distanceKm === null ? null : Math.round(distanceKm * 100) / 100,
      },
    };
  }

  /** GET /api/store/geolocation: the same answer plus a uuid, stored so an order can log against it. */
  async storeGeolocation(point: LngLat): Promise<StoreGeolocation> {
    const answer = await this.salesChannelAt(point);
    const uuid = randomUUID();
    await insertLookup(this.database.db, {
      uuid,
      lng: point[0],
      lat: point[1],
      salesChannel: answer.payload.store?.sc ?? null,
      coverageState: answer.payload.coverageState,
      createdAt: this.clock(),
    });
    return { ...answer, uuid };
  }

  async logGeolocation(uuid: string, orderId: string): Promise<void> {
    if (!(await logLookup(this.database.db, uuid, orderId, this.clock()))) {
      throw new Failure('notFound', { message: 'No existe esa consulta de geolocalización' });
    }
  }

  async withdrawalStores(): Promise<WithdrawalStores> {
    return {
      message: 'success',
      payload: {
        stores: this.stores.filter((s) => storeOffersPickup(s.row)).map((s) => s.operations),
      },
    };
  }

  /** The name of the store selling in a sales channel (a recurring basket's store), or null. */
  storeNameOf(salesChannel: number): string | null {
    return this.byChannel.get(salesChannel)?.row.name ?? null;
  }

  shippingPolicies(): ShippingPolicies {
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

  async simulate(
    input: ShippingSimulationBody,
    scope: SimulationScope = 'method',
  ): Promise<ShippingSimulation> {
    return this.simulateParsed(shippingSimulationBody.parse(input), scope);
  }

  /** simulate() for a body the route has already validated. */
  async simulateParsed(
    body: ParsedSimulationBody,
    scope: SimulationScope = 'method',
  ): Promise<ShippingSimulation> {
    const method = deliveryMethodById(body.shippingMethod)!;
    const now = this.clock();
    await this.ensureWindows();
    const point = body.location.point as LngLat;
    const serving = this.serving(point, body.saleschannel);
    const store =
      isAddressMethod(method.kind) || (scope === 'all' && serving.store)
        ? serving.store
        : this.storeOf(body.saleschannel);
    const coverageState: CoverageState =
      isAddressMethod(method.kind) || scope === 'all' ? serving.coverageState : 'covered';
    const salesChannel = store?.row.salesChannel ?? body.saleschannel;
    const { items, source } = this.simulationItems(body, salesChannel);
    const totalItems = items.reduce((sum, item) => sum + item.quantity, 0);
    const answer = (
      slas: Sla[],
      message: ShippingSimulation['message'],
      shippingMethod: string = method.name,
      express?: ExpressQuote,
    ): ShippingSimulation => ({
      coverageState,
      shippingMethod,
      logisticsInfo: logistics(items, slas),
      message,
      ...(express ? { express } : {}),
      itemsSource: source,
    });

    if (!store) return answer([], 'outOfCoverage');
    const windows = (
      await windowsOf(this.database, store.row.id, now, new Date(now.getTime() + WINDOW_HORIZON_MS))
    ).map((row) => windowView(row, 0));
    const express = this.expressQuote(store, totalItems, now);
    const covered = coverageState === 'covered';
    const slaOf = (kind: DeliveryMethod['kind'], name?: string) =>
      scheduledSla(DELIVERY_METHODS[kind], store, windows, now, name);

    if (scope === 'all') {
      const slas: Sla[] = [];
      if (covered) slas.push(slaOf('homeDelivery'));
      if (covered && express.available) slas.push(expressSla(express));
      if (storeOffersMode(store.row, 'storePickup')) slas.push(slaOf('storePickup'));
      if (storeOffersMode(store.row, 'carPickup')) slas.push(slaOf('carPickup'));
      const message = slas.length ? windowsMessage(windows) : covered ? 'noSchedules' : 'outOfCoverage';
      return answer(slas, message, method.name, express);
    }
    if (isAddressMethod(method.kind) && !covered) return answer([], 'outOfCoverage');
    if (method.kind === 'express') {
      if (express.available) return answer([expressSla(express)], null, method.name, express);
      // §7 retry: express cannot be promised, so the store's scheduled windows are offered instead.
      const special = slaOf(servedMode(method.kind, express.available), SPECIAL_DELIVERY_NAME);
      return answer([special], windowsMessage(windows) ?? null, SPECIAL_DELIVERY_NAME, express);
    }
    if (!storeOffersMode(store.row, method.kind)) return answer([], 'noSchedules');
    return answer([slaOf(method.kind)], windowsMessage(windows));
  }

  /**
   * §4 channel change, planned: the cart's new delivery choice and shipping attachment (the items are
   * re-priced by the cart when it is written), and whether the window held so far goes back (a new store
   * or mode gives it back; re-applying the same choice keeps it). flows/attach-shipping writes it.
   */
  planChoice(
    form: OrderForm,
    before: CartDeliveryChoice,
    choice: DeliveryChoice,
  ): { deliveryChoice: CartDeliveryChoice; shippingData: CartShippingData; releaseWindow: boolean } {
    if (choice.salesChannel !== DEFAULT_SALES_CHANNEL) this.requireStore(choice.salesChannel);
    const releaseWindow = before.salesChannel !== choice.salesChannel || before.selectedSla !== choice.method;
    const method = choice.method ? deliveryMethodById(choice.method) : undefined;
    const store = this.byChannel.get(choice.salesChannel);
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
        logistics: Object.fromEntries(form.items.map((item) => [item.id, logisticsChoice(method, [])])),
      },
    };
  }

  /**
   * POST /api/orderform/{id}/shipping (§7 cart shipping attachment), planned: omitted fields keep what the
   * cart has (its delivery choice, never its logistics entries, which an emptied cart lacks); a
   * deliveryWindow is to be held in the cart's store; logistics entries get the selected method's slas.
   * Bad input fails here, before anything is written.
   */
  planAttachment(
    form: OrderForm,
    before: CartDeliveryChoice,
    body: OrderFormShippingBody,
    sc?: number,
  ): {
    deliveryChoice: CartDeliveryChoice;
    shippingData: CartShippingData;
    /** Hold this window; 'release' gives the held one back; null keeps whatever is held. */
    window: { startDateUtc: string; endDateUtc: string } | 'release' | null;
    /** The logistics entries' slas, read once the hold is taken (in the flow's transaction). */
    slas: (tx: Tx) => Promise<Sla[]>;
  } {
    const salesChannel = sc ?? before.salesChannel;
    const store = this.byChannel.get(salesChannel);
    if (salesChannel !== DEFAULT_SALES_CHANNEL && !store) {
      throw new Failure('storeNotFound', {
        message: `No existe el canal de venta ${salesChannel}`,
        field: 'sc',
      });
    }
    const entries = body.logisticsInfo ?? [];
    const selectedSla = entries.find((entry) => entry.selectedSla)?.selectedSla ?? before.selectedSla;
    const method = selectedSla ? deliveryMethodById(selectedSla) : undefined;
    const window = entries.find((entry) => entry.deliveryWindow)?.deliveryWindow ?? null;
    const now = this.clock();
    if (window) {
      if (!store) throw new Failure('noDeliveryMethod', { field: 'sc' });
      if (method?.kind === 'express') throw new Failure('expressHasNoWindows', { field: 'logisticsInfo' });
      const { startsAt } = parseWindow(window);
      // Too soon to prepare in this mode: the simulation no longer offers it either.
      if (method && startsAt > now && !windowOrderable(startsAt, now, method.kind)) {
        throw new Failure('windowNotOffered', { field: 'deliveryWindow' });
      }
    }
    // Another store's windows, or express (which has none): the window held so far is given back.
    const release = !window && (before.salesChannel !== salesChannel || method?.kind === 'express');
    const address = body.address !== undefined ? body.address : form.shippingData.address;
    const addressId = (address as { addressId?: unknown } | null)?.addressId;
    return {
      window: window ?? (release ? 'release' : null),
      slas: async (tx) => (store && method ? this.slasForCart(store, method, form, window, now, tx) : []),
      deliveryChoice: {
        selectedSla,
        salesChannel,
        storeId: store?.row.id ?? null,
        addressId: typeof addressId === 'string' ? addressId : null,
        window: window ?? (release ? null : before.window),
      },
      shippingData: {
        address: address ?? null,
        availableAddresses:
          body.availableAddresses ?? (form.shippingData.availableAddresses as Record<string, unknown>[]),
        pickupPoints:
          body.pickupPoints ??
          (method && !isAddressMethod(method.kind) && store
            ? [pickupPoint(store)]
            : (form.shippingData.pickupPoints as Record<string, unknown>[])),
        selectedAddresses:
          body.selectedAddresses ?? (form.shippingData.selectedAddresses as Record<string, unknown>[]),
        logistics: Object.fromEntries(form.items.map((item) => [item.id, logisticsChoice(method, [])])),
      },
    };
  }

  /** The attachment's logistics entries with the selected method's slas. */
  withSlas(shippingData: CartShippingData, slas: Sla[]): CartShippingData {
    return {
      ...shippingData,
      logistics: Object.fromEntries(
        Object.entries(shippingData.logistics).map(([id, entry]) => [id, { ...entry, slas }]),
      ),
    };
  }

  /**
   * Holds a window of the channel's store for the cart for DELIVERY_WINDOW_HOLD_MS, moving its earlier
   * hold; in the flow's transaction `tx`.
   */
  async holdWindow(
    orderFormId: string,
    salesChannel: number,
    window: { startDateUtc: string; endDateUtc: string },
    tx: Tx,
    /** A recurring list's basket holds its window until its cut-off, not the checkout's two hours. */
    holdMs: number = DELIVERY_WINDOW_HOLD_MS,
  ): Promise<void> {
    const store = this.byChannel.get(salesChannel);
    if (!store) throw new Failure('noDeliveryMethod', { field: 'sc' });
    const { startsAt, endsAt } = parseWindow(window);
    const outcome = await reserveWindow(
      tx,
      orderFormId,
      { storeId: store.row.id, startsAt, endsAt },
      this.clock(),
      holdMs,
    );
    if (outcome === 'notFound') throw new Failure('windowNotOffered', { field: 'deliveryWindow' });
    if (outcome === 'past') throw new Failure('windowStarted', { field: 'deliveryWindow' });
    if (outcome === 'full') throw new Failure('windowFull', { field: 'deliveryWindow' });
  }

  /**
   * Placing an order (flows/place-order): the cart's held window becomes the order group's and stops
   * expiring, in `tx`. Fails `windowExpired` when the cart holds no live window.
   */
  async keepWindowForOrder(orderFormId: string, orderGroup: string, tx: Tx): Promise<void> {
    if (!(await keepForOrder(tx, orderFormId, orderGroup, this.clock()))) throw new Failure('windowExpired');
  }

  /** A canceled order's window goes back to its cart as a fresh hold (or is given back), in `tx`. */
  async returnOrderWindow(orderGroup: string, orderFormId: string, tx: Tx): Promise<void> {
    await returnToCart(tx, orderGroup, orderFormId, this.clock(), DELIVERY_WINDOW_HOLD_MS);
  }

  /**
   * Reschedule (flows/reschedule-order): the order group's place moves to another window of its store
   * that the order's mode can still be prepared for and that has room, in `tx`.
   */
  async moveOrderWindow(
    orderGroup: string,
    window: { startDateUtc: string; endDateUtc: string },
    mode: DeliveryMethod['kind'],
    tx: Tx,
  ): Promise<{ startDateUtc: string; endDateUtc: string }> {
    const { startsAt, endsAt } = parseWindow(window);
    const now = this.clock();
    const outcome = await moveOrderReservation(tx, orderGroup, { startsAt, endsAt }, now, (start) =>
      windowOrderable(start, now, mode),
    );
    if (outcome === 'noWindow') throw new Failure('orderNotReschedulable');
    if (outcome === 'notFound') throw new Failure('windowNotOffered', { field: 'startDateUtc' });
    if (outcome === 'same') throw new Failure('orderSameWindow', { field: 'startDateUtc' });
    if (outcome === 'full') throw new Failure('windowFull', { field: 'startDateUtc' });
    return { startDateUtc: startsAt.toISOString(), endDateUtc: endsAt.toISOString() };
  }

  /**
   * A recurring list's window (§4): the first window from `from` on of the channel's store, that `mode`
   * can still be prepared for and that has room; null when none has room within the horizon.
   */
  async firstWindowWithRoom(
    salesChannel: number,
    mode: DeliveryMethod['kind'],
    from: Date,
  ): Promise<{ startDateUtc: string; endDateUtc: string } | null> {
    const store = this.byChannel.get(salesChannel);
    if (!store) return null;
    await this.ensureWindows();
    const now = this.clock();
    const rows = await windowsOf(
      this.database,
      store.row.id,
      now,
      new Date(now.getTime() + WINDOW_HORIZON_MS),
    );
    const found = rows.find(
      (row) =>
        row.startsAt >= from && windowOrderable(row.startsAt, now, mode) && row.capacity > row.reserved,
    );
    return found
      ? { startDateUtc: found.startsAt.toISOString(), endDateUtc: found.endsAt.toISOString() }
      : null;
  }

  /** The windows an order group could move to: its store's, that its mode can still be prepared for. */
  async orderWindows(orderGroup: string, mode: DeliveryMethod['kind']): Promise<DeliveryWindow[]> {
    const storeId = await storeOfOrder(this.database.db, orderGroup);
    if (!storeId) return [];
    const now = this.clock();
    const rows = await windowsOf(this.database, storeId, now, new Date(now.getTime() + WINDOW_HORIZON_MS));
    return rows
      .filter((row) => windowOrderable(row.startsAt, now, mode))
      .map((row) => windowView(row, DELIVERY_PRICES_CENTS[mode]));
  }

  /** A canceled order group's window place goes back to the window, in `tx`. */
  async releaseOrderWindow(orderGroup: string, tx: Tx): Promise<void> {
    await releaseOrderReservation(tx, orderGroup);
  }

  /** Gives the cart's window back, if it holds one; in the flow's transaction `tx`. */
  async releaseWindow(orderFormId: string, tx: Tx): Promise<void> {
    await releaseReservation(tx, orderFormId);
  }

  /** The window the cart holds (or held until its hold expired: `expired`), and its store's channel. */
  async heldWindow(orderFormId: string): Promise<HeldWindow | null> {
    const held = await heldWindow(this.database.db, orderFormId, this.clock());
    const store = held ? this.stores.find((entry) => entry.row.id === held.window.storeId) : undefined;
    if (!held || !store) return null;
    return {
      salesChannel: store.row.salesChannel,
      startDateUtc: held.window.startsAt.toISOString(),
      endDateUtc: held.window.endsAt.toISOString(),
      expired: held.expired,
    };
  }

  /** The sweep job: gives every expired hold's place back to its window; answers how many. */
  async releaseExpiredHolds(): Promise<number> {
    return releaseExpiredHolds(this.database.db, this.clock());
  }

  // ---- internals ----

  /** The store serving a point for home delivery: the requested channel if it covers it, else the nearest. */
  private serving(
    point: LngLat,
    preferred?: number,
  ): { coverageState: CoverageState; store: StoreEntry | null; distanceKm: number | null } {
    const coverage = coverageAt(point, this.zones);
    const candidates = coverage.salesChannels
      .map((sc) => this.byChannel.get(sc))
      .filter((entry): entry is StoreEntry => entry !== undefined);
    if (candidates.length === 0) {
      return {
        coverageState: coverage.state === 'covered' ? 'outOfCoverage' : coverage.state,
        store: null,
        distanceKm: null,
      };
    }
    const chosen = candidates.find((entry) => entry.row.salesChannel === preferred);
    const nearest = chosen
      ? { store: chosen, distanceKm: haversineKm(point, chosen.coordinates) }
      : nearestStore(point, candidates)!;
    return { coverageState: 'covered', store: nearest.store, distanceKm: nearest.distanceKm };
  }

  /**
   * §4 step 3: when an express order of `totalItems` units in this channel is expected, as an ISO time
   * (the store's stored delivery time, or the §9 base, plus the §9 addition by item count).
   */
  expressEstimate(salesChannel: number, totalItems: number): string {
    const minutes = expressEstimateMinutes(totalItems, this.storeOf(salesChannel)?.row.deliveryTimeMinutes);
    return new Date(this.clock().getTime() + minutes * 60_000).toISOString();
  }

  private storeOf(salesChannel: number): StoreEntry | null {
    return this.byChannel.get(salesChannel) ?? null;
  }

  private requireStore(salesChannel: number): StoreEntry {
    const store = this.byChannel.get(salesChannel);
    if (!store) {
      throw new Failure('storeNotFound', {
        message: `No existe una tienda con el canal de venta ${salesChannel}`,
      });
    }
    return store;
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
      if (deliverable) value += offer.price * item.quantity;
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
      for (const [id, entry] of index.skusById) {
        if (best !== null && id >= best) continue;
        const sellable = index
          .offersFor(entry.sku, salesChannel)
          .some((o) => isInStock({ ListPrice: o.listPrice, AvailableQuantity: o.availableQuantity }));
        if (sellable) best = id;
      }
      perChannel.set(salesChannel, best === null ? null : String(best));
    }
    return perChannel.get(salesChannel) ?? null;
  }

  private expressQuote(store: StoreEntry, totalItems: number, now: Date): ExpressQuote {
    const verdict = expressAvailability({
      now,
      totalItems,
      offered: store.row.express,
      storedDeliveryTime: store.row.deliveryTimeMinutes,
      openingHours: store.row.openingHours,
    });
    return { ...verdict, price: DELIVERY_PRICES_CENTS.express };
  }

  /** The selected method's sla for the cart (with the chosen window), as the logistics entries carry it. */
  private async slasForCart(
    store: StoreEntry,
    method: DeliveryMethod,
    form: OrderForm,
    window: { startDateUtc: string; endDateUtc: string } | null,
    now: Date,
    tx: Tx,
  ): Promise<Sla[]> {
    if (method.kind === 'express') {
      const total = form.items.reduce((sum, item) => sum + item.quantity, 0);
      const quote = this.expressQuote(store, total, now);
      return quote.available ? [expressSla(quote)] : [];
    }
    const rows = await windowsOf(tx, store.row.id, now, new Date(now.getTime() + WINDOW_HORIZON_MS));
    const windows = rows.map((row) => windowView(row, 0));
    const sla = scheduledSla(method, store, windows, now);
    const chosen = window
      ? windows.find(
          (w) =>
            sameInstant(w.startDateUtc, window.startDateUtc) && sameInstant(w.endDateUtc, window.endDateUtc),
        )
      : undefined;
    return [{ ...sla, deliveryWindow: chosen ?? null }];
  }

  /** Windows for the next 7 days for every store; runs on start and again once a day, on first use. */
  private async ensureWindows(): Promise<void> {
    const now = this.clock();
    const today = localParts(now);
    const day = `${today.year}-${today.month}-${today.day}`;
    if (day === this.windowsDay) return;
    this.extending ??= (async () => {
      const rows = this.stores.flatMap((store) =>
        deliveryWindowSlots(now, store.row.openingHours).map((slot) => ({
          storeId: store.row.id,
          startsAt: slot.start,
          endsAt: slot.end,
          capacity: DELIVERY_WINDOW_CAPACITY,
        })),
      );
      await insertWindows(this.database.db, rows);
      await deleteOldWindows(this.database.db, now);
      this.windowsDay = day;
    })().finally(() => {
      this.extending = null;
    });
    await this.extending;
  }
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

function storeOperations(row: StoreRow): StoreOperations {
  return {
    name: row.name,
    sc: row.salesChannel,
    value: String(row.salesChannel),
    seller: row.sellerId,
    warehouse_id: row.warehouseId,
    coordinates: [row.lng, row.lat],
    sc_virtual: null,
    active: row.active,
    address: row.address,
    auto: row.car,
    store: row.pickup,
    express: row.express,
    storeId: row.id,
    comuna: row.comuna,
    region: row.region,
    regionCode: row.regionCode,
    openingHours: row.openingHours,
  };
}

function pickupPoint(store: StoreEntry): Record<string, unknown> {
  return {
    id: store.row.id,
    friendlyName: store.row.name,
    address: {
      addressType: 'pickup',
      street: store.row.address,
      neighborhood: store.row.comuna,
      state: store.row.region,
      country: COUNTRY_CODE_ISO3,
      geoCoordinates: store.coordinates,
    },
  };
}

function windowView(row: DeliveryWindowRow, price: number): DeliveryWindow {
  const remaining = Math.max(0, row.capacity - row.reserved);
  return {
    startDateUtc: row.startsAt.toISOString(),
    endDateUtc: row.endsAt.toISOString(),
    price,
    capacity: row.capacity,
    remaining,
    full: remaining === 0,
  };
}

/** A scheduled method's sla (home delivery, pickup, Click al Auto) with the store's windows. */
function scheduledSla(
  method: DeliveryMethod,
  store: StoreEntry,
  windows: DeliveryWindow[],
  now: Date,
  name: string = method.name,
): Sla {
  const price = DELIVERY_PRICES_CENTS[method.kind];
  // Only the windows the store can still prepare in this mode (PREPARATION_LEAD_MINUTES).
  const offered = windows.filter((w) => windowOrderable(new Date(w.startDateUtc), now, method.kind));
  const first = offered.find((w) => !w.full);
  const hours = first
    ? Math.max(1, Math.ceil((Date.parse(first.startDateUtc) - now.getTime()) / 3600_000))
    : 0;
  const pickup = deliveryChannelOf(method.kind) === 'pickup-in-point';
  return {
    id: method.id as Sla['id'],
    name,
    deliveryChannel: deliveryChannelOf(method.kind),
    price,
    shippingEstimate: first ? `${hours}h` : '',
    estimateMinutes: null,
    deliveryWindow: null,
    availableDeliveryWindows: offered.map((w) => ({ ...w, price })),
    pickupStoreInfo: pickup
      ? { storeId: store.row.id, name: store.row.name, address: store.row.address }
      : null,
  };
}

function expressSla(quote: ExpressQuote): Sla {
  return {
    id: DELIVERY_METHODS.express.id as Sla['id'],
    name: DELIVERY_METHODS.express.name,
    deliveryChannel: 'delivery',
    price: quote.price,
    shippingEstimate: `${quote.estimateMinutes}m`,
    estimateMinutes: quote.estimateMinutes,
    deliveryWindow: null,
    availableDeliveryWindows: [],
    pickupStoreInfo: null,
  };
}

/** §8: no windows at all → the store has no schedules; every window full → no time windows. */
function windowsMessage(windows: DeliveryWindow[]): ShippingSimulation['message'] {
  if (windows.length === 0) return 'noSchedules';
  return windows.every((w) => w.full) ? 'noWindows' : null;
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

function logisticsChoice(
  method: DeliveryMethod | undefined,
  slas: Sla[],
): CartShippingData['logistics'][string] {
  const channel = method ? deliveryChannelOf(method.kind) : null;
  return {
    selectedSla: method?.id ?? null,
    selectedDeliveryChannel: channel,
    slas,
    deliveryChannels: channel ? [{ id: channel }] : [],
  };
}

/** A window as ISO 8601 instants; anything else fails with invalidWindow. */
function parseWindow(window: { startDateUtc: string; endDateUtc: string }): { startsAt: Date; endsAt: Date } {
  const startsAt = new Date(window.startDateUtc);
  const endsAt = new Date(window.endDateUtc);
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) {
    throw new Failure('invalidWindow', {
      message: 'Horario inválido: usa fechas ISO 8601 en UTC',
      field: 'deliveryWindow',
    });
  }
  return { startsAt, endsAt };
}

function sameInstant(a: string, b: string): boolean {
  return Date.parse(a) === Date.parse(b);
}
