import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceCart, type Promotion, type PricingLine, type PaymentOption } from '../src/index';
import { NOW, line, promotion } from './pricing-support';

const OPTIONS: PaymentOption[] = ['regular', 'tcenco', 'cencoPay', 'balanceCencoPay', 'debit'];
const pesos = fc.integer({ min: 1, max: 50_000 }).map((value) => value * 100);

const lineArb: fc.Arbitrary<PricingLine> = fc
  .record({
    skuId: fc.constantFrom('1', '2', '3', '4'),
    brandId: fc.constantFrom('10', '11'),
    category: fc.constantFrom('1', '2'),
    quantity: fc.integer({ min: 0, max: 35 }),
    weighed: fc.boolean(),
    unitMultiplier: fc.constantFrom(0.1, 0.25, 0.5, 1),
    price: pesos,
    markup: fc.integer({ min: 0, max: 30_000 }).map((value) => value * 100),
  })
  .map((r) =>
    line({
      skuId: r.skuId,
      productId: `p${r.skuId}`,
      brandId: r.brandId,
      categoryIds: [r.category],
      quantity: r.quantity,
      measurementUnit: r.weighed ? 'kg' : 'un',
      unitMultiplier: r.weighed ? r.unitMultiplier : 1,
      price: r.price,
      listPrice: r.price + r.markup,
    }),
  );

const promotionArb = (id: string): fc.Arbitrary<Promotion> =>
  fc
    .record({
      type: fc.constantFrom('regular', 'for_the_price_of', 'progressive') as fc.Arbitrary<Promotion['type']>,
      discountType: fc.constantFrom('percentual', 'nominal') as fc.Arbitrary<Promotion['discountType']>,
      percent: fc.integer({ min: 0, max: 100 }),
      nominal: fc.integer({ min: 0, max: 10_000 }).map((value) => value * 100),
      quantity: fc.integer({ min: 1, max: 4 }),
      quantityAffected: fc.integer({ min: 0, max: 3 }),
      minQuantity: fc.integer({ min: 0, max: 6 }),
      cumulative: fc.boolean(),
      tcenco: fc.boolean(),
      category: fc.constantFrom<string | null>(null, '1', '2'),
      excludedBrand: fc.constantFrom<string | null>(null, '10'),
    })
    .map((r) =>
      promotion({
        id,
        name: `Promo ${id}`,
        type: r.type,
        discountType: r.discountType,
        value: r.discountType === 'percentual' ? r.percent : r.nominal,
        quantity: r.quantity,
        quantityAffected: r.quantityAffected,
        minQuantity: r.minQuantity,
        cumulative: r.cumulative,
        tcenco: r.tcenco,
        inclusions: { ...promotion().inclusions, categories: r.category ? [r.category] : [] },
        exclusions: { ...promotion().exclusions, brands: r.excludedBrand ? [r.excludedBrand] : [] },
      }),
    );

const promotionsArb = fc
  .integer({ min: 0, max: 6 })
  .chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => promotionArb(`promo-${i}`))));

const cartArb = fc.record({
  lines: fc.array(lineArb, { maxLength: 8 }),
  promotions: promotionsArb,
  collaborator: fc.boolean(),
});

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
