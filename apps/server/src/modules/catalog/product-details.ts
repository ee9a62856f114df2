import { PACKED_NUTRITION_FIELDS, type ProductDetails } from './repo';

/** Bytes per block of packed texts: few blocks, and little left unused in the last one. */
const BLOCK_BYTES = 8 * 1024 * 1024;

const NO_DETAILS: ProductDetails = {
  description: '',
  ingredients: null,
  nutrition: null,
  specifications: {},
  recipe: null,
};

/**
 * Each product's page texts (description, ingredients, nutrition, specifications, recipe) packed as UTF-8
 * JSON arrays (repo's productDetailBatches) in large buffers outside the JavaScript heap, read back when a
 * product is rendered (and then cached as rendered). As objects they were over a kilobyte a product — half a gigabyte at 500,000 — and Spanish
 * text held as a JavaScript string takes two bytes a letter.
 */
export class ProductDetailStore {
  private readonly blocks: Buffer[] = [];
  private used = 0;
  private readonly blockOf: Int32Array;
  private readonly start: Int32Array;
  private readonly bytes: Int32Array;

  constructor(documents: number) {
    this.blockOf = new Int32Array(documents).fill(-1);
    this.start = new Int32Array(documents);
    this.bytes = new Int32Array(documents);
  }

  set(doc: number, json: string): void {
    const size = Buffer.byteLength(json);
    let block = this.blocks[this.blocks.length - 1];
    if (!block || this.used + size > block.length) {
      block = Buffer.allocUnsafeSlow(Math.max(BLOCK_BYTES, size));
      this.blocks.push(block);
      this.used = 0;
    }
    block.write(json, this.used);
    this.blockOf[doc] = this.blocks.length - 1;
    this.start[doc] = this.used;
    this.bytes[doc] = size;
    this.used += size;
  }

  get(doc: number): ProductDetails {
    const block = this.blocks[this.blockOf[doc] ?? -1];
    if (!block) return NO_DETAILS;
    const start = this.start[doc]!;
    const [description, ingredients, nutrition, specifications, recipe] = JSON.parse(
      block.toString('utf8', start, start + this.bytes[doc]!),
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
}
