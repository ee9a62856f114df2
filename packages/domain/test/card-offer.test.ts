import { describe, expect, it } from 'vitest';
import { cardOffer, shownUnitPrice } from '../src/index';
import { promotion } from './pricing-support';

describe("a card's offer", () => {
  const skus = [
    { id: 'a', offers: [{ seller: '1', stock: 0 }] },
    {
      id: 'b',
      offers: [
        { seller: '1', stock: 0 },
        { seller: 'm', stock: 4 },
      ],
    },
  ];
  const offersOf = (sku: (typeof skus)[number]) => sku.offers;

  it('is the first in-stock offer, skus and sellers in catalogue order', () => {
    const chosen = cardOffer(skus, offersOf, (offer) => offer.stock > 0);
    expect([chosen?.sku.id, chosen?.offer.seller]).toEqual(['b', 'm']);
  });

  it('falls back to the first offer when none is in stock, and is null when nobody sells it', () => {
    const chosen = cardOffer(skus, offersOf, () => false);
    expect([chosen?.sku.id, chosen?.offer.seller]).toEqual(['a', '1']);
    expect(cardOffer([{ id: 'c', offers: [] }], offersOf, () => true)).toBeNull();
  });
});

describe('the price shown for one unit', () => {
  it('is the offer with the promotions one unit reaches: $260 at 25 % off is $195', () => {
    const offer = { price: 26000, listPrice: 26000, unitMultiplier: 1 };
    expect(shownUnitPrice(offer, [promotion({ id: 'p', value: 25 })])).toBe(19500);
    // A promotion from two units on does not touch the price of one.
    expect(shownUnitPrice(offer, [promotion({ id: 'q', value: 25, minQuantity: 2 })])).toBe(26000);
    expect(shownUnitPrice(offer, [])).toBe(26000);
  });
});
