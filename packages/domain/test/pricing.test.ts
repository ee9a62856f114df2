import { describe, expect, it } from 'vitest';
import { TOTALIZER_IDS, priceCart, promotionsForLine, type PricingInput } from '../src/index';
import { NOW, line, promotion } from './pricing-support';

const price = (input: Partial<PricingInput>) =>
  priceCart({ lines: [], promotions: [], salesChannel: 1, now: NOW, ...input });
const only = (input: Partial<PricingInput>) => price(input).lines[0]!.prices;

describe('promotion types with the spec numbers', () => {
  it('3x2: every third unit is free', () => {
    const p = promotion({ type: 'for_the_price_of', value: 100, quantity: 3, quantityAffected: 1 });
    expect(only({ lines: [line({ quantity: 3 })], promotions: [p] }).regular.total).toBe(200000);
    expect(only({ lines: [line({ quantity: 5 })], promotions: [p] }).regular.total).toBe(400000);
    expect(only({ lines: [line({ quantity: 6 })], promotions: [p] }).regular.total).toBe(400000);
    expect(only({ lines: [line({ quantity: 2 })], promotions: [p] }).regular.priceTags).toEqual([]);
  });

  it('2da al 50 %: the second unit of each pair at half price', () => {
    const p = promotion({ type: 'progressive', value: 50, quantity: 2, quantityAffected: 1 });
    const two = only({ lines: [line({ quantity: 2 })], promotions: [p] }).regular;
    expect(two.total).toBe(150000);
    expect(two.sellingPrice).toBe(75000);
    expect(two.priceTags).toEqual([
      { identifier: 'p1', name: 'Promo', isPercentual: true, rawValue: 50, value: -50000 },
    ]);
    expect(only({ lines: [line({ quantity: 3 })], promotions: [p] }).regular.total).toBe(250000);
  });

  it('-20 % and a nominal $300 off each unit', () => {
    expect(only({ lines: [line({ quantity: 2 })], promotions: [promotion()] }).regular.total).toBe(160000);
    const nominal = promotion({ discountType: 'nominal', value: 30000 });
    const prices = only({ lines: [line({ quantity: 2 })], promotions: [nominal] }).regular;
    expect(prices.total).toBe(140000);
    expect(prices.priceTags[0]).toMatchObject({ isPercentual: false, rawValue: 300, value: -60000 });
  });

  it('a nominal discount bigger than the price makes the item free, never negative', () => {
    const nominal = promotion({ discountType: 'nominal', value: 500000 });
    expect(only({ lines: [line()], promotions: [nominal] }).regular.total).toBe(0);
  });

  it('non-cumulative promotions: only the best applies; cumulative ones stack on it', () => {
    const tenOff = promotion({ id: 'a', value: 10 });
    const thirtyOff = promotion({ id: 'b', value: 30 });
    const fiveMore = promotion({ id: 'c', value: 5, cumulative: true });
    const prices = only({ lines: [line()], promotions: [tenOff, thirtyOff, fiveMore] }).regular;
    expect(prices.priceTags.map((tag) => tag.identifier)).toEqual(['b', 'c']);
    expect(prices.total).toBe(100000 - 30000 - 5000);
  });

  it('minQuantity: the promotion waits for enough units', () => {
    const p = promotion({ value: 20, minQuantity: 6 });
    expect(only({ lines: [line({ quantity: 5 })], promotions: [p] }).regular.discount).toBe(0);
    expect(only({ lines: [line({ quantity: 6 })], promotions: [p] }).regular.discount).toBe(120000);
  });

  it('inactive promotions are ignored: value 0, outside the dates, another channel, excluded', () => {
    const inactive = [
      promotion({ id: 'zero', value: 0 }),
      promotion({ id: 'old', end: '2026-10-31T00:00:00Z' }),
      promotion({ id: 'store', idsSalesChannel: [7] }),
      promotion({ id: 'not-here', idsSalesChannelExclusive: [1] }),
      promotion({ id: 'excluded', exclusions: { ...promotion().exclusions, brands: ['20'] } }),
      promotion({ id: 'other', inclusions: { ...promotion().inclusions, categories: ['2'] } }),
    ];
    expect(only({ lines: [line()], promotions: inactive }).regular.discount).toBe(0);
    expect(only({ lines: [line()], promotions: inactive, salesChannel: 7 }).regular.discount).toBe(20000);
  });
});

