/** A sku's texts that only its views read: its EAN, its RefId and its picture's address (null: the default). */
export interface SkuCodes {
  ean: string;
  refId: string;
  imageUrl: string | null;
}

/**
 * Separates a record's texts, which none of them holds (an EAN, a reference, an address). A sku with no
 * picture of its own has a record of two texts, unlike one with an empty address.
 */
const SEPARATOR = '\u0000';

/**
 * Each sku's codes and picture address, by offer slot, packed as UTF-8 in one buffer that grows. As strings
 * held by every sku they were ~100 bytes a sku, 50 MB at a national chain's 500,000 (issue 33: ≤ 1 GB).
 * Read back as fresh strings, which only views do: a product's is rendered once and cached, a cart line
 * reads one record. A patched sku's record is written anew at the end; the old bytes stay until the next
 * rebuild, which starts a new store.
 */
export class SkuTexts {
  private bytes = Buffer.allocUnsafeSlow(1 << 16);
  private used = 0;
  private start = new Int32Array(1024);
  private size = new Int32Array(1024);
  /** The record read last: a view or a cart line reads a sku's codes and picture one after the other. */
  private last: { slot: number; codes: SkuCodes } | null = null;

  set(slot: number, { ean, refId, imageUrl }: SkuCodes): void {
    const record = [ean, refId, ...(imageUrl === null ? [] : [imageUrl])].join(SEPARATOR);
    const length = Buffer.byteLength(record);
    this.room(slot, length);
    this.bytes.write(record, this.used);
    this.start[slot] = this.used;
    this.size[slot] = length;
    this.used += length;
    if (this.last?.slot === slot) this.last = null;
  }

  get(slot: number): SkuCodes {
    if (this.last?.slot === slot) return this.last.codes;
    const at = this.start[slot] ?? 0;
    const record = this.bytes.toString('utf8', at, at + (this.size[slot] ?? 0));
    const [ean = '', refId = '', imageUrl = null] = record.split(SEPARATOR);
    const codes = { ean, refId, imageUrl };
    this.last = { slot, codes };
    return codes;
  }

  /** Room for the slot and `length` more bytes, each store grown by half again. */
  private room(slot: number, length: number): void {
    if (this.used + length > this.bytes.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(this.used + length, Math.ceil(this.bytes.length * 1.5)));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    if (slot >= this.start.length) {
      const slots = Math.max(slot + 1, Math.ceil(this.start.length * 1.5));
      const start = new Int32Array(slots);
      start.set(this.start);
      this.start = start;
      const size = new Int32Array(slots);
      size.set(this.size);
      this.size = size;
    }
  }
}
