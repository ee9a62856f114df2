import { DEFAULT_SALES_CHANNEL } from '@despensa/domain';
import type { Database } from '../../db/client';
import type { PromotionsService } from '../promotions/service';
import { Failure } from '@despensa/contracts';
import type { CatalogIndex, ChangedProduct, ProductDoc } from './catalog-index';
import { loadIndex } from './index-load';
import { productsAsStored } from './repo';
import type { RebuildRotation } from './rebuild-rotation';
import { withHeapNearLive } from '../../heap';
import { CHANGED_IN_PLACE, type ChangedInPlace } from './integration-writes';
import {
  changedProductOf,
  idsOfPayload,
  refreshSkuPrices,
  stockChangeOf,
  type StockChange,
} from './sku-refresh';

/**
 * How long price and product writes are gathered, after a patch, before the next one reads them and purges
 * their pages: a lone change is patched at once, and an ERP's burst costs at most a few reads and purges a
 * second.
 */
const PATCH_BATCH_MS = 100;

/** How long an instance left without an index (its build out of rotation failed) waits to try again. */
const REBUILD_RETRY_MS = 5000;

/** Changes made in place while a rebuild reads: its snapshot may predate them (LiveIndex.replay). */
class MissedChanges {
  /** The latest stock of each offer, by `sku|channel|seller`. */
  readonly stock = new Map<string, StockChange>();
  readonly skus = new Set<number>();
  readonly products = new Set<number>();
}

export interface IndexDependents {
  /** The whole index was replaced, or a promotion reaching any product: any price shown may have changed. */
  allChanged(): void;
  /** One product's stock changed in place in a channel. */
  productChanged(product: ProductDoc, salesChannel: number): void;
  /** Prices changed in place (an ERP's price, a promotion): suggestions that show prices are stale. */
  pricesChanged(): void;
}

/**
 * The catalogue index kept current: built from PostgreSQL (the promotions through their module's
 * service), every instance LISTENs for catalog_changed (a trigger fires it on any write) and rebuilds, or
 * re-reads only the promotions when the write was to them; stock_changed patches one offer's stock in
 * place, catalog_skus_changed its prices and catalog_products_changed the products an edit names.
 */
export class LiveIndex {
  private current: CatalogIndex | null = null;
  private rebuilding: Promise<void> | null = null;
  private rebuildQueued = false;
  private rebuildTimer: NodeJS.Timeout | null = null;
  /** What changed in place since the rebuild under way began reading (null: none under way). */
  private missed: MissedChanges | null = null;
  private stopped = false;
  private listener: { end(): Promise<void> } | null = null;
  private readonly watchers: ((change: { salesChannel: number } | null) => void)[] = [];
  private readonly productWatchers: ((products: ChangedProduct[]) => void)[] = [];
  /** SKUs named by price writes and products by edits, patched together once a burst settles (PATCH_BATCH_MS). */
  private pending = { skus: new Set<number>(), products: new Set<number>() };
  private patchTimer: NodeJS.Timeout | null = null;
  private lastPatchAt = -Infinity;
  /** The promotions read under way after a promotion write, and whether another write came meanwhile. */
  private readingPromotions: Promise<void> | null = null;
  private promotionsStale = false;

  constructor(
    private readonly database: Database,
    private readonly promotions: PromotionsService,
    private readonly dependents: IndexDependents,
    private readonly clock: () => Date,
    private readonly log: (message: string) => void,
    /** Set: rebuilds out of the load balancer's rotation when another instance serves. */
    private readonly rotation: RebuildRotation | null = null,
  ) {}

  /** The index serving; none between the old one dropped and the new one built out of rotation: a 503. */
  get index(): CatalogIndex {
    if (!this.current) throw new Failure('serviceUnavailable');
    return this.current;
  }

  /** Whether this instance answers from an index and is not out of rotation (/api/ready). */
  get serving(): boolean {
    return this.current !== null && !this.rotation?.outOfRotation;
  }

