import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../src/seed/catalogue/generate';
import { FOOD_CERTIFICATES } from '@despensa/domain';
import type { SeedCatalogue, SeedCategory } from '../src/seed/catalogue/types';

const NOW = new Date('2026-11-01T12:00:00Z');
const catalogue = generateCatalogue({ products: 3000, now: NOW });

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

function isValidEan13(ean: string): boolean {
  if (!/^\d{13}$/.test(ean)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(ean[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(ean[12]);
}

function levels(categories: SeedCategory[]): Map<number, number> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const levelOf = (c: SeedCategory): number => (c.parentId === null ? 1 : 1 + levelOf(byId.get(c.parentId)!));
  return new Map(categories.map((c) => [c.id, levelOf(c)]));
}

const allSkus = (c: SeedCatalogue) => c.products.flatMap((p) => p.skus);

describe('generateCatalogue', () => {
  it('is deterministic: the same options give the same catalogue', () => {
    const first = generateCatalogue({ products: 500, now: NOW, seed: 7 });
    const second = generateCatalogue({ products: 500, now: NOW, seed: 7 });
    expect(hash(second)).toBe(hash(first));
    expect(hash(generateCatalogue({ products: 500, now: NOW, seed: 8 }))).not.toBe(hash(first));
  });

  it('makes at least the requested number of products', () => {
    expect(catalogue.products.length).toBeGreaterThanOrEqual(3000);
    expect(generateCatalogue({ products: 500, now: NOW }).products.length).toBeGreaterThanOrEqual(500);
  });

  it('gives unique product ids, names, slugs, sku ids and EANs with valid check digits', () => {
    const skus = allSkus(catalogue);
    const unique = (values: unknown[]) => new Set(values).size === values.length;
    expect(unique(catalogue.products.map((p) => p.id))).toBe(true);
    expect(unique(catalogue.products.map((p) => p.name))).toBe(true);
    expect(unique(catalogue.products.map((p) => p.slug))).toBe(true);
    expect(unique(skus.map((s) => s.id))).toBe(true);
    expect(unique(skus.map((s) => s.ean))).toBe(true);
    expect(unique(skus.map((s) => s.refId))).toBe(true);
    for (const sku of skus) {
      expect(sku.ean.startsWith('780')).toBe(true);
      expect(isValidEan13(sku.ean), sku.ean).toBe(true);
    }
    for (const product of catalogue.products) expect(product.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('builds a three-level tree and puts every product on a leaf', () => {
    const level = levels(catalogue.categories);
    expect(Math.max(...level.values())).toBe(3);
    const childCount = (id: number) => catalogue.categories.filter((c) => c.parentId === id).length;
    for (const category of catalogue.categories) {
      if (level.get(category.id) === 1) expect(childCount(category.id)).toBeGreaterThanOrEqual(3);
      if (level.get(category.id) === 1) expect(childCount(category.id)).toBeLessThanOrEqual(6);
      if (level.get(category.id) === 2) expect(childCount(category.id)).toBeGreaterThanOrEqual(2);
      if (level.get(category.id) === 2) expect(childCount(category.id)).toBeLessThanOrEqual(5);
      if (level.get(category.id) === 1) expect(category.icon).toBeTruthy();
    }
    for (const product of catalogue.products) expect(level.get(product.categoryId)).toBe(3);
    // At this size every leaf is stocked.
    const stocked = new Set(catalogue.products.map((p) => p.categoryId));
    for (const category of catalogue.categories)
      if (level.get(category.id) === 3) expect(stocked.has(category.id)).toBe(true);
  });

  it('puts the seven fixed categories first, in menu order', () => {
    const fixed = catalogue.categories
      .filter((c) => c.fixedPosition !== null)
      .sort((a, b) => a.fixedPosition! - b.fixedPosition!);
    expect(fixed.map((c) => [c.name, c.icon, c.fixedPosition])).toEqual([
      ['Lácteos', 'lacteos', 1],
      ['Despensa', 'despensa', 2],
      ['Frutas y Verduras', 'frutas-y-verduras', 3],
      ['Carnicería', 'carniceria', 4],
      ['Limpieza', 'limpieza', 5],
      ['Licores', 'licores', 6],
      ['Mascotas', 'mascotas', 7],
    ]);
    expect(fixed.every((c) => c.parentId === null)).toBe(true);
    const tops = catalogue.categories.filter((c) => c.parentId === null);
    expect(tops.length).toBeGreaterThan(7);
    expect(tops.filter((c) => c.fixedPosition === null).every((c) => c.icon)).toBe(true);
  });

  it('sells weighed items by the kilo and the rest by the unit', () => {
    const skus = allSkus(catalogue);
    const weighed = skus.filter((s) => s.measurementUnit === 'kg');
    expect(weighed.length).toBeGreaterThan(30);
    for (const sku of weighed) {
      expect([0.25, 0.5, 1]).toContain(sku.unitMultiplier);
      expect([sku.contentQuantity, sku.contentUnit]).toEqual([1, 'kg']);
    }
    for (const sku of skus.filter((s) => s.measurementUnit === 'un')) {
      expect(sku.unitMultiplier).toBe(1);
      expect(sku.contentQuantity).toBeGreaterThan(0);
    }
    expect(
      catalogue.products.some((p) => p.name === 'Palta Hass' && p.skus[0]!.measurementUnit === 'kg'),
    ).toBe(true);
  });

  it('uses every food certificate at least once', () => {
    expect(FOOD_CERTIFICATES).toHaveLength(19);
    const used = new Set(catalogue.products.flatMap((p) => p.certificates));
    for (const certificate of FOOD_CERTIFICATES) expect(used.has(certificate), certificate).toBe(true);
  });

  it('derives seals from Decreto 13 limits, only for processed food', () => {
    const byId = new Map(catalogue.categories.map((c) => [c.id, c]));
    const topOf = (id: number): string => {
      const category = byId.get(id)!;
      return category.parentId === null ? category.name : topOf(category.parentId);
    };
    for (const product of catalogue.products) {
      // Fresh produce and butcher cuts carry no ingredients list and never a seal (sausages there do both).
      if (['Frutas y Verduras', 'Carnicería'].includes(topOf(product.categoryId)) && !product.ingredients) {
        expect(product.warningSeals, product.name).toEqual([]);
      }
      if (product.warningSeals.length === 0 || !product.nutrition) continue;
      const n = product.nutrition;
      const limit =
        n.basis === '100ml'
          ? { kcal: 70, na: 100, sugar: 5, sat: 3 }
          : { kcal: 275, na: 400, sugar: 10, sat: 4 };
      const expected = [
        n.sugarsG > limit.sugar && 'alto-en-azucares',
        n.fatSaturatedG > limit.sat && 'alto-en-grasas-saturadas',
        n.sodiumMg > limit.na && 'alto-en-sodio',
        n.energyKcal > limit.kcal && 'alto-en-calorias',
      ].filter(Boolean);
      expect(product.warningSeals, product.name).toEqual(expected);
    }
    expect(catalogue.products.some((p) => p.warningSeals.length > 0)).toBe(true);
  });

  it('prices in whole pesos, with offers of 10–40 % on about 15 % of products', () => {
    for (const sku of allSkus(catalogue)) {
      expect(Number.isInteger(sku.basePrice)).toBe(true);
      expect(sku.basePrice).toBeGreaterThan(0);
      expect(sku.basePrice % 100).toBe(0);
      expect(sku.offerPercent).toBeGreaterThanOrEqual(0);
      if (sku.offerPercent > 0) {
        expect(sku.offerPercent).toBeGreaterThanOrEqual(10);
        expect(sku.offerPercent).toBeLessThanOrEqual(40);
        expect(sku.cartLimit).toBeLessThanOrEqual(12);
      }
      expect(sku.cartLimit).toBeGreaterThan(0);
      expect(sku.cartLimit).toBeLessThanOrEqual(35);
    }
    const onOffer =
      catalogue.products.filter((p) => p.skus[0]!.offerPercent > 0).length / catalogue.products.length;
    expect(onOffer).toBeGreaterThan(0.1);
    expect(onOffer).toBeLessThan(0.2);
  });

  it('flags new, sponsored and marketplace products and fills collections', () => {
    const { products } = catalogue;
    for (const product of products.filter((p) => p.isNew)) {
      const age = NOW.getTime() - Date.parse(product.releaseDate);
      expect(age).toBeLessThanOrEqual(30 * 86_400_000);
      expect(Date.parse(product.releaseEnd!) - Date.parse(product.releaseDate)).toBe(60 * 86_400_000);
    }
    expect(products.some((p) => p.isNew)).toBe(true);
    expect(products.filter((p) => p.sponsored).length).toBeGreaterThanOrEqual(10);
    expect(products.some((p) => p.onlineExclusive)).toBe(true);
    expect(products.some((p) => p.skus.length > 1)).toBe(true);
    expect(products.some((p) => p.reviews.length > 0)).toBe(true);
    const sellerIds = new Set(catalogue.sellers.map((s) => s.id));
    expect(catalogue.sellers.filter((s) => s.isChain).map((s) => s.id)).toEqual(['1']);
    const offers = products.flatMap((p) => p.marketplaceOffers);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(sellerIds.has(offer.sellerId) && offer.sellerId !== '1').toBe(true);
      expect(offer.priceFactor).toBeGreaterThanOrEqual(0.9);
      expect(offer.priceFactor).toBeLessThanOrEqual(1.15);
    }
    for (const collection of catalogue.collections) {
      expect(
        products.some((p) => p.collectionIds.includes(collection.id)),
        collection.name,
      ).toBe(true);
    }
    expect(catalogue.popularSearches.length).toBeGreaterThanOrEqual(15);
  });

  it('gives every recipe the skus of its other ingredients, for the recipe cart', () => {
    const withRecipe = catalogue.products.filter((product) => product.recipe);
    expect(withRecipe.length).toBeGreaterThan(0);
    const owner = new Map(catalogue.products.flatMap((p) => p.skus.map((sku) => [sku.id, p] as const)));
    for (const product of withRecipe) {
      expect(product.recipeSkuIds.length, product.name).toBeGreaterThan(0);
      for (const skuId of product.recipeSkuIds) {
        expect(owner.get(skuId), `${product.name}: sku ${skuId}`).toBeDefined();
        expect(owner.get(skuId)!.id).not.toBe(product.id);
      }
    }
    // The rice recipe asks for oil, garlic and salt, and gets products named so.
    const rice = withRecipe.find((product) => product.name.startsWith('Arroz'))!;
    expect(rice.recipeSkuIds.map((id) => owner.get(id)!.name.split(' ')[0])).toEqual([
      'Aceite',
      'Ajo',
      'Sal',
    ]);
    expect(
      catalogue.products.filter((product) => !product.recipe).every((p) => p.recipeSkuIds.length === 0),
    ).toBe(true);
  });

  it('covers every promotion type and variant', () => {
    const promotions = catalogue.promotions;
    const now = NOW.getTime();
    const some = (label: string, test: (p: (typeof promotions)[number]) => boolean) =>
      expect(promotions.some(test), label).toBe(true);
    expect(promotions.length).toBeGreaterThanOrEqual(15);
    expect(promotions.length).toBeLessThanOrEqual(30);
    expect(new Set(promotions.map((p) => p.id)).size).toBe(promotions.length);
    some('regular percentual', (p) => p.type === 'regular' && p.discountType === 'percentual' && p.value > 0);
    some('regular nominal', (p) => p.type === 'regular' && p.discountType === 'nominal' && p.value > 0);
    some('3x2', (p) => p.type === 'for_the_price_of' && p.quantity === 3 && p.quantityAffected === 1);
    some('2x1', (p) => p.type === 'for_the_price_of' && p.quantity === 2 && p.quantityAffected === 1);
    some('2nd unit 50 %', (p) => p.type === 'progressive' && p.quantity === 2 && p.value === 50);
    some('3rd unit 30 %', (p) => p.type === 'progressive' && p.quantity === 3 && p.value === 30);
    some('cumulative', (p) => p.cumulative);
    some('not cumulative', (p) => !p.cumulative);
    some('minQuantity > 1', (p) => p.minQuantity > 1);
    some('tcenco', (p) => p.tcenco);
    some('pricePpum', (p) => p.pricePpum);
    some('sales channel restricted', (p) => p.idsSalesChannel.length > 0);
    some('sales channel exclusive', (p) => p.idsSalesChannelExclusive.length > 0);
    for (const list of ['products', 'skus', 'brands', 'categories', 'collections'] as const) {
      some(`inclusion by ${list}`, (p) => p.inclusions[list].length > 0);
    }
    for (const list of ['products', 'skus', 'brands', 'categories', 'collections', 'seller'] as const) {
      some(`exclusion by ${list}`, (p) => p.exclusions[list].length > 0);
    }
    some('expired', (p) => Date.parse(p.end) < now);
    some('future', (p) => Date.parse(p.start) > now);
    some('inactive (value 0)', (p) => p.value === 0);
    const active = promotions.filter((p) => Date.parse(p.start) <= now && now <= Date.parse(p.end));
    expect(active.length).toBeGreaterThan(promotions.length / 2);
    // Every referenced id exists in the catalogue.
    const ids = {
      products: new Set(catalogue.products.map((p) => String(p.id))),
      skus: new Set(allSkus(catalogue).map((s) => String(s.id))),
      brands: new Set(catalogue.brands.map((b) => String(b.id))),
      categories: new Set(catalogue.categories.map((c) => String(c.id))),
      collections: new Set(catalogue.collections.map((c) => String(c.id))),
    };
    for (const promotion of promotions) {
      for (const key of Object.keys(ids) as (keyof typeof ids)[]) {
        for (const id of [...promotion.inclusions[key], ...promotion.exclusions[key]])
          expect(ids[key].has(id)).toBe(true);
      }
    }
  });

  it('generates 50,000 products', () => {
    const started = performance.now();
    const big = generateCatalogue({ products: 50_000, now: NOW });
    console.log(`generateCatalogue: 50,000 products in ${Math.round(performance.now() - started)} ms`);
    expect(big.products.length).toBeGreaterThanOrEqual(50_000);
    expect(new Set(big.products.map((p) => p.slug)).size).toBe(big.products.length);
  }, 60_000);
});
