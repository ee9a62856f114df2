import type { OrderForm } from '@despensa/contracts';

export interface RenderedOrderForm {
  /** The cart version it was rendered from. */
  version: number;
  /** The catalogue snapshot it was priced with; a rebuilt catalogue means new prices. */
  snapshot: object;
  /** Epoch ms when a promotion starts or ends and the prices may change. */
  validUntil: number;
  /** Read-only: shared by every reader until the cart changes. */
  form: OrderForm;
  /**
   * The same, validated against the contract and serialised to UTF-8 once, when first asked for: a cart
   * rendered by a change is usually read next, and bytes go out without a per-request encoding.
   */
  body: Buffer | null;
}

/** A rough size for entries not serialised yet, so the bound holds before the bytes exist. */
const ESTIMATED_BYTES_PER_ITEM = 2048;

/**
 * Rendered orderForms of carts that have not changed. Every page shows the minicart, so the same cart is
 * read far more often than it changes; a hit skips pricing, validation and serialisation. An entry is used
 * only while the cart version, the catalogue snapshot and the promotion windows still match, so it is
 * never stale, even with several instances (the version is read from PostgreSQL on every request).
 * Bounded by size; the least recently read entries go first.
 */
export class RenderedOrderForms {
  private readonly entries = new Map<string, { entry: RenderedOrderForm; bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get(id: string, version: number, snapshot: object, now: number): RenderedOrderForm | undefined {
    const held = this.entries.get(id);
    if (!held) return undefined;
    const { entry } = held;
    if (entry.version !== version || entry.snapshot !== snapshot || now >= entry.validUntil) {
      this.delete(id);
      return undefined;
    }
    // Re-inserting keeps the Map in least-recently-read order.
    this.entries.delete(id);
    this.entries.set(id, held);
    return entry;
  }

  set(id: string, entry: RenderedOrderForm): void {
    this.delete(id);
    const bytes = entry.body?.length ?? (entry.form.items.length + 1) * ESTIMATED_BYTES_PER_ITEM;
    if (bytes > this.maxBytes) return;
    this.entries.set(id, { entry, bytes });
    this.bytes += bytes;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** The entry's bytes, serialised now if not yet (`serialise` validates and encodes). */
  bodyOf(id: string, entry: RenderedOrderForm, serialise: (form: OrderForm) => Buffer): Buffer {
    if (entry.body) return entry.body;
    entry.body = serialise(entry.form);
    const held = this.entries.get(id);
    if (held?.entry === entry) {
      this.bytes += entry.body.length - held.bytes;
      held.bytes = entry.body.length;
    }
    return entry.body;
  }

  private delete(id: string): void {
    const held = this.entries.get(id);
    if (!held) return;
    this.entries.delete(id);
    this.bytes -= held.bytes;
  }
}
