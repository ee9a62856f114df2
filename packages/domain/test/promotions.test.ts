import { describe, it, expect } from 'vitest';
import {
  isPromotionActive,
  isPromotionExcluded,
  ordinalLabel,
  promotionAppliesTo,
  promotionBadge,
} from '../src/index';
import type { Promotion, PromotionItem } from '../src/index';

const emptyLists = { products: [], skus: [], brands: [], categories: [], collections: [] };

function promo(overrides: Partial<Promotion> = {}): Promotion {
  return {
    id: 'p1',
    name: 'Promo',
    description: '',
    type: 'regular',
    discountType: 'percentual',
    value: 20,
    quantity: 0,
    quantityAffected: 0,
    minQuantity: 0,
    cumulative: false,
    tcenco: false,
    start: '2025-01-01T00:00:00Z',
    end: '2025-01-31T23:59:59Z',
    idsSalesChannel: [],
    idsSalesChannelExclusive: [],
    pricePpum: false,
    inclusions: { ...emptyLists },
    exclusions: { ...emptyLists, seller: [] },
    ...overrides,
  };
}

const item: PromotionItem = {
  productId: '100',
  skuId: '1001',
  brandId: '2000',
  categoryIds: ['1', '12'],
  collectionIds: ['140'],
  sellerId: '1',
};

const now = new Date('2025-01-15T12:00:00Z');
const ctx = { now, salesChannel: 1, item };

describe('isPromotionActive', () => {
  it('is active inside its dates with a non-zero value and no exclusion', () => {
    expect(isPromotionActive(promo(), ctx)).toBe(true);
  });

  it('includes both bounds and nothing outside them', () => {
    const p = promo();
    expect(isPromotionActive(p, { ...ctx, now: new Date('2025-01-01T00:00:00Z') })).toBe(true);
    expect(isPromotionActive(p, { ...ctx, now: new Date('2025-01-31T23:59:59Z') })).toBe(true);
    expect(isPromotionActive(p, { ...ctx, now: new Date('2024-12-31T23:59:59.999Z') })).toBe(false);
    expect(isPromotionActive(p, { ...ctx, now: new Date('2025-01-31T23:59:59.001Z') })).toBe(false);
  });

  it('reads a promotion given other dates by their new texts (its parsed dates are kept per text)', () => {
    const p = promo();
    const february = { ...ctx, now: new Date('2025-02-10T00:00:00Z') };
    expect(isPromotionActive(p, february)).toBe(false);
    p.end = '2025-02-28T23:59:59Z';
    expect(isPromotionActive(p, february)).toBe(true);
    p.start = 'mañana';
    expect(isPromotionActive(p, february)).toBe(false);
  });

  it('is inactive with unparseable dates', () => {
    expect(isPromotionActive(promo({ start: 'mañana' }), ctx)).toBe(false);
    expect(isPromotionActive(promo({ end: '' }), ctx)).toBe(false);
  });

  it('is inactive with value 0', () => {
    expect(isPromotionActive(promo({ value: 0 }), ctx)).toBe(false);
  });

  it('matches the sales channel inclusion list, empty meaning any', () => {
    expect(isPromotionActive(promo({ idsSalesChannel: [1, 3] }), ctx)).toBe(true);
    expect(isPromotionActive(promo({ idsSalesChannel: [2, 3] }), ctx)).toBe(false);
    expect(isPromotionActive(promo({ idsSalesChannel: [] }), { ...ctx, salesChannel: 7 })).toBe(true);
  });

  it('rejects a sales channel in the exclusive list', () => {
    expect(isPromotionActive(promo({ idsSalesChannelExclusive: [1] }), ctx)).toBe(false);
    expect(isPromotionActive(promo({ idsSalesChannelExclusive: [2] }), ctx)).toBe(true);
  });

  it.each([
    ['products', { products: ['100'] }],
    ['skus', { skus: ['1001'] }],
    ['brands', { brands: ['2000'] }],
    ['categories', { categories: ['12'] }],
    ['collections', { collections: ['140'] }],
    ['seller', { seller: ['1'] }],
  ])('is inactive when the %s exclusion list matches', (_name, list) => {
    const p = promo({ exclusions: { ...emptyLists, seller: [], ...list } });
    expect(isPromotionExcluded(p, item)).toBe(true);
    expect(isPromotionActive(p, ctx)).toBe(false);
  });

  it('ignores exclusion lists that name other items', () => {
    const p = promo({
      exclusions: {
        products: ['101'],
        skus: ['1002'],
        brands: ['2001'],
        categories: ['13'],
        collections: ['141'],
        seller: ['2'],
      },
    });
    expect(isPromotionExcluded(p, item)).toBe(false);
    expect(isPromotionActive(p, ctx)).toBe(true);
  });
});

