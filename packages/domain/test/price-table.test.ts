import { describe, expect, it } from 'vitest';
import {
  channelOffer,
  pricesBelowCost,
  storeFixedPrice,
  withStoreFixedPrice,
  type PriceTableEntry,
} from '../src/pricing/price-table';

const NOW = new Date('2026-11-01T12:00:00Z');
const entry = (
  fixedPrices: PriceTableEntry['fixedPrices'],
  costPrice: number | null = null,
): PriceTableEntry => ({
  basePrice: 1000,
  listPrice: 1200,
  costPrice,
  fixedPrices,
});

describe("an ERP's price table (VTEX Pricing, pesos) and the offer a channel sells at (cents)", () => {
  it('sells at the base price where no fixed price applies, with its list price', () => {
    expect(channelOffer(entry([]), 1, NOW)).toEqual({ price: 100000, listPrice: 120000 });
  });

  it("takes the channel's fixed price for one unit, not another channel's nor one from a larger quantity", () => {
    const fixed = entry([
      { tradePolicyId: '2', value: 700, minQuantity: 1 },
      { tradePolicyId: '1', value: 600, minQuantity: 6 },
      { tradePolicyId: '1', value: 900, listPrice: 1500, minQuantity: 1 },
    ]);
    expect(channelOffer(fixed, 1, NOW)).toEqual({ price: 90000, listPrice: 150000 });
    expect(channelOffer(fixed, 2, NOW)).toEqual({ price: 70000, listPrice: 120000 });
    expect(channelOffer(fixed, 3, NOW)).toEqual({ price: 100000, listPrice: 120000 });
  });

  it('takes a dated fixed price only inside its range, over an undated one', () => {
    const dated = (from: string, to: string, value: number) => ({
      tradePolicyId: '1',
      value,
      minQuantity: 1,
      dateRange: { from, to },
    });
    const table = entry([
      { tradePolicyId: '1', value: 950, minQuantity: 1 },
      dated('2026-10-31T00:00:00Z', '2026-11-02T00:00:00Z', 800),
      dated('2026-11-01T11:00:00Z', '2026-11-01T13:00:00Z', 750),
      dated('2026-11-05T00:00:00Z', '2026-11-06T00:00:00Z', 500),
    ]);
    expect(channelOffer(table, 1, NOW).price).toBe(75000);
    expect(channelOffer(table, 1, new Date('2026-11-01T14:00:00Z')).price).toBe(80000);
    expect(channelOffer(table, 1, new Date('2026-11-03T00:00:00Z')).price).toBe(95000);
  });

  it('never shows a list price under the selling price', () => {
    expect(channelOffer({ basePrice: 1000, listPrice: 800, fixedPrices: [] }, 1, NOW)).toEqual({
      price: 100_000,
      listPrice: 100_000,
    });
  });

  it('turns pesos, a fraction included, into the cents offers keep', () => {
    expect(channelOffer({ basePrice: 1290.5, fixedPrices: [] }, 1, NOW)).toEqual({
      price: 129_050,
      listPrice: 129_050,
    });
  });

  it('names the prices under cost, base and fixed, and none without a cost', () => {
    expect(pricesBelowCost(entry([{ tradePolicyId: '1', value: 700, minQuantity: 1 }], 800))).toEqual([700]);
    expect(pricesBelowCost(entry([], 1100))).toEqual([1000]);
    expect(pricesBelowCost(entry([{ tradePolicyId: '1', value: 1, minQuantity: 1 }]))).toEqual([]);
  });
});

describe("a store's own price (the back office's fixed price per store)", () => {
  const erp = [
    { tradePolicyId: '4', value: 900, minQuantity: 3 },
    {
      tradePolicyId: '4',
      value: 850,
      minQuantity: 1,
      dateRange: { from: '2026-11-01T00:00:00Z', to: '2026-11-08T00:00:00Z' },
    },
    { tradePolicyId: '5', value: 990, minQuantity: 1 },
  ];

  it('sets, replaces and removes only the undated one-unit price of that store', () => {
    const set = withStoreFixedPrice(erp, 4, 1100);
    expect(storeFixedPrice(set, 4)).toBe(1100);
    expect(set).toHaveLength(4);
    const replaced = withStoreFixedPrice(set, 4, 1050);
    expect(replaced.filter((each) => each.tradePolicyId === '4' && each.value === 1100)).toEqual([]);
    expect(storeFixedPrice(replaced, 4)).toBe(1050);
    expect(withStoreFixedPrice(replaced, 4, null)).toEqual(erp);
    expect(storeFixedPrice(erp, 5)).toBe(990);
    expect(storeFixedPrice(erp, 4)).toBeNull();
  });

  it('is the price the store sells at when no dated price holds', () => {
    const later = new Date('2026-11-10T12:00:00Z');
    expect(
      channelOffer({ basePrice: 1000, fixedPrices: withStoreFixedPrice(erp, 4, 1100) }, 4, later),
    ).toEqual({
      price: 110_000,
      listPrice: 110_000,
    });
  });
});
