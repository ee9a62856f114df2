import type { Promotion, PricingLine } from '../src/index';

const emptyLists = { products: [], skus: [], brands: [], categories: [], collections: [] };

export const NOW = new Date('2026-11-01T12:00:00Z');

/** A promotion active on NOW for every item, overridable field by field. */
export function promotion(overrides: Partial<Promotion> = {}): Promotion {
  return {
    id: 'p1',
    name: 'Promo',
    description: '',
    type: 'regular',
    discountType: 'percentual',
    value: 20,
    quantity: 1,
    quantityAffected: 1,
    minQuantity: 1,
    cumulative: false,
    tcenco: false,
    start: '2026-10-01T00:00:00Z',
    end: '2026-12-31T23:59:59Z',
    idsSalesChannel: [],
    idsSalesChannelExclusive: [],
    pricePpum: false,
    inclusions: { ...emptyLists },
    exclusions: { ...emptyLists, seller: [] },
    ...overrides,
  };
}

/** One unit item at $1.000 unless told otherwise. */
export function line(overrides: Partial<PricingLine> = {}): PricingLine {
  return {
    skuId: '1001',
    productId: '100',
    brandId: '20',
    categoryIds: ['1', '101', '10101'],
    collectionIds: [],
    sellerId: '1',
    quantity: 1,
    unitMultiplier: 1,
    measurementUnit: 'un',
    listPrice: 100000,
    price: 100000,
    ...overrides,
  };
}
