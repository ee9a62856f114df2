import { product as productSchema, type Product } from '@despensa/contracts';
import type { CatalogIndex, ProductDoc } from './catalog-index';
import { productView } from './product-view';

/**
 * Products as shoppers see them in a channel, validated against the Product schema once and cached with
 * their JSON for the rest of the minute (promotion windows and "new" flags move with the clock), so a page
 * of 40 products costs lookups rather than 40 renders, validations and serialisations.
 */
export class RenderedProducts {
  private rendered = new Map<string, Product>();
  private readonly renderedJson = new WeakMap<Product, string>();
  private renderIndex: CatalogIndex | null = null;
  private renderMinute = -1;

  constructor(
    private readonly indexOf: () => CatalogIndex,
    private readonly clock: () => Date,
  ) {}

  /** The product as shown in the channel now. */
  view(product: ProductDoc, salesChannel: number): Product {
    const index = this.indexOf();
    const now = this.clock();
    const minute = Math.floor(now.getTime() / 60_000);
    if (this.renderIndex !== index || this.renderMinute !== minute || this.rendered.size > 40_000) {
      this.rendered.clear();
      this.renderIndex = index;
      this.renderMinute = minute;
    }
    const key = `${product.doc}|${salesChannel}`;
    const cached = this.rendered.get(key);
    if (cached) return cached;
    const view = productSchema.parse(productView(index, product, salesChannel, now));
    this.rendered.set(key, view);
    this.renderedJson.set(view, JSON.stringify(view));
    return view;
  }

  /** Anything shown may have changed (the promotions were written): nothing rendered is served again. */
  clear(): void {
    this.rendered.clear();
  }

  /** The product's stock changed in the channel: its rendering there must not be served again. */
  forget(product: ProductDoc, salesChannel: number): void {
    this.rendered.delete(`${product.doc}|${salesChannel}`);
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
