import fc from 'fast-check';
import type { Promotion, PricingLine } from '../src/index';
import { line, promotion } from './pricing-support';

const pesos = fc.integer({ min: 1, max: 50_000 }).map((value) => value * 100);

export const lineArb: fc.Arbitrary<PricingLine> = fc
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

export const promotionArb = (id: string): fc.Arbitrary<Promotion> =>
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

export const promotionsArb = fc
  .integer({ min: 0, max: 6 })
  .chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => promotionArb(`promo-${i}`))));

/** A cart of weighed and unit lines, promotions (card-only ones too) and maybe a collaborator. */
export const cartArb = fc.record({
  lines: fc.array(lineArb, { maxLength: 8 }),
  promotions: promotionsArb,
  collaborator: fc.boolean(),
});
