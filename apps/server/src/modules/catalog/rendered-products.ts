import { LRUCache } from 'lru-cache';
import { product as productSchema, type Product } from '@despensa/contracts';
import type { CatalogIndex, ProductDoc } from './catalog-index';
import { productView } from './product-view';

/**
 * JSON characters the rendered products may hold in all: some 6,000 products. Each costs about two and a
 * half times its JSON as objects (7 KB for a 2.7 KB product), so the 40,000 held before were up to
 * 280 MB, more than a quarter of a national chain's memory (issue 33: ≤ 1 GB at 500,000 products).
 */
const RENDERED_JSON_CHARS = 16 * 1024 * 1024;

/**
 * Products as shoppers see them in a channel, validated against the Product schema once and cached with
 * their JSON for the rest of the minute (promotion windows and "new" flags move with the clock), so a page
 * of 40 products costs lookups rather than 40 renders, validations and serialisations. Past its budget the
 * least recently read go first.
 */
export class RenderedProducts {
  /** By `doc|salesChannel`, each the size of its JSON. */
  private readonly rendered: LRUCache<string, Product>;
  private readonly renderedJson = new WeakMap<Product, string>();
  private renderIndex: CatalogIndex | null = null;
  private renderMinute = -1;

  constructor(
    private readonly indexOf: () => CatalogIndex,
    private readonly clock: () => Date,
    budgetChars = RENDERED_JSON_CHARS,
  ) {
    this.rendered = new LRUCache({
      maxSize: budgetChars,
      sizeCalculation: (view) => this.renderedJson.get(view)!.length,
    });
  }

  /** The product as shown in the channel now. */
  view(product: ProductDoc, salesChannel: number): Product {
    const index = this.indexOf();
    const now = this.clock();
    const minute = Math.floor(now.getTime() / 60_000);
    if (this.renderIndex !== index || this.renderMinute !== minute) {
      this.clear();
      this.renderIndex = index;
      this.renderMinute = minute;
    }
    const key = keyOf(product, salesChannel);
    const cached = this.rendered.get(key);
    if (cached) return cached;
    const view = productSchema.parse(productView(index, product, salesChannel, now));
    this.renderedJson.set(view, JSON.stringify(view));
    this.rendered.set(key, view);
    return view;
  }

  /** JSON characters held now. */
  get size(): number {
    return this.rendered.calculatedSize;
  }

  /**
   * Anything shown may have changed (the promotions were written, the index replaced or dropped): nothing
   * rendered is served again, and the index rendered from is not held (out of rotation it must go).
   */
  clear(): void {
    this.rendered.clear();
    this.renderIndex = null;
  }

  /** The product's stock changed in the channel: its rendering there must not be served again. */
  forget(product: ProductDoc, salesChannel: number): void {
    this.rendered.delete(keyOf(product, salesChannel));
  }

  /** The JSON of a product rendered here (already validated). */
  productJson(product: Product): string {
    return this.renderedJson.get(product) ?? JSON.stringify(productSchema.parse(product));
  }

  /** The JSON array of products rendered here. */
  json(products: Product[]): string {
    return `[${products.map((product) => this.productJson(product)).join(',')}]`;
  }
}

function keyOf(product: ProductDoc, salesChannel: number): string {
  return `${product.doc}|${salesChannel}`;
}
