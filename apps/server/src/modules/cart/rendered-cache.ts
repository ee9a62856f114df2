import { LRUCache } from 'lru-cache';
import type { OrderForm } from '@despensa/contracts';

export interface RenderedOrderForm {
  /** The cart version it was rendered from. */
  version: number;
  /**
   * What it was priced with, each compared by identity: the catalogue snapshot (a rebuilt catalogue means
   * new prices) and the promotions' version (a changed coupon means a new discount).
   */
  snapshot: readonly object[];
  /** Epoch ms when a promotion starts or ends and the prices may change. */
  validUntil: number;
  /** Read-only: shared by every reader until the cart changes. */
  form: OrderForm;
  /**
   * The same, validated against the contract and serialised to UTF-8 once, when first asked for: a cart
   * rendered by a change is usually read next, and bytes go out without a per-request encoding.
   */
  body: Buffer | null;
  /** What the body's live parts were made with (livePaymentsKey): another key serialises anew. */
  bodyKey: string | null;
}

/** A rough size for entries not serialised yet, so the bound holds before the bytes exist. */
const ESTIMATED_BYTES_PER_ITEM = 2048;

const bytesOf = (entry: RenderedOrderForm): number =>
  entry.body?.length ?? (entry.form.items.length + 1) * ESTIMATED_BYTES_PER_ITEM;

/**
 * Rendered orderForms of carts that have not changed. Every page shows the minicart, so the same cart is
 * read far more often than it changes; a hit skips pricing, validation and serialisation. An entry is used
 * only while the cart version, the catalogue snapshot and the promotion windows still match, so it is
 * never stale, even with several instances (the version is read from PostgreSQL on every request).
 * Bounded by size; the least recently read entries go first.
 */
export class RenderedOrderForms {
  private readonly entries: LRUCache<string, RenderedOrderForm>;

  constructor(maxBytes = 32 * 1024 * 1024) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: bytesOf });
  }

  get(id: string, version: number, snapshot: readonly object[], now: number): RenderedOrderForm | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.version !== version || !sameSnapshot(entry.snapshot, snapshot) || now >= entry.validUntil) {
      this.entries.delete(id);
      return undefined;
    }
    return entry;
  }

  /** Keeps the entry; one larger than the whole bound is not kept (and drops the cart's older one). */
  set(id: string, entry: RenderedOrderForm): void {
    this.entries.set(id, entry);
  }

  /** The entry's bytes for `key`, serialised now if not yet (`serialise` validates and encodes). */
  bodyOf(id: string, entry: RenderedOrderForm, key: string, serialise: (form: OrderForm) => Buffer): Buffer {
    if (entry.body && entry.bodyKey === key) return entry.body;
    entry.body = serialise(entry.form);
    entry.bodyKey = key;
    // lru-cache sizes an entry when it is set: setting it again counts its real bytes instead of the estimate.
    if (this.entries.peek(id) === entry) {
      this.entries.delete(id);
      this.entries.set(id, entry);
    }
    return entry.body;
  }

  /** Bytes held, for tests of the bound. */
  get size(): number {
    return this.entries.calculatedSize;
  }
}

function sameSnapshot(a: readonly object[], b: readonly object[]): boolean {
  return a.length === b.length && a.every((each, i) => each === b[i]);
}
