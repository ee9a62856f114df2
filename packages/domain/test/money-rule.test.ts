import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  editedLineCost,
  finalLineTotal,
  finalOrderTotal,
  lineAmount,
  lineAmountBefore,
  lineLabel,
  measureOf,
  priceCart,
  realWeightAmount,
  subtotalBefore,
  type FulfilmentLine,
  type PaymentOption,
  type PricedLine,
  type PricingLine,
  type Promotion,
} from '../src/index';
import { cartArb } from './cart-arbitraries';
import { NOW } from './pricing-support';

/** The seeded Plátano Baby (sku 1000192) at $1.270 per kg, sold in steps of 0,5 kg. */
const platano = (quantity: number) => ({
  name: 'Plátano Baby',
  quantity,
  unitMultiplier: 0.5,
  measurementUnit: 'kg',
  sellingPrice: 127_000,
});

describe('one rule for money: a weighed line (issue 28, item 1)', () => {
  it('prices 0,5 kg at $635 and 1 kg at $1.270, named by weight', () => {
    expect(lineAmount(platano(1))).toBe(63_500);
    expect(lineAmount(platano(2))).toBe(127_000);
    expect(lineLabel(platano(1))).toBe('0,5 kg de Plátano Baby');
    expect(lineLabel(platano(2))).toBe('1 kg de Plátano Baby');
    expect(
      lineLabel({ name: 'Leche Entera 1 L', quantity: 2, unitMultiplier: 1, measurementUnit: 'un' }),
    ).toBe('2 × Leche Entera 1 L');
  });

  it('prices a real weight of 0,62 kg at $787, and refunds $254 when 1 kg weighs 0,8 kg', () => {
    expect(realWeightAmount({ ...platano(1), total: 63_500 }, 620)).toBe(78_700);
    const oneKilo = { ...platano(2), total: 127_000 };
    expect(realWeightAmount(oneKilo, 800)).toBe(101_600);
    const picked: FulfilmentLine = {
      ...oneKilo,
      substituteType: 6,
      state: 'picked',
      realGrams: 800,
      replacement: null,
    };
    expect(finalOrderTotal(127_000, [picked])).toEqual({ total: 101_600, capped: 0, refunded: 25_400 });
  });

  it("reconciles the struck 'Antes' price with the savings: $1.490 list, $1.340 offer", () => {
    expect(lineAmountBefore({ quantity: 2, unitMultiplier: 0.5, price: 134_000, listPrice: 149_000 })).toBe(
      149_000,
    );
    expect(lineAmountBefore({ quantity: 1, unitMultiplier: 0.5, price: 134_000, listPrice: 149_000 })).toBe(
      74_500,
    );
  });
});

const OPTIONS: PaymentOption[] = ['regular', 'tcenco', 'cencoPay', 'balanceCencoPay', 'debit'];
const fee = fc.constantFrom(0, 199_000, 299_000, 499_000);

/** A priced line as an order keeps it, for one way of paying. */
function ordered(priced: PricedLine, option: PaymentOption) {
  const price = priced.prices[option];
  return { ...priced.line, sellingPrice: price.sellingPrice, total: price.total };
}

const priceOf = (cart: { lines: PricingLine[]; promotions: Promotion[]; collaborator: boolean }) =>
  priceCart({ ...cart, salesChannel: 1, now: NOW });