  async start(): Promise<void> {
    await this.rebuild();
    const client = await this.database.pool.connect();
    client.on('notification', (message) => {
      if (message.channel === 'stock_changed') this.stockChanged(message.payload);
      else if (message.channel === CHANGED_IN_PLACE.skus) this.gather('skus', message.payload);
      else if (message.channel === CHANGED_IN_PLACE.products) this.gather('products', message.payload);
      else if (message.payload === 'promotion') this.promotionsChanged();
      else this.scheduleRebuild();
    });
    client.on('error', (error) => this.log(`catalogue listener lost its connection: ${error.message}`));
    await client.query('LISTEN catalog_changed');
    await client.query('LISTEN stock_changed');
    for (const channel of Object.values(CHANGED_IN_PLACE)) await client.query(`LISTEN ${channel}`);
    await this.rotation?.join(client);
    this.listener = {
      end: async () => {
        await this.rotation?.leave();
        await client.query('UNLISTEN *').catch(() => {});
        client.release();
      },
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.listener?.end();
    this.listener = null;
    // Neither reads the database after the pool is closed.
    await Promise.all([this.rebuilding, this.readingPromotions]);
    this.current?.retire();
  }

  /** Rebuilds now; concurrent requests share one rebuild and one more runs if writes came in meanwhile. */
  async rebuild(): Promise<void> {
    if (this.rebuilding) {
      this.rebuildQueued = true;
      return this.rebuilding;
    }
    this.rebuilding = (async () => {
      do {
        this.rebuildQueued = false;
        const missed = (this.missed = new MissedChanges());
        const started = performance.now();
        // Out of rotation, the index it replaces goes first: never two held at once (RebuildRotation).
        const alone = this.current !== null && (await this.rotation?.takeTurn()) === true;
        if (alone) this.dropIndex();
        try {
          const next = await withHeapNearLive(async () => {
            const built = await loadIndex(this.database, this.promotions, this.clock);
            // The default channel's cards worked out before the index serves: its first shoppers wait for none.
            await built.warm(DEFAULT_SALES_CHANNEL);
            return built;
          });
          this.current?.retire();
          this.current = next;
          this.missed = null;
          this.replay(next, missed);
          this.allChanged();
          const ms = Math.round(performance.now() - started);
          this.log(`catalogue index: ${next.products.length} products in ${ms} ms${alone ? ', alone' : ''}`);
        } finally {
          if (alone) await this.rotation!.back();
          // An instance whose index was dropped must not stay without one: it tries again.
          if (!this.current && !this.stopped) this.scheduleRebuild(REBUILD_RETRY_MS);
        }
      } while (this.rebuildQueued);
    })().finally(() => {
      this.rebuilding = null;
      this.missed = null;
    });
    return this.rebuilding;
  }

  /** Out of rotation: what shoppers were shown from the old index is dropped with it. */
  private dropIndex(): void {
    this.current?.retire();
    this.current = null;
    this.allChanged();
  }

  /**
   * Told once the index is rebuilt or a promotion reaching any product changed (null: anything may have
   * changed) and when an offer runs out or comes back in one channel (its stock state, which pages show);
   * quantities alone do not tell.
   */
  onChange(watcher: (change: { salesChannel: number } | null) => void): void {
    this.watchers.push(watcher);
  }

  /**
   * An offer's stock changed (migration 0014's row trigger says which and to what): every order moves
   * stock, so the index is patched in place instead of rebuilt. A rebuild under way may have read the row
   * before the change: the index it builds takes it once it serves (replay).
   */
  private stockChanged(payload: string | undefined): void {
    const change = stockChangeOf(payload);
    if (!change) return this.scheduleRebuild();
    const [skuId, salesChannel, sellerId, quantity] = change;
    // The rebuild under way may have read the offer before: the index it builds takes it (replay).
    this.missed?.stock.set(`${skuId}|${salesChannel}|${sellerId}`, change);
    const before = this.current?.setStock(skuId, salesChannel, sellerId, quantity) ?? null;
    if (before === null) {
      if (!this.missed) this.scheduleRebuild();
      return;
    }
    // The product as rendered before the change must not be served again.
    const product = this.index.skusById.get(skuId)?.product;
    if (product) this.dependents.productChanged(product, salesChannel);
    if (before > 0 !== quantity > 0) for (const watcher of this.watchers) watcher({ salesChannel });
  }

  /**
   * Told when some products' prices changed in place (an ERP's price write, a promotion that reaches them):
   * the pages that show them are stale.
   */
  onProductsChanged(watcher: (products: ChangedProduct[]) => void): void {
    this.productWatchers.push(watcher);
  }

  /**
   * An ERP changed these SKUs' prices (catalog_skus_changed), or an edit these products (catalog_products_changed):
   * each is patched in the index and only its products' views and pages dropped. A rebuild under way may
   * have read the old rows: the index it builds reads them again once it serves (replay). One the index
   * cannot take rebuilds it.
   */
  private gather(kind: ChangedInPlace, payload: string | undefined): void {
    const ids = idsOfPayload(payload, kind);
    if (!ids) return this.scheduleRebuild();
    for (const id of ids) this.missed?.[kind].add(id);
    this.enqueue(kind, ids);
  }

  /** Patches these SKUs or products once the burst they came in settles (PATCH_BATCH_MS). */
  private enqueue(kind: ChangedInPlace, ids: Iterable<number>): void {
    for (const id of ids) this.pending[kind].add(id);
    if (this.patchTimer || this.pending[kind].size === 0) return;
    // An ERP sends many writes a second: at most one read and one page purge of each kind per batch.
    const wait = Math.max(0, this.lastPatchAt + PATCH_BATCH_MS - performance.now());
    this.patchTimer = setTimeout(() => {
      this.patchTimer = null;
      this.lastPatchAt = performance.now();
      const { skus, products } = this.pending;
      this.pending = { skus: new Set(), products: new Set() };
      // None while one is built out of rotation: it reads them, or takes them after (replay).
      if (!this.current) return;
      if (skus.size > 0) this.patch((index) => refreshSkuPrices(index, this.database.db, [...skus]));
      if (products.size > 0)
        this.patch(async (index) =>
          index.patchProducts([...products], await productsAsStored(this.database, [...products])),
        );
    }, wait);
    this.patchTimer.unref();
  }

  private patch(
    read: (
      index: CatalogIndex,
    ) => Promise<{ products: ProductDoc[]; complete: boolean; shownBefore?: ChangedProduct[] }>,
  ): void {
    const index = this.index;
    read(index)
      .then(({ products, complete, shownBefore = [] }) => {
        // A rebuild under way, or one that replaced the index meanwhile, takes these ids again (replay).
        if (!complete) this.scheduleRebuild();
        this.productsChanged(index, products, shownBefore);
      })
      .catch((error: unknown) => {
        this.log(`catalogue patch failed: ${String(error)}`);
        this.scheduleRebuild();
      });
  }

  /**
   * A promotion was written (catalog_changed from its table): the index takes the promotions as stored,
   * in place; a rebuild reads 500,000 SKUs for a minute. Only what shows the products the changed
   * promotions reach is dropped. Writes while one read is under way read again.
   */
  private promotionsChanged(): void {
    this.promotionsStale = true;
    if (this.readingPromotions) return;
    this.readingPromotions = (async () => {
      while (this.promotionsStale) {
        this.promotionsStale = false;
        // A rebuild under way may have read the promotions before this write; one started later has not.
        await this.rebuilding;
        const index = this.index;
        const reached = index.setPromotions(await this.promotions.all());
        if (reached) this.productsChanged(index, reached);
        else this.allChanged();
      }
    })()
      .catch((error: unknown) => {
        this.log(`catalogue promotions refresh failed: ${String(error)}`);
        this.scheduleRebuild();
      })
      .finally(() => {
        this.readingPromotions = null;
      });
  }

  /**
   * These products changed in place: what shows them is dropped, in every channel, and the pages of the
   * slugs and aisles some of them left (`shownBefore`).
   */
  private productsChanged(
    index: CatalogIndex,
    products: readonly ProductDoc[],
    shownBefore: ChangedProduct[] = [],
  ): void {
    // A promotion that names no product (a typo'd id) leaves every page as it was.
    if (products.length === 0) return;
    const channels = index.salesChannels;
    for (const product of products)
      for (const channel of channels) this.dependents.productChanged(product, channel);
    this.dependents.pricesChanged();
    const shown = [...products.map(changedProductOf), ...shownBefore];
    for (const watcher of this.productWatchers) watcher(shown);
  }

  /**
   * The new index takes what changed in place while it was read, instead of being rebuilt again (orders
   * move stock all through a national chain's minute-long rebuild): each offer's latest stock now, the
   * SKUs' prices and the products read again as stored. An offer it does not have rebuilds it.
   */
  private replay(index: CatalogIndex, missed: MissedChanges): void {
    for (const [skuId, salesChannel, sellerId, quantity] of missed.stock.values())
      if (index.setStock(skuId, salesChannel, sellerId, quantity) === null) this.scheduleRebuild();
    this.enqueue('skus', missed.skus);
    this.enqueue('products', missed.products);
  }

  private allChanged(): void {
    this.dependents.allChanged();
    for (const watcher of this.watchers) watcher(null);
  }

  private scheduleRebuild(waitMs = 200): void {
    // A seed or a bulk update fires many notifications; rebuild once they settle.
    if (this.rebuildTimer) clearTimeout(this.rebuildTimer);
    this.rebuildTimer = setTimeout(() => {
      this.rebuildTimer = null;
      this.rebuild().catch((error: unknown) => this.log(`catalogue rebuild failed: ${String(error)}`));
    }, waitMs);
    this.rebuildTimer.unref();
  }
}
