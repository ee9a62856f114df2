import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderedProducts } from '../src/modules/catalog/rendered-products';
import { createTestApp, type TestApp } from './support/app';
import { TEST_NOW } from './support/constants';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(async () => {
  await shop?.close();
});

describe('products as rendered, held within a budget (issue 33: ≤ 1 GB at 500,000 products)', () => {
  it('holds at most its JSON characters, the least recently read going first', () => {
    const index = shop.services.catalog.index;
    const [a, b, c, d] = index.products;
    const sizes = [a, b, c, d].map((product) => {
      const alone = new RenderedProducts(
        () => index,
        () => TEST_NOW,
      );
      return alone.productJson(alone.view(product!, 1)).length;
    });
    // Room for the three largest, not for all four.
    const budget = sizes.reduce((sum, size) => sum + size) - Math.min(...sizes);
    const rendered = new RenderedProducts(
      () => index,
      () => TEST_NOW,
      budget,
    );
    const firstA = rendered.view(a!, 1);
    const firstB = rendered.view(b!, 1);
    // Read again: the same object, and `a` is now the most recently read.
    expect(rendered.view(a!, 1)).toBe(firstA);
    rendered.view(c!, 1);
    rendered.view(d!, 1);
    expect(rendered.size).toBeLessThanOrEqual(budget);
    // `b`, read least recently, went; `a` stayed.
    expect(rendered.view(a!, 1)).toBe(firstA);
    expect(rendered.view(b!, 1)).not.toBe(firstB);
    expect(rendered.size).toBeLessThanOrEqual(budget);
  });

  it('forgets a product as it is told, its characters with it', () => {
    const index = shop.services.catalog.index;
    const rendered = new RenderedProducts(
      () => index,
      () => TEST_NOW,
    );
    const [a] = index.products;
    const first = rendered.view(a!, 1);
    expect(rendered.size).toBe(rendered.productJson(first).length);
    rendered.forget(a!, 1);
    expect(rendered.size).toBe(0);
    expect(rendered.view(a!, 1)).not.toBe(first);
  });
});