describe('one rule for money: properties over random carts', () => {
  it('the lines add up to the total (fee included) for every way of paying, and what is charged is what was shown', () => {
    fc.assert(
      fc.property(cartArb, fee, (cart, deliveryFee) => {
        const priced = priceOf(cart);
        for (const option of OPTIONS) {
          const lines = priced.lines.map((line) => ordered(line, option));
          const shown = lines.reduce((sum, line) => sum + lineAmount(line), 0) + deliveryFee;
          expect(shown).toBe(priced.totals[option].value + deliveryFee);
          // Savings never negative: what the struck prices add up to is at least what is paid.
          const before = priced.lines.reduce((sum, line) => sum + lineAmountBefore(line.line), 0);
          expect(before).toBeGreaterThanOrEqual(priced.totals[option].value);
          expect(subtotalBefore(priced.lines.map((line) => line.line))).toBe(before);
        }
      }),
    );
  });

  it('a line is its measure at its price per unit or kg: never 100 times off, never counted by steps', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        for (const priced of priceOf(cart).lines) {
          const line = ordered(priced, 'regular');
          const measure = measureOf(line);
          const amount = lineAmount(line);
          // The selling price is rounded to whole pesos per unit or kg: at most half a peso off each.
          expect(Math.abs(amount - line.sellingPrice * measure)).toBeLessThanOrEqual(50 * measure + 50);
          expect(amount % 100).toBe(0);
        }
      }),
    );
  });

  it('what is refunded is the difference between paid and delivered (real weights, missing lines, replacements)', () => {
    const picking = fc.record({
      state: fc.constantFrom('picked', 'missing', 'replaced') as fc.Arbitrary<
        'picked' | 'missing' | 'replaced'
      >,
      grams: fc.option(fc.integer({ min: 1, max: 40_000 })),
      replacement: fc.integer({ min: 0, max: 50_000 }).map((pesos) => pesos * 100),
      answer: fc.constantFrom('approved', 'rejected', 'kept') as fc.Arbitrary<
        'approved' | 'rejected' | 'kept'
      >,
    });
    fc.assert(
      fc.property(
        cartArb,
        fee,
        fc.array(picking, { minLength: 8, maxLength: 8 }),
        (cart, deliveryFee, picks) => {
          const lines: FulfilmentLine[] = priceOf(cart).lines.map((priced, index) => {
            const pick = picks[index]!;
            const weighed = priced.line.measurementUnit === 'kg';
            return {
              ...ordered(priced, 'regular'),
              substituteType: 6,
              state: pick.state,
              realGrams: weighed && pick.state === 'picked' ? pick.grams : null,
              replacement:
                pick.state === 'replaced' ? { total: pick.replacement, answer: pick.answer } : null,
            };
          });
          const paid = lines.reduce((sum, line) => sum + lineAmount(line), 0) + deliveryFee;
          const delivered = lines.reduce((sum, line) => sum + finalLineTotal(line), 0) + deliveryFee;
          const final = finalOrderTotal(paid, lines);
          expect(final.refunded).toBe(Math.max(0, paid - delivered));
          expect(final.total).toBe(paid - final.refunded);
          expect(final.capped).toBe(Math.max(0, delivered - paid));
        },
      ),
    );
  });

  it('weighing exactly the estimate changes nothing; a real weight is the line price per kg', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        for (const priced of priceOf(cart).lines) {
          const line = ordered(priced, 'tcenco');
          const kilos = measureOf(line);
          expect(realWeightAmount(line, Math.round(kilos * 1000))).toBe(lineAmount(line));
          const amount = realWeightAmount(line, 2 * kilos * 1000);
          expect(Math.abs(amount - 2 * lineAmount(line))).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  it('an edit charges or refunds the change of the lines, each at its paid price', () => {
    fc.assert(
      fc.property(
        cartArb,
        fc.array(fc.integer({ min: 0, max: 35 }), { minLength: 8, maxLength: 8 }),
        (cart, next) => {
          const lines = priceOf(cart)
            .lines.map((priced) => ordered(priced, 'regular'))
            .filter((line) => line.quantity > 0);
          for (const line of lines) expect(editedLineCost(line, line.quantity)).toBe(lineAmount(line));
          const before = lines.reduce((sum, line) => sum + lineAmount(line), 0);
          const after = lines.reduce((sum, line, index) => sum + editedLineCost(line, next[index]!), 0);
          const difference = after - before;
          expect(Math.abs(difference % 100)).toBe(0);
          expect(before + difference).toBe(after);
        },
      ),
    );
  });
});