describe('payment prices', () => {
  const card = promotion({ id: 'card', value: 15, tcenco: true });
  const shelf = promotion({ id: 'shelf', value: 10 });

  it('a tcenco promotion shows only in the group-card price and its totalizers', () => {
    const result = price({ lines: [line({ quantity: 2 })], promotions: [card] });
    const totalizer = (id: string) => result.totalizers.find((t) => t.id === id)!.value;
    expect(totalizer('Items')).toBe(200000);
    expect(totalizer('Discounts')).toBe(0);
    expect(totalizer('Tcenco')).toBe(200000);
    expect(totalizer('DiscountsTcenco')).toBe(-30000);
    expect(totalizer('DiscountsCencoPay')).toBe(0);
    expect(totalizer('DiscountsBalanceCencoPay')).toBe(0);
    expect(result.lines[0]!.prices.tcenco.sellingPrice).toBe(85000);
  });

  it('the card gets the best of shelf and card promotions when neither is cumulative', () => {
    const prices = only({ lines: [line()], promotions: [shelf, card] });
    expect(prices.regular.total).toBe(90000);
    expect(prices.tcenco.total).toBe(85000);
    expect(prices.cencoPay.total).toBe(90000);
    expect(prices.balanceCencoPay.total).toBe(90000);
  });

  it('collaborators get 10 % more with the group card or debit, after promotions', () => {
    const prices = only({ lines: [line()], promotions: [shelf], collaborator: true });
    expect(prices.regular.total).toBe(90000);
    expect(prices.tcenco.total).toBe(81000);
    expect(prices.debit.total).toBe(81000);
    expect(prices.cencoPay.total).toBe(90000);
    expect(prices.tcenco.priceTags.at(-1)).toMatchObject({ identifier: 'collaborator', value: -9000 });
    expect(only({ lines: [line()], promotions: [shelf] }).debit.total).toBe(90000);
  });

  it('says until when the prices hold: the next promotion start or end', () => {
    const ending = promotion({ id: 'a', end: '2026-11-10T00:00:00Z' });
    const future = promotion({ id: 'b', start: '2026-11-05T00:00:00Z' });
    expect(price({ promotions: [ending, future] }).priceValidUntil).toEqual(new Date('2026-11-05T00:00:00Z'));
    expect(price({ promotions: [ending] }).priceValidUntil).toEqual(new Date('2026-11-10T00:00:00.001Z'));
    expect(price({}).priceValidUntil).toBeNull();
  });

  it('gives the eight §3 totalizers in order', () => {
    expect(price({}).totalizers.map((t) => t.id)).toEqual([...TOTALIZER_IDS]);
  });
});

describe('promotionsForLine (badges)', () => {
  it('lists what applies to one line, card-only promotions included', () => {
    const card = promotion({ id: 'card', tcenco: true });
    const pack = promotion({ id: 'pack', minQuantity: 3 });
    const old = promotion({ id: 'old', end: '2026-01-01T00:00:00Z' });
    const ids = (quantity: number) =>
      promotionsForLine(line({ quantity }), [card, pack, old], { salesChannel: 1, now: NOW }).map(
        (p) => p.id,
      );
    expect(ids(1)).toEqual(['card']);
    expect(ids(3)).toEqual(['card', 'pack']);
  });
});

describe('weighed items', () => {
  it('prices steps of unitMultiplier kg and rounds the line to whole pesos', () => {
    // 3 steps of 0.25 kg at $2.345 the kilo = $1.758,75 → $1.759.
    const prices = only({
      lines: [
        line({ measurementUnit: 'kg', unitMultiplier: 0.25, quantity: 3, price: 234500, listPrice: 234500 }),
      ],
    });
    expect(prices.regular.total).toBe(175900);
    expect(prices.regular.sellingPrice).toBe(234500);
  });

  it('applies percent discounts to the kilo price', () => {
    const prices = only({
      lines: [line({ measurementUnit: 'kg', unitMultiplier: 0.5, quantity: 2, price: 300000 })],
      promotions: [promotion({ value: 15 })],
    });
    expect(prices.regular.total).toBe(255000);
    expect(prices.regular.sellingPrice).toBe(255000);
  });
});

describe('price per unit of measure', () => {
  it('follows the selling price', () => {
    const prices = only({
      lines: [line({ contentQuantity: 500, contentUnit: 'g' })],
      promotions: [promotion({ value: 50 })],
    });
    expect(prices.regular.pricePerUnitOfMeasure).toMatchObject({ value: 100000, unit: 'kg' });
  });
});
