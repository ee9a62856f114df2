import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceCart, type Promotion, type PricingLine, type PaymentOption } from '../src/index';
import { NOW } from './pricing-support';
import { cartArb } from './cart-arbitraries';

const OPTIONS: PaymentOption[] = ['regular', 'tcenco', 'cencoPay', 'balanceCencoPay', 'debit'];
const price = (cart: { lines: PricingLine[]; promotions: Promotion[]; collaborator: boolean }) =>
  priceCart({ ...cart, salesChannel: 1, now: NOW });

describe('pricing engine properties', () => {
  it('totals equal the sum of the lines, for every way of paying', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const result = price(cart);
        for (const option of OPTIONS) {
          const lines = result.lines.map((l) => l.prices[option]);
          const totals = result.totals[option];
          expect(totals.items).toBe(lines.reduce((sum, l) => sum + l.base, 0));
          expect(totals.value).toBe(lines.reduce((sum, l) => sum + l.total, 0));
          expect(totals.items + totals.discounts).toBe(totals.value);
          for (const l of lines) {
            expect(l.base - l.discount).toBe(l.total);
            expect(l.priceTags.reduce((sum, tag) => sum - tag.value, 0)).toBe(l.discount);
          }
        }
      }),
    );
  });

  it('never gives a negative price', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        for (const priced of price(cart).lines) {
          for (const option of OPTIONS) {
            const p = priced.prices[option];
            expect(p.total).toBeGreaterThanOrEqual(0);
            expect(p.sellingPrice).toBeGreaterThanOrEqual(0);
            expect(p.discount).toBeGreaterThanOrEqual(0);
            expect(p.total).toBeLessThanOrEqual(p.base);
          }
        }
      }),
    );
  });

  it('does not depend on the order promotions are listed in', () => {
    fc.assert(
      fc.property(
        cartArb.chain((cart) =>
          fc.tuple(
            fc.constant(cart),
            fc.shuffledSubarray(cart.promotions, { minLength: cart.promotions.length }),
          ),
        ),
        ([cart, shuffled]) => {
          const strip = (result: ReturnType<typeof price>) => ({
            totalizers: result.totalizers,
            lines: result.lines.map((l) => l.prices),
          });
          expect(strip(price({ ...cart, promotions: shuffled }))).toEqual(strip(price(cart)));
        },
      ),
    );
  });

  it('gives every amount in whole pesos', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const result = price(cart);
        const amounts = [
          ...result.totalizers.map((t) => t.value),
          ...result.lines.flatMap((l) =>
            OPTIONS.flatMap((option) => {
              const p = l.prices[option];
              return [
                p.base,
                p.listTotal,
                p.discount,
                p.total,
                p.sellingPrice,
                ...p.priceTags.map((t) => t.value),
              ];
            }),
          ),
        ];
        for (const amount of amounts) expect(Math.abs(amount % 100)).toBe(0);
      }),
    );
  });

  it('the group card never costs more than the shelf price', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const { totals } = price(cart);
        expect(totals.tcenco.value).toBeLessThanOrEqual(totals.regular.value);
      }),
    );
  });
});
