import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  priceCart,
  promotionBadge,
  quoteShelf,
  isOnSale,
  savingBadge,
  savingOff,
  type Promotion,
  type ShelfPromotion,
} from '../src/index';
import { NOW, line, promotion } from './pricing-support';

const shelf = (p: Promotion): ShelfPromotion => ({ ...p, badge: promotionBadge(p) });
const cartPrice = (quantity: number, promotions: Promotion[], offer = { price: 59000, listPrice: 59000 }) =>
  priceCart({ lines: [line({ ...offer, quantity })], promotions, salesChannel: 1, now: NOW }).lines[0]!;

describe('a product card quotes what the cart charges', () => {
  it('folds the promotions of one unit into the price: 15 % and a cumulative 5 % on $590', () => {
    // $88,5 and $29,5 off, each rounded to whole pesos: $89 and $30.
    const dairy = promotion({ id: '1', name: '15% en Lácteos', value: 15 });
    const anniversary = promotion({ id: '22', value: 5, cumulative: true });
    const quote = quoteShelf(
      { price: 59000, listPrice: 59000, unitMultiplier: 1 },
      [dairy, anniversary].map(shelf),
      35,
    );
    expect(quote.price).toBe(47100);
    expect(quote.price).toBe(cartPrice(1, [dairy, anniversary]).prices.regular.sellingPrice);
    // One badge for the one saving the struck price shows: $590 to $471 is 20 % (issue #17).
    expect(quote.badges).toEqual(['-20%']);
  });

  it("states the saving from list to shown price once: $290 to $195 is '-33%', never '-15% -5%'", () => {
    const dairy = promotion({ id: '1', value: 15 });
    const anniversary = promotion({ id: '22', value: 5, cumulative: true });
    const quote = quoteShelf(
      { price: 24400, listPrice: 29000, unitMultiplier: 1 },
      [dairy, anniversary].map(shelf),
      35,
    );
    expect(quote.price).toBe(19500);
    expect(quote.badges).toEqual(['-33%']);
    expect(savingBadge(29000, 19500)).toBe('-33%');
    expect(savingBadge(29000, 29000)).toBeNull();
    expect(savingBadge(29000, 30000)).toBeNull();
    expect(savingBadge(0, 100)).toBeNull();
  });

  it("measures the saving the badge states, which 'Mayor descuento' sorts by, and 'En oferta' apart from it", () => {
    expect(savingOff(29000, 19500)).toBeCloseTo(0.3276, 4);
    expect(savingOff(29000, 29000)).toBe(0);
    expect(savingOff(29000, 30000)).toBe(0);
    expect(savingOff(0, 100)).toBe(0);
    // A promotion's saving is not a shelf price under the list price.
    expect(isOnSale({ price: 29000, listPrice: 29000 })).toBe(false);
    expect(isOnSale({ price: 19500, listPrice: 29000 })).toBe(true);
  });

  it('shows no badge for a promotion the cart does not apply', () => {
    // Non-cumulative promotions compete: the cart applies only the best one.
    const better = promotion({ id: 'a', value: 30 });
    const worse = promotion({ id: 'b', value: 10 });
    // A 3x2 the item's purchase limit of 2 never reaches.
    const pack = promotion({
      id: 'c',
      type: 'for_the_price_of',
      quantity: 3,
      quantityAffected: 1,
      value: 100,
      cumulative: true,
    });
    const quote = quoteShelf(
      { price: 100000, listPrice: 100000, unitMultiplier: 1 },
      [better, worse, pack].map(shelf),
      2,
    );
    expect(quote.badges).toEqual(['-30%']);
    expect(quote.price).toBe(70000);
  });

  it('keeps the price of one unit for packs and card-only promotions, and marks card badges', () => {
    const pack = promotion({
      id: 'c',
      type: 'for_the_price_of',
      quantity: 3,
      quantityAffected: 1,
      value: 100,
    });
    const card = promotion({ id: 'd', value: 20, tcenco: true, cumulative: true });
    const quote = quoteShelf(
      { price: 100000, listPrice: 120000, unitMultiplier: 1 },
      [pack, card].map(shelf),
      35,
    );
    expect(quote).toEqual({
      price: 100000,
      cardPrice: 80000,
      badges: ['-17%', '3x2', '-20% con Tarjeta'],
    });
    const three = cartPrice(3, [pack, card], { price: 100000, listPrice: 120000 });
    expect(three.prices.regular.total).toBe(200000);
  });

  it('equals the cart line for any promotions, offer and weighed step', () => {
    const promotionArb = fc
      .record({
        id: fc.constantFrom('p1', 'p2', 'p3', 'p4'),
        type: fc.constantFrom('regular', 'for_the_price_of', 'progressive') as fc.Arbitrary<
          Promotion['type']
        >,
        discountType: fc.constantFrom('percentual', 'nominal') as fc.Arbitrary<Promotion['discountType']>,
        value: fc.integer({ min: 0, max: 100 }),
        quantity: fc.integer({ min: 1, max: 4 }),
        quantityAffected: fc.integer({ min: 0, max: 3 }),
        minQuantity: fc.integer({ min: 0, max: 3 }),
        cumulative: fc.boolean(),
        tcenco: fc.boolean(),
      })
      .map((r) => promotion({ ...r, value: r.discountType === 'percentual' ? r.value : r.value * 100 }));
    fc.assert(
      fc.property(
        fc.uniqueArray(promotionArb, { selector: (p) => p.id, maxLength: 4 }),
        fc.integer({ min: 1, max: 50_000 }).map((pesos) => pesos * 100),
        fc.constantFrom(1, 0.25, 0.5),
        fc.integer({ min: 1, max: 35 }),
        (promotions, price, unitMultiplier, limit) => {
          const offer = { price, listPrice: price, unitMultiplier };
          const quote = quoteShelf(offer, promotions.map(shelf), limit);
          const priced = (quantity: number) =>
            priceCart({
              lines: [line({ ...offer, quantity, measurementUnit: unitMultiplier === 1 ? 'un' : 'kg' })],
              promotions,
              salesChannel: 1,
              now: NOW,
            }).lines[0]!;
          expect(quote.price).toBe(priced(1).prices.regular.sellingPrice);
          expect(quote.cardPrice).toBe(priced(1).prices.tcenco.sellingPrice);
          // The first badge is the saving of the shown price, if any; every other badge is a promotion
          // the cart applies at some quantity the shopper may buy, or with the card.
          const saving = savingBadge(offer.listPrice, quote.price);
          expect(quote.badges[0] === saving).toBe(saving !== null);
          for (const badge of quote.badges.slice(saving ? 1 : 0)) {
            const applied = Array.from({ length: limit }, (_, i) => priced(i + 1)).some((l) =>
              promotions.some(
                (p) =>
                  (p.tcenco ? `${promotionBadge(p)} con Tarjeta` : promotionBadge(p)) === badge &&
                  l.prices[p.tcenco ? 'tcenco' : 'regular'].priceTags.some((tag) => tag.identifier === p.id),
              ),
            );
            expect(applied).toBe(true);
          }
        },
      ),
    );
  });
});
