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
  /** The same, validated against the contract and serialised. */
  json: string;
}

/**
 * Rendered orderForms of carts that have not changed. Every page shows the minicart, so the same cart is
 * read far more often than it changes; a hit skips pricing, validation and serialisation. An entry is used
 * only while the cart version, the catalogue snapshot and the promotion windows still match, so it is
 * never stale, even with several instances (the version is read from PostgreSQL on every request).
 * Bounded by size; the least recently read entries go first.
 */
export class RenderedOrderForms {
  private readonly entries = new Map<string, RenderedOrderForm>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get(id: string, version: number, snapshot: object, now: number): RenderedOrderForm | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.version !== version || entry.snapshot !== snapshot || now >= entry.validUntil) {
      this.delete(id);
      return undefined;
    }
    // Re-inserting keeps the Map in least-recently-read order.
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry;
  }

  set(id: string, entry: RenderedOrderForm): void {
    this.delete(id);
    if (entry.json.length > this.maxBytes) return;
    this.entries.set(id, entry);
    this.bytes += entry.json.length;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.bytes -= entry.json.length;
  }
}
