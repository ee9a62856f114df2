import { DELIVERY_WINDOW_HOLD_MS, type DeliveryMethod, type LngLat } from '@despensa/domain';
import {
  shippingSimulationBody,
  type DeliveryChoice,
  type DeliveryWindow,
  type HeldWindow,
  type OrderForm,
  type SalesChannelAtPoint,
  type ShippingPolicies,
  type ShippingSimulation,
  type ShippingSimulationBody,
  type Sla,
  type StoreGeolocation,
  type StorefrontServices,
  type WithdrawalStores,
} from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import type { CartDeliveryChoice, CartShippingData } from '../cart/service';
import type { CatalogService } from '../catalog/service';
import type { StoresService } from '../stores/service';
import { CartShipping, withSlas, type AttachmentPlan, type ChoicePlan } from './cart-shipping';
import { StoreCoverage } from './coverage';
import { ExpressDelivery } from './express';
import {
  DeliverySimulator,
  shippingPolicies,
  type ParsedSimulationBody,
  type SimulationScope,
} from './simulation';
import { WindowAdmin } from './window-admin';
import { DeliveryWindows } from './windows';
import { ZoneAdmin } from './zone-admin';

export type { SimulationScope } from './simulation';

type DeliveryApi = StorefrontServices['delivery'];
type WindowTimes = { startDateUtc: string; endDateUtc: string };

/**
 * Delivery (§4 sales channel and delivery mode, §7 Sales channel and shipping): the module's one door.
 * The work is done in its rooms: which store serves a point (coverage.ts), delivery windows and their
 * holds (windows.ts), express (express.ts), the shipping simulation (simulation.ts) and the cart's
 * delivery choice and shipping attachment (cart-shipping.ts).
 */
export class DeliveryService implements Omit<DeliveryApi, 'applyChoice' | 'reserveWindow'> {
  private readonly coverage: StoreCoverage;
  private readonly windows: DeliveryWindows;
  private readonly express: ExpressDelivery;
  private readonly simulator: DeliverySimulator;
  private readonly cartShipping: CartShipping;
  private listener: { end(): Promise<void> } | null = null;
  private reloadTimer: NodeJS.Timeout | null = null;
  private readonly changeListeners = new Set<() => void>();
  /** The back office's windows (open, close, capacity) and coverage zones. */
  readonly windowAdmin: WindowAdmin;
  readonly zoneAdmin: ZoneAdmin;

  constructor(
    private readonly database: Database,
    storesService: StoresService,
    catalog: CatalogService,
    clock: () => Date = () => new Date(),
    private readonly log: (message: string) => void = () => {},
  ) {
    this.coverage = new StoreCoverage(database, storesService, clock);
    this.windows = new DeliveryWindows(database, this.coverage, clock);
    this.express = new ExpressDelivery(this.coverage, clock);
    this.simulator = new DeliverySimulator(this.coverage, this.windows, this.express, catalog, clock);
    this.cartShipping = new CartShipping(this.coverage, this.windows, this.express, clock);
    this.windowAdmin = new WindowAdmin(database, clock);
    this.zoneAdmin = new ZoneAdmin(database);
  }

  /** Calls `listener` after stores or zones reloaded on a change made on any instance (the page cache). */
  onChange(listener: () => void): void {
    this.changeListeners.add(listener);
  }

