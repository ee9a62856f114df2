import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPromotionActive, promotionAppliesTo, type Promotion } from '@despensa/domain';
import type { ProductDoc, SkuDoc } from '../src/modules/catalog/index-types';
import { promotionLookup } from '../src/modules/catalog/promotion-lookup';

const NOW = new Date('2026-11-30T12:00:00Z');
// Small pools of ids, so that lists name the items drawn often.
const ids = (max: number) => fc.array(fc.integer({ min: 1, max }).map(String), { maxLength: 2 });
const lists = fc.record({
  products: ids(4),
  skus: ids(6),
  brands: ids(3),
  categories: ids(5),
  collections: ids(3),
});

const promotionArb: fc.Arbitrary<Promotion> = fc
  .record({
    id: fc.uuid(),
    value: fc.constantFrom(0, 10, 20),
    started: fc.boolean(),
    active: fc.constantFrom(undefined, true, false),
    idsSalesChannel: fc.array(fc.constantFrom(1, 2), { maxLength: 1 }),
    idsSalesChannelExclusive: fc.array(fc.constantFrom(1, 2), { maxLength: 1 }),
    inclusions: lists,
    exclusions: fc.record({
      products: ids(4),
      skus: ids(6),
      brands: ids(3),
      categories: ids(5),
      collections: ids(3),
      seller: fc.array(fc.constantFrom('1', 'vendedor'), { maxLength: 1 }),
    }),
  })
  .map(({ started, ...promotion }) => ({
    ...promotion,
    name: 'p',
    description: '',
    type: 'regular',
    discountType: 'percentual',
    quantity: 0,
    quantityAffected: 0,
    minQuantity: 0,
    cumulative: true,
    tcenco: false,
    start: started ? '2026-11-01T00:00:00Z' : '2026-12-01T00:00:00Z',
    end: '2026-12-31T00:00:00Z',
    pricePpum: false,
  }));

const itemArb = fc.record({
  productId: fc.integer({ min: 1, max: 4 }),
  skuId: fc.integer({ min: 1, max: 6 }),
  brandId: fc.integer({ min: 1, max: 3 }),
  categoryIds: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 }),
  collectionIds: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
  sellerId: fc.constantFrom('1', 'vendedor'),
  salesChannel: fc.constantFrom(1, 2),
});

describe('promotions looked up by their inclusion lists (issue 33)', () => {
  it('gives each item exactly the promotions the §5 rule gives it, in their order', () => {
    fc.assert(
      fc.property(
        fc.array(promotionArb, { maxLength: 8 }),
        fc.array(itemArb, { minLength: 1, maxLength: 10 }),
        (promotions, items) => {
          for (const { salesChannel, sellerId, ...ids } of items) {
            const product = {
              id: ids.productId,
              brandId: ids.brandId,
              categoryChain: ids.categoryIds.map((id) => ({ id })),
              collectionIds: ids.collectionIds,
            } as unknown as ProductDoc;
            const sku = { id: ids.skuId } as SkuDoc;
            const item = {
              productId: String(ids.productId),
              skuId: String(ids.skuId),
              brandId: String(ids.brandId),
              categoryIds: ids.categoryIds.map(String),
              collectionIds: ids.collectionIds.map(String),
              sellerId,
            };
            const byRule = promotions.filter(
              (promotion) =>
                isPromotionActive(promotion, { now: NOW, salesChannel, item }) &&
                promotionAppliesTo(promotion, item),
            );
            expect(promotionLookup(promotions, salesChannel, NOW).for(product, sku, sellerId)).toEqual(
              byRule,
            );
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