describe('promotionAppliesTo', () => {
  it('applies to anything when every inclusion list is empty', () => {
    expect(promotionAppliesTo(promo(), item)).toBe(true);
  });
  it('needs every non-empty inclusion list to name the item', () => {
    expect(promotionAppliesTo(promo({ inclusions: { ...emptyLists, brands: ['2000'] } }), item)).toBe(true);
    expect(promotionAppliesTo(promo({ inclusions: { ...emptyLists, categories: ['99', '1'] } }), item)).toBe(
      true,
    );
    expect(promotionAppliesTo(promo({ inclusions: { ...emptyLists, skus: ['9'] } }), item)).toBe(false);
    expect(
      promotionAppliesTo(
        promo({ inclusions: { ...emptyLists, brands: ['2000'], collections: ['9'] } }),
        item,
      ),
    ).toBe(false);
  });
});

describe('ordinalLabel', () => {
  it('maps positions to the Spanish ordinal using the §9 suffixes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(ordinalLabel)).toEqual([
      '1ra',
      '2da',
      '3ra',
      '4ta',
      '5ta',
      '6ta',
      '7ma',
      '8va',
      '9na',
      '10ma',
    ]);
  });
  it('rejects positions without a label', () => {
    expect(() => ordinalLabel(0)).toThrow(RangeError);
    expect(() => ordinalLabel(11)).toThrow(RangeError);
    expect(() => ordinalLabel(1.5)).toThrow(RangeError);
  });
});

describe('promotionBadge', () => {
  it('shows packs as NxM', () => {
    expect(promotionBadge(promo({ type: 'for_the_price_of', quantity: 3, quantityAffected: 1 }))).toBe('3x2');
    expect(promotionBadge(promo({ type: 'for_the_price_of', quantity: 2, quantityAffected: 1 }))).toBe('2x1');
    expect(promotionBadge(promo({ type: 'for_the_price_of', quantity: 3, quantityAffected: 0 }))).toBeNull();
    expect(promotionBadge(promo({ type: 'for_the_price_of', quantity: 2, quantityAffected: 2 }))).toBeNull();
  });
  it('shows progressive promotions with the ordinal', () => {
    expect(promotionBadge(promo({ type: 'progressive', quantity: 2, value: 50 }))).toBe('2da al 50%');
    expect(promotionBadge(promo({ type: 'progressive', quantity: 3, value: 30 }))).toBe('3ra al 30%');
    expect(
      promotionBadge(promo({ type: 'progressive', discountType: 'nominal', quantity: 2, value: 50000 })),
    ).toBe('2da -$500');
    expect(promotionBadge(promo({ type: 'progressive', quantity: 11, value: 50 }))).toBeNull();
    expect(promotionBadge(promo({ type: 'progressive', quantity: 2, value: 0 }))).toBeNull();
  });
  it('shows regular promotions as a percent or an amount off', () => {
    expect(promotionBadge(promo({ value: 20 }))).toBe('-20%');
    expect(promotionBadge(promo({ discountType: 'nominal', value: 50000 }))).toBe('-$500');
    expect(promotionBadge(promo({ discountType: 'nominal', value: 129000 }))).toBe('-$1.290');
    expect(promotionBadge(promo({ value: 0 }))).toBeNull();
  });
});
