import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PACKED_NUTRITION_FIELDS, type ProductDetails } from './repo';

/** Bytes gathered in memory before they go to the file in one write. */
const BLOCK_BYTES = 8 * 1024 * 1024;

const NO_DETAILS: ProductDetails = {
  description: '',
  ingredients: null,
  nutrition: null,
  specifications: {},
  recipe: null,
};

/** Each store's file is closed once its index is gone (a rebuild replaces the index, not the store). */
const closeWhenCollected = new FinalizationRegistry<number>((fd) => {
  try {
    fs.closeSync(fd);
  } catch {
    // Already closed: nothing held.
  }
});

/**
 * Each product's page texts (description, ingredients, nutrition, specifications, recipe) packed as UTF-8
 * JSON arrays (repo's productDetailBatches), read back when a product is rendered (and then cached as
 * rendered). As objects they were over a kilobyte a product — half a gigabyte at 500,000 — and even packed
 * in buffers a third of a gigabyte of the process's memory (issue 33: ≤ 1 GB at 500,000 products). So they
 * live in a file of this store's own, unlinked as soon as it is open: the operating system's page cache
 * keeps what is read often, the process holds only the offsets, and nothing is left on disk when the
 * process ends, `kill -9` included.
 */
export class ProductDetailStore {
  private readonly fd: number;
  /** Texts not yet written to the file; `pendingAt` is where they will start in it. */
  private pending = Buffer.allocUnsafeSlow(BLOCK_BYTES);
  private pendingUsed = 0;
  private pendingAt = 0;
  private readonly start: Float64Array;
  private readonly bytes: Int32Array;

  constructor(documents: number) {
    this.start = new Float64Array(documents).fill(-1);
    this.bytes = new Int32Array(documents);
    const file = path.join(
      os.tmpdir(),
      `despensa-details-${process.pid}-${Math.random().toString(36).slice(2)}`,
    );
    this.fd = fs.openSync(file, 'w+', 0o600);
    fs.unlinkSync(file);
    closeWhenCollected.register(this, this.fd);
  }

  set(doc: number, json: string): void {
    const size = Buffer.byteLength(json);
    if (this.pendingUsed + size > this.pending.length) {
      this.flush();
      if (size > this.pending.length) this.pending = Buffer.allocUnsafeSlow(size);
    }
    this.pending.write(json, this.pendingUsed);
    this.start[doc] = this.pendingAt + this.pendingUsed;
    this.bytes[doc] = size;
    this.pendingUsed += size;
  }

  get(doc: number): ProductDetails {
    const start = this.start[doc] ?? -1;
    if (start < 0) return NO_DETAILS;
    const size = this.bytes[doc]!;
    const [description, ingredients, nutrition, specifications, recipe] = JSON.parse(
      this.read(start, size),
    ) as [string, string | null, unknown[] | null, Record<string, string>, string | null];
    return {
      description,
      ingredients,
      nutrition:
        nutrition && Object.fromEntries(PACKED_NUTRITION_FIELDS.map((field, at) => [field, nutrition[at]])),
      specifications,
      recipe,
    };
  }

  private read(start: number, size: number): string {
    if (start >= this.pendingAt) {
      const at = start - this.pendingAt;
      return this.pending.toString('utf8', at, at + size);
    }
    const text = Buffer.allocUnsafe(size);
    let done = 0;
    while (done < size) {
      const read = fs.readSync(this.fd, text, done, size - done, start + done);
      if (read === 0) throw new Error(`page texts cut short at ${start + done}`);
      done += read;
    }
    return text.toString('utf8');
  }

  private flush(): void {
    let done = 0;
    while (done < this.pendingUsed)
      done += fs.writeSync(this.fd, this.pending, done, this.pendingUsed - done, this.pendingAt + done);
    this.pendingAt += this.pendingUsed;
    this.pendingUsed = 0;
  }
}