  /**
   * Loads stores and zones, makes sure every store has windows for the next 7 days, and reloads whenever
   * any instance writes stores or zones (a trigger fires shipping_changed).
   */
  async start(): Promise<void> {
    await this.reload();
    await this.windows.ensureWindows();
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
      this.reload()
        .then(() => {
          for (const listener of this.changeListeners) listener();
        })
        .catch((error: unknown) => this.log(`shipping reload failed: ${String(error)}`));
    }, 200);
    this.reloadTimer.unref();
  }

  /** Rebuilds the in-memory stores and zones from the database (on start, and after a change). */
  async reload(): Promise<void> {
    await this.coverage.reload();
    this.windows.forgetExtension();
  }

  async salesChannelAt(point: LngLat): Promise<SalesChannelAtPoint> {
    return this.coverage.salesChannelAt(point);
  }

  /** GET /api/store/geolocation: the same answer plus a uuid, stored so an order can log against it. */
  async storeGeolocation(point: LngLat): Promise<StoreGeolocation> {
    return this.coverage.storeGeolocation(point);
  }

  async logGeolocation(uuid: string, orderId: string): Promise<void> {
    await this.coverage.logGeolocation(uuid, orderId);
  }

  async withdrawalStores(): Promise<WithdrawalStores> {
    return this.coverage.withdrawalStores();
  }

  /** The name of the store selling in a sales channel (a recurring basket's store), or null. */
  storeNameOf(salesChannel: number): string | null {
    return this.coverage.storeOf(salesChannel)?.row.name ?? null;
  }

  shippingPolicies(): ShippingPolicies {
    return shippingPolicies();
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
    return this.simulator.simulate(body, scope);
  }

  /**
   * §4 channel change, planned: the cart's new delivery choice and shipping attachment (the items are
   * re-priced by the cart when it is written), and whether the window held so far goes back (a new store
   * or mode gives it back; re-applying the same choice keeps it). flows/attach-shipping writes it.
   */
  planChoice(form: OrderForm, before: CartDeliveryChoice, choice: DeliveryChoice): ChoicePlan {
    return this.cartShipping.planChoice(form, before, choice);
  }

  /**
   * POST /api/orderform/{id}/shipping (§7 cart shipping attachment), planned: omitted fields keep what the
   * cart has (its delivery choice, never its logistics entries, which an emptied cart lacks); a
   * deliveryWindow is to be held in the cart's store; logistics entries get the selected method's slas.
   * Bad input fails here, before anything is written.
   */
  planAttachment(...args: Parameters<CartShipping['planAttachment']>): AttachmentPlan {
    return this.cartShipping.planAttachment(...args);
  }

  /** The attachment's logistics entries with the selected method's slas. */
  withSlas(shippingData: CartShippingData, slas: Sla[]): CartShippingData {
    return withSlas(shippingData, slas);
  }

  /**
   * Holds a window of the channel's store for the cart for DELIVERY_WINDOW_HOLD_MS, moving its earlier
   * hold; in the flow's transaction `tx`.
   */
  async holdWindow(
    orderFormId: string,
    salesChannel: number,
    window: WindowTimes,
    tx: Tx,
    /** A recurring list's basket holds its window until its cut-off, not the checkout's two hours. */
    holdMs: number = DELIVERY_WINDOW_HOLD_MS,
  ): Promise<void> {
    await this.windows.holdWindow(orderFormId, salesChannel, window, tx, holdMs);
  }

  /**
   * Placing an order (flows/place-order): the cart's held window becomes the order group's and stops
   * expiring, in `tx`. Fails `windowExpired` when the cart holds no live window.
   */
  async keepWindowForOrder(orderFormId: string, orderGroup: string, tx: Tx): Promise<void> {
    await this.windows.keepWindowForOrder(orderFormId, orderGroup, tx);
  }

  /** A canceled order's window goes back to its cart as a fresh hold (or is given back), in `tx`. */
  async returnOrderWindow(orderGroup: string, orderFormId: string, tx: Tx): Promise<void> {
    await this.windows.returnOrderWindow(orderGroup, orderFormId, tx);
  }

  /**
   * Reschedule (flows/reschedule-order): the order group's place moves to another window of its store
   * that the order's mode can still be prepared for and that has room, in `tx`.
   */
  async moveOrderWindow(...args: Parameters<DeliveryWindows['moveOrderWindow']>): Promise<WindowTimes> {
    return this.windows.moveOrderWindow(...args);
  }

  /**
   * A recurring list's window (§4): the first window from `from` on of the channel's store, that `mode`
   * can still be prepared for and that has room; null when none has room within the horizon.
   */
  async firstWindowWithRoom(
    salesChannel: number,
    mode: DeliveryMethod['kind'],
    from: Date,
  ): Promise<WindowTimes | null> {
    return this.windows.firstWindowWithRoom(salesChannel, mode, from);
  }

  /** The windows an order group could move to: its store's, that its mode can still be prepared for. */
  async orderWindows(orderGroup: string, mode: DeliveryMethod['kind']): Promise<DeliveryWindow[]> {
    return this.windows.orderWindows(orderGroup, mode);
  }

  /** A canceled order group's window place goes back to the window, in `tx`. */
  async releaseOrderWindow(orderGroup: string, tx: Tx): Promise<void> {
    await this.windows.releaseOrderWindow(orderGroup, tx);
  }

  /** Gives the cart's window back, if it holds one; in the flow's transaction `tx`. */
  async releaseWindow(orderFormId: string, tx: Tx): Promise<void> {
    await this.windows.releaseWindow(orderFormId, tx);
  }

  /** The window the cart holds (or held until its hold expired: `expired`), and its store's channel. */
  async heldWindow(orderFormId: string): Promise<HeldWindow | null> {
    return this.windows.heldWindow(orderFormId);
  }

  /** The sweep job: gives every expired hold's place back to its window; answers how many. */
  async releaseExpiredHolds(): Promise<number> {
    return this.windows.releaseExpiredHolds();
  }

  /**
   * §4 step 3: when an express order of `totalItems` units in this channel is expected, as an ISO time
   * (the store's stored delivery time, or the §9 base, plus the §9 addition by item count).
   */
  expressEstimate(salesChannel: number, totalItems: number): string {
    return this.express.estimate(salesChannel, totalItems);
  }
}
