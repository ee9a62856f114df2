import {
  DELIVERY_PRICES_CENTS,
  DELIVERY_WINDOW_CAPACITY,
  DELIVERY_WINDOW_DAYS,
  DELIVERY_WINDOW_HOLD_MS,
  deliveryChannelOf,
  deliveryWindowSlots,
  localParts,
  windowOrderable,
  type DeliveryMethod,
} from '@despensa/domain';
import {
  Failure,
  type DeliveryWindow,
  type HeldWindow,
  type ShippingSimulation,
  type Sla,
} from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import type { StoreCoverage, StoreEntry } from './coverage';
import {
  deleteOldWindows,
  heldWindow,
  insertWindows,
  keepForOrder,
  moveOrderReservation,
  releaseExpiredHolds,
  releaseOrderReservation,
  releaseReservation,
  reserveWindow,
  returnToCart,
  storeOfOrder,
  windowsOf,
  type DeliveryWindowRow,
} from './repo';

const WINDOW_HORIZON_MS = DELIVERY_WINDOW_DAYS * 24 * 3600_000;

type WindowTimes = { startDateUtc: string; endDateUtc: string };

/**
 * Delivery windows (§4, §7): every store's windows for the next 7 days, and the places carts and orders
 * hold in them. Only window capacity is read from the database, per simulation.
 */
export class DeliveryWindows {
  /** The local date windows were last extended on, and the extension under way. */
  private windowsDay = '';
  private extending: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    private readonly coverage: StoreCoverage,
    private readonly clock: () => Date,
  ) {}

  /** The stores changed: the next use extends windows again (a new store gets its week). */
  forgetExtension(): void {
    this.windowsDay = '';
  }

  /** Windows for the next 7 days for every store; runs on start and again once a day, on first use. */
  async ensureWindows(): Promise<void> {
    const now = this.clock();
    const today = localParts(now);
    const day = `${today.year}-${today.month}-${today.day}`;
    if (day === this.windowsDay) return;
    this.extending ??= (async () => {
      const rows = this.coverage.stores.flatMap((store) =>
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

  /** A store's windows within the horizon from `now` (in `tx`, where its own holds count). */
  async upcoming(
    storeId: string,
    now: Date,
    tx: Database | Tx = this.database,
  ): Promise<DeliveryWindowRow[]> {
    return windowsOf(tx, storeId, now, new Date(now.getTime() + WINDOW_HORIZON_MS));
  }

  /**
   * Holds a window of the channel's store for the cart for `holdMs`, moving its earlier hold; in the
   * flow's transaction `tx`.
   */
  async holdWindow(
    orderFormId: string,
    salesChannel: number,
    window: WindowTimes,
    tx: Tx,
    holdMs: number,
  ): Promise<void> {
    const store = this.coverage.storeOf(salesChannel);
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

  async keepWindowForOrder(orderFormId: string, orderGroup: string, tx: Tx): Promise<void> {
    if (!(await keepForOrder(tx, orderFormId, orderGroup, this.clock()))) throw new Failure('windowExpired');
  }

  async returnOrderWindow(orderGroup: string, orderFormId: string, tx: Tx): Promise<void> {
    await returnToCart(tx, orderGroup, orderFormId, this.clock(), DELIVERY_WINDOW_HOLD_MS);
  }

  async moveOrderWindow(
    orderGroup: string,
    window: WindowTimes,
    mode: DeliveryMethod['kind'],
    tx: Tx,
  ): Promise<WindowTimes> {
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

  async firstWindowWithRoom(
    salesChannel: number,
    mode: DeliveryMethod['kind'],
    from: Date,
  ): Promise<WindowTimes | null> {
    const store = this.coverage.storeOf(salesChannel);
    if (!store) return null;
    await this.ensureWindows();
    const now = this.clock();
    const rows = await this.upcoming(store.row.id, now);
    const found = rows.find(
      (row) =>
        row.startsAt >= from && windowOrderable(row.startsAt, now, mode) && row.capacity > row.reserved,
    );
    return found
      ? { startDateUtc: found.startsAt.toISOString(), endDateUtc: found.endsAt.toISOString() }
      : null;
  }

  async orderWindows(orderGroup: string, mode: DeliveryMethod['kind']): Promise<DeliveryWindow[]> {
    const storeId = await storeOfOrder(this.database.db, orderGroup);
    if (!storeId) return [];
    const now = this.clock();
    const rows = await this.upcoming(storeId, now);
    return rows
      .filter((row) => windowOrderable(row.startsAt, now, mode))
      .map((row) => windowView(row, DELIVERY_PRICES_CENTS[mode]));
  }

  async releaseOrderWindow(orderGroup: string, tx: Tx): Promise<void> {
    await releaseOrderReservation(tx, orderGroup);
  }

  async releaseWindow(orderFormId: string, tx: Tx): Promise<void> {
    await releaseReservation(tx, orderFormId);
  }

  async heldWindow(orderFormId: string): Promise<HeldWindow | null> {
    const held = await heldWindow(this.database.db, orderFormId, this.clock());
    const store = held ? this.coverage.storeById(held.window.storeId) : undefined;
    if (!held || !store) return null;
    return {
      salesChannel: store.row.salesChannel,
      startDateUtc: held.window.startsAt.toISOString(),
      endDateUtc: held.window.endsAt.toISOString(),
      expired: held.expired,
    };
  }

  async releaseExpiredHolds(): Promise<number> {
    return releaseExpiredHolds(this.database.db, this.clock());
  }
}

export function windowView(row: DeliveryWindowRow, price: number): DeliveryWindow {
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
export function scheduledSla(
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

/** §8: no windows at all → the store has no schedules; every window full → no time windows. */
export function windowsMessage(windows: DeliveryWindow[]): ShippingSimulation['message'] {
  if (windows.length === 0) return 'noSchedules';
  return windows.every((w) => w.full) ? 'noWindows' : null;
}

/** A window as ISO 8601 instants; anything else fails with invalidWindow. */
export function parseWindow(window: WindowTimes): { startsAt: Date; endsAt: Date } {
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
