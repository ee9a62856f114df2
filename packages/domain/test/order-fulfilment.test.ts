import { describe, expect, it } from 'vitest';
import {
  finalLineTotal,
  finalOrderTotal,
  substitutionAllowed,
  unansweredDefault,
  realWeightAmount,
  type FulfilmentLine,
} from '../src';

const line = (overrides: Partial<FulfilmentLine> = {}): FulfilmentLine => ({
  quantity: 2,
  sellingPrice: 100_000,
  measurementUnit: 'un',
  unitMultiplier: 1,
  substituteType: 6,
  state: 'picked',
  realGrams: null,
  replacement: null,
  ...overrides,
});

describe('picking an order (§4 substitution preferences, weighed items)', () => {
  it('charges a weighed item by its real weight at the same price per kilo', () => {
    // $2.990 per kg, 2 steps of 0,5 kg (1 kg, $2.990 authorised); 1,234 kg weighed.
    const kilos = { quantity: 2, unitMultiplier: 0.5, sellingPrice: 299_000, total: 299_000 };
    expect(realWeightAmount(kilos, 1234)).toBe(369_000);
    expect(finalLineTotal(line({ ...kilos, measurementUnit: 'kg', realGrams: 750 }))).toBe(224_300);
  });

  it('refunds a missing line and a rejected replacement in full; keeps an approved or kept one', () => {
    expect(finalLineTotal(line({ state: 'missing' }))).toBe(0);
    const replaced = (answer: 'pending' | 'approved' | 'rejected' | 'kept') =>
      finalLineTotal(line({ state: 'replaced', replacement: { total: 150_000, answer } }));
    expect(replaced('rejected')).toBe(0);
    expect(replaced('approved')).toBe(150_000);
    expect(replaced('kept')).toBe(150_000);
    expect(replaced('pending')).toBe(150_000);
  });

  it("never replaces 'no sustituir' (id 2); an unanswered proposal is kept for the store criterion (id 6)", () => {
    expect(substitutionAllowed(2)).toBe(false);
    expect(substitutionAllowed(6)).toBe(true);
    expect(unansweredDefault(6)).toBe('kept');
    expect(unansweredDefault(2)).toBe('rejected');
  });

  it('caps a dearer order at the authorised amount and refunds a cheaper one', () => {
    const authorised = 500_000;
    const dearer = finalOrderTotal(authorised, [
      line({ measurementUnit: 'kg', unitMultiplier: 1, sellingPrice: 100_000, quantity: 1, realGrams: 3000 }),
    ]);
    expect(dearer).toEqual({ total: 500_000, capped: 200_000, refunded: 0 });
    const cheaper = finalOrderTotal(authorised, [line(), line({ state: 'missing' })]);
    expect(cheaper).toEqual({ total: 300_000, capped: 0, refunded: 200_000 });
    expect(finalOrderTotal(authorised, [line()])).toEqual({ total: 500_000, capped: 0, refunded: 0 });
  });
});
