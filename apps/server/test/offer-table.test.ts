import { describe, expect, it } from 'vitest';
import { OfferTable } from '../src/modules/catalog/offer-table';

const units = (offers: OfferTable, slot: number) => offers.offersAt(slot, 1)[0]?.availableQuantity;

describe("the chain's stock per store, two bytes an offer (issue 33: ≤ 1 GB at 500,000 products)", () => {
  it('keeps any count exactly, the rare one past 65,534 units included, as it is loaded and as it moves', () => {
    const offers = new OfferTable(3);
    offers.addChain(0, 1, 1000, 1000, 12);
    offers.addChain(1, 1, 1000, 1000, 65_534);
    offers.addChain(2, 1, 1000, 1000, 70_000);
    expect([0, 1, 2].map((slot) => units(offers, slot))).toEqual([12, 65_534, 70_000]);
    expect(offers.setQuantity(2, 1, '1', 65_535)).toBe(70_000);
    expect(units(offers, 2)).toBe(65_535);
    expect(offers.setQuantity(2, 1, '1', 3)).toBe(65_535);
    expect(units(offers, 2)).toBe(3);
    expect(offers.setQuantity(1, 1, '1', 1_000_000)).toBe(65_534);
    expect(units(offers, 1)).toBe(1_000_000);
    expect(offers.setQuantity(0, 1, '1', 0)).toBe(12);
    expect(units(offers, 0)).toBe(0);
  });
});
