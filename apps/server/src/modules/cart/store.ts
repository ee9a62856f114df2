import { LRUCache } from 'lru-cache';
import { isValidOrderFormId, livePromotions, type LivePromotions, type Promotion } from '@despensa/domain';
import { Failure, type CartViewer } from '@despensa/contracts';
import type { Database, Db, Tx } from '../../db/client';
import type { CatalogService } from '../catalog/service';
import type { PromotionsService } from '../promotions/service';
import { readCart, readCartVersion, updateCart, writeCartIfUnchanged, type CartState } from './repo';
import { LineMemos, LivePromotionsBySalesChannel, type LineMemo } from './line-memo';
import { RenderedOrderForms } from './rendered-cache';
import { isOwnerOf } from './privacy';

/** What every part of the cart reads besides its own store: the database, the catalogue, promotions, time. */
export interface CartDeps {
  database: Database;
  catalog: CatalogService;
  promotions: PromotionsService;
  clock: () => Date;
}

/**
 * Edits a cart in place; `db` reads anything else the change needs. It may run twice (see changeWith), so
 * it must reset whatever it reports outside the cart. It edits lines freely but replaces a form field's
 * value, never edits inside one: the form's values are shared with the kept state (see editableCopy).
 */
export type CartChange<T = unknown> = (cart: CartState, db: Db | Tx) => Promise<T> | T;

/** Carts whose state this instance keeps to apply the next change without reading it first. */
const MAX_KEPT_CARTS = 20_000;
/** Cart lines whose price and rendering this instance keeps (LineMemos), at a few kilobytes each. */
const MAX_MEMO_LINES = 20_000;

/**
 * The carts as this instance keeps them: their state in PostgreSQL and every cache and queue in front of
 * it (kept states, the per-cart queue of changes, rendered orderForms, line memos, live promotions). Every
 * cache is bounded with lru-cache; the segment variants are a WeakMap, gone with the promotions they vary.
 */
export class CartStore {
  /** Rendered orderForms of unchanged carts (see RenderedOrderForms). */
  readonly rendered = new RenderedOrderForms();
  /** What pricing and rendering each line produced last time (see LineMemo). */
  private readonly lineMemos = new LineMemos(MAX_MEMO_LINES);
  /** The last state this instance wrote or read per cart, least recently used first (see changeWith). */
  private readonly states = new LRUCache<string, CartState>({ max: MAX_KEPT_CARTS });
  /** Per cart, the tail of this instance's queue of changes (see serially). */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly liveBySalesChannel = new LivePromotionsBySalesChannel();
  private readonly segmentLive = new WeakMap<LivePromotions, Map<string, LivePromotions>>();

  constructor(
    private readonly database: Database,
    private readonly clock: () => Date,
  ) {}

  async read(orderFormId: string): Promise<CartState> {
    const state = isValidOrderFormId(orderFormId) ? await readCart(this.database.db, orderFormId) : null;
    if (!state) throw new Failure('cartNotFound');
    return state;
  }

  /** The cart's stored version and customer (one cheap read before every cart read). */
  async versionOf(orderFormId: string): Promise<{ version: number; userId: string | null }> {
    const stored = isValidOrderFormId(orderFormId) ? await readCartVersion(this.database, orderFormId) : null;
    if (stored === null) throw new Failure('cartNotFound');
    return stored;
  }

  /** The cart's state at `version`, kept or read. */
  async stateAt(orderFormId: string, version: number): Promise<CartState> {
    const kept = this.states.get(orderFormId);
    if (kept?.form.version === version) return kept;
    const state = await this.read(orderFormId);
    this.keep(state);
    return state;
  }

  async change(orderFormId: string, apply: CartChange): Promise<CartState> {
    return (await this.changeWith(orderFormId, apply)).state;
  }

