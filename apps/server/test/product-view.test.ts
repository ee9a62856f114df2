import { describe, expect, it } from 'vitest';
import type { ProductDoc, SkuDoc } from '../src/modules/catalog/catalog-index';
import { skuDisplayName } from '../src/modules/catalog/product-view';

const product = { name: 'Yoghurt Batido Lechería Los Ulmos 125 g' } as ProductDoc;
const sku = (name: string) => ({ name }) as SkuDoc;

describe('a cart line name', () => {
  it("is the sku's own whole name, not the product's name repeated before it", () => {
    expect(skuDisplayName(product, sku('Yoghurt Batido Mora Lechería Los Ulmos 125 g'))).toBe(
      'Yoghurt Batido Mora Lechería Los Ulmos 125 g',
    );
  });
  it("adds a sku name that only names the variant, and nothing when it repeats the product's", () => {
    expect(skuDisplayName({ name: 'Leche Entera' } as ProductDoc, sku('1 L'))).toBe('Leche Entera - 1 L');
    expect(skuDisplayName(product, sku(product.name))).toBe(product.name);
    expect(skuDisplayName(product, sku(''))).toBe(product.name);
  });
});
