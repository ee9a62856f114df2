import { describe, expect, it } from 'vitest';
import type { Promotion } from '@despensa/domain';
import type { CategoryDoc, ProductDoc, SkuDoc } from '../src/modules/catalog/index-types';
import { changedPromotions, productsReachedBy } from '../src/modules/catalog/promotion-reach';

// Four products: 1 and 2 in category 10, 3 and 4 in category 20; brands 7 (1, 3) and 8 (2, 4); 4 in collection 5.
const products = [1, 2, 3, 4].map(
  (id, doc) =>
    ({
      id,
      doc,
      brandId: id % 2 ? 7 : 8,
      collectionIds: id === 4 ? [5] : [],
      skus: [{ id: id * 100 }],
    }) as unknown as ProductDoc,
);
const catalog = {
  products,
  productsById: new Map(products.map((product) => [product.id, product])),
  skusById: new Map(
    products.map((product) => [product.id * 100, { sku: product.skus[0] as SkuDoc, product }]),
  ),
  categories: new Map([
    [10, { docs: [0, 1] } as unknown as CategoryDoc],
    [20, { docs: [2, 3] } as unknown as CategoryDoc],
  ]),
};
const none = { products: [], skus: [], brands: [], categories: [], collections: [] };
const promotion = (id: string, inclusions: Partial<Promotion['inclusions']>, value = 20) =>
  ({ id, value, inclusions: { ...none, ...inclusions } }) as unknown as Promotion;
const idsOf = (reached: ProductDoc[] | null) => reached?.map((product) => product.id).sort();

describe("the products a promotion write reprices (issue 33: no channel's cards all worked out again)", () => {
  it('bounds each promotion by its first non-empty inclusion list', () => {
    expect(
      idsOf(productsReachedBy([promotion('a', { skus: ['300'], categories: ['10'] })], catalog)),
    ).toEqual([3]);
    expect(idsOf(productsReachedBy([promotion('a', { products: ['2', '99'] })], catalog))).toEqual([2]);
    expect(idsOf(productsReachedBy([promotion('a', { categories: ['20'] })], catalog))).toEqual([3, 4]);
    expect(idsOf(productsReachedBy([promotion('a', { brands: ['7'] })], catalog))).toEqual([1, 3]);
    expect(idsOf(productsReachedBy([promotion('a', { collections: ['5'] })], catalog))).toEqual([4]);
    expect(productsReachedBy([promotion('a', { skus: ['100'] }), promotion('b', {})], catalog)).toBeNull();
    expect(productsReachedBy([], catalog)).toEqual([]);
  });

  it('counts a promotion added, removed or changed, both versions of a change, and not one unchanged', () => {
    const kept = promotion('kept', { skus: ['100'] });
    const before = [kept, promotion('gone', { skus: ['200'] }), promotion('moved', { skus: ['300'] })];
    const after = [kept, promotion('moved', { skus: ['400'] }), promotion('new', { products: ['1'] })];
    const changed = changedPromotions(before, after);
    expect(changed.map((each) => each.id).sort()).toEqual(['gone', 'moved', 'moved', 'new']);
    expect(idsOf(productsReachedBy(changed, catalog))).toEqual([1, 2, 3, 4]);
    expect(changedPromotions(before, [...before])).toEqual([]);
  });
});
