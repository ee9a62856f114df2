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
  /** By `doc|salesChannel`, least recently read first. */
  private rendered = new Map<string, Product>();
  private readonly renderedJson = new WeakMap<Product, string>();
  private heldChars = 0;
  private renderIndex: CatalogIndex | null = null;
  private renderMinute = -1;

  constructor(
    private readonly indexOf: () => CatalogIndex,
    private readonly clock: () => Date,
    private readonly budgetChars = RENDERED_JSON_CHARS,
  ) {}

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
    const key = `${product.doc}|${salesChannel}`;
    const cached = this.rendered.get(key);
    if (cached) {
      // Read again: it goes to the back of the line.
      this.rendered.delete(key);
      this.rendered.set(key, cached);
      return cached;
    }
    const view = productSchema.parse(productView(index, product, salesChannel, now));
    const json = JSON.stringify(view);
    this.renderedJson.set(view, json);
    this.rendered.set(key, view);
    this.heldChars += json.length;
    for (const [oldest, held] of this.rendered) {
      if (this.heldChars <= this.budgetChars) break;
      this.drop(oldest, held);
    }
    return view;
  }

  /** JSON characters held now. */
  get size(): number {
    return this.heldChars;
  }

  /** Anything shown may have changed (the promotions were written): nothing rendered is served again. */
  clear(): void {
    this.rendered.clear();
    this.heldChars = 0;
  }

  /** The product's stock changed in the channel: its rendering there must not be served again. */
  forget(product: ProductDoc, salesChannel: number): void {
    const key = `${product.doc}|${salesChannel}`;
    const held = this.rendered.get(key);
    if (held) this.drop(key, held);
  }

  private drop(key: string, held: Product): void {
    this.rendered.delete(key);
    this.heldChars -= this.renderedJson.get(held)?.length ?? 0;
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