  /**
   * Applies a change in one round trip in the usual case: this instance's changes to a cart run one after
   * the other (serially) on the state it last wrote or read (else it is read first), which is written back
   * only if the stored version is still that state's (writeCartIfUnchanged). If another instance changed
   * the cart meanwhile, the change is redone on a fresh read under the row lock (updateCart). Either way
   * no concurrent change is lost.
   */
  async changeWith<T>(orderFormId: string, apply: CartChange<T>): Promise<{ state: CartState; result: T }> {
    if (!isValidOrderFormId(orderFormId)) throw new Failure('cartNotFound');
    const changed = await this.serially(orderFormId, async () => {
      const now = this.clock();
      const kept = this.states.get(orderFormId) ?? (await readCart(this.database.db, orderFormId));
      if (!kept) return null;
      const state = editableCopy(kept);
      const result = await apply(state, this.database.db);
      if (await writeCartIfUnchanged(this.database, kept, state, now)) {
        state.form.version += 1;
        state.form.updatedAt = now;
        this.keep(state);
        return { state, result };
      }
      this.states.delete(orderFormId);
      const locked = await updateCart(this.database.db, orderFormId, now, apply);
      if (locked) this.keep(locked.state);
      return locked;
    });
    if (!changed) throw new Failure('cartNotFound');
    return changed;
  }

  /** Drops the kept state of a cart changed elsewhere (in a flow's transaction, or for many carts at once). */
  forget(orderFormId: string): void {
    this.states.delete(orderFormId);
  }

  /** The cart's line memos (see LineMemos.of); hand them back with keepMemos. */
  memosOf(orderFormId: string): Map<number, LineMemo> {
    return this.lineMemos.of(orderFormId);
  }

  keepMemos(orderFormId: string, memos: Map<number, LineMemo>): void {
    this.lineMemos.keep(orderFormId, memos);
  }

  /**
   * The channel's live promotions for a collaborator (§6) or a Prime member (or neither), one object per
   * shared one and segment so line memos hold. `coupon` adds the cart's coupon to a fresh set.
   */
  liveFor(
    source: { promotions: readonly Promotion[]; coupon: Promotion | null },
    salesChannel: number,
    now: Date,
    segment: { collaborator: boolean; prime: boolean },
  ): LivePromotions {
    const { promotions, coupon } = source;
    const shared = coupon
      ? livePromotions({ promotions: [...promotions, coupon], salesChannel, now })
      : this.liveBySalesChannel.get(promotions, salesChannel, now);
    return this.forSegment(shared, segment.collaborator, segment.prime);
  }

  private forSegment(live: LivePromotions, collaborator: boolean, prime: boolean): LivePromotions {
    if (!collaborator && !prime) return live;
    let variants = this.segmentLive.get(live);
    if (!variants) this.segmentLive.set(live, (variants = new Map()));
    const key = `${collaborator}|${prime}`;
    let found = variants.get(key);
    if (!found) variants.set(key, (found = { ...live, collaborator, prime }));
    return found;
  }

  private keep(state: CartState): void {
    this.states.set(state.form.id, state);
  }

  /** Runs `task` after this instance's earlier changes to the same cart have finished. */
  private serially<T>(orderFormId: string, task: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(orderFormId) ?? Promise.resolve()).then(task, task);
    const tail = run.catch(() => undefined);
    this.queues.set(orderFormId, tail);
    void tail.then(() => {
      if (this.queues.get(orderFormId) === tail) this.queues.delete(orderFormId);
    });
    return run;
  }
}

/**
 * The kept state as a change may edit it: its lines copied one by one, its form's values shared (a change
 * replaces them; see CartChange). structuredClone took 50 µs of every change to a 50-line cart; this, 1 µs.
 */
function editableCopy(state: CartState): CartState {
  return { form: { ...state.form }, items: state.items.map((item) => ({ ...item })) };
}

/**
 * The change, for the cart's customer only (its holder, while the cart is anonymous). Checked on the state the
 * change applies to, so a cart taken by a customer in the meantime is refused too.
 */
export function byOwner<T>(viewer: CartViewer, apply: CartChange<T>): CartChange<T> {
  return (cart, db) => {
    if (!isOwnerOf(cart.form, viewer)) throw new Failure('notOwner');
    return apply(cart, db);
  };
}
