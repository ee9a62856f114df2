import { describe, expect, it } from 'vitest';
import { isPromotionLive, promotionProblem, type Promotion } from '../src/index';
import { promotion } from './pricing-support';

/** A promotion the engine prices, in channel 1, overridable field by field. */
const promo = (overrides: Partial<Promotion> = {}) =>
  promotion({
    idsSalesChannel: [1],
    start: '2025-01-01T00:00:00Z',
    end: '2025-01-31T23:59:59Z',
    ...overrides,
  });

const CHANNELS = [1, 2];

describe('promotionProblem: what the engine cannot price', () => {
  it('takes a promotion it can price (regular, 3x2, progressive)', () => {
    expect(promotionProblem(promo(), CHANNELS)).toBeNull();
    const threeForTwo = promo({ type: 'for_the_price_of', value: 100, quantity: 3, quantityAffected: 1 });
    expect(promotionProblem(threeForTwo, CHANNELS)).toBeNull();
    const second = promo({ type: 'progressive', value: 50, quantity: 2, quantityAffected: 1 });
    expect(promotionProblem(second, CHANNELS)).toBeNull();
    expect(promotionProblem(promo({ discountType: 'nominal', value: 50_000 }), CHANNELS)).toBeNull();
  });

  it.each([
    ['a percent over 100', { value: 120 }, 'value'],
    ['a nominal 0', { discountType: 'nominal', value: 0 }, 'value'],
    ['a negative value', { value: -5 }, 'value'],
    [
      'a pack paying as many as it takes',
      { type: 'for_the_price_of', quantity: 3, quantityAffected: 0 },
      'quantityAffected',
    ],
    [
      'a pack paying nothing',
      { type: 'for_the_price_of', quantity: 3, quantityAffected: 3 },
      'quantityAffected',
    ],
    ['a pack of one', { type: 'for_the_price_of', quantity: 1, quantityAffected: 1 }, 'quantity'],
    [
      'a progressive wider than its group',
      { type: 'progressive', quantity: 2, quantityAffected: 3 },
      'quantityAffected',
    ],
    ['an end before the start', { start: '2025-02-01T00:00:00Z', end: '2025-01-01T00:00:00Z' }, 'end'],
    ['an unparseable date', { start: 'mañana' }, 'start'],
    ['an unknown channel', { idsSalesChannel: [9] }, 'idsSalesChannel'],
    [
      'an unknown excluded channel',
      { idsSalesChannel: [], idsSalesChannelExclusive: [9] },
      'idsSalesChannel',
    ],
  ] as [string, Partial<Promotion>, string][])(
    'refuses %s, saying why in Spanish beside its field',
    (_, overrides, field) => {
      const problem = promotionProblem(promo(overrides), CHANNELS);
      expect(problem?.field).toBe(field);
      expect(problem?.message).toMatch(/[a-záéíóúñ]{3}/);
    },
  );
});

describe('a paused promotion', () => {
  it('is never live; an absent flag means active', () => {
    const context = { now: new Date('2025-01-15T00:00:00Z'), salesChannel: 1 };
    expect(isPromotionLive(promo(), context)).toBe(true);
    expect(isPromotionLive(promo({ active: true }), context)).toBe(true);
    expect(isPromotionLive(promo({ active: false }), context)).toBe(false);
  });
});
