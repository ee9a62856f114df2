import { describe, expect, it } from 'vitest';
import { productDoc, skuDoc } from '../src/modules/catalog/compact-docs';
import type { ProductRow, SkuRow } from '../src/modules/catalog/repo';
import { SkuTexts } from '../src/modules/catalog/sku-texts';

const productRow = (id: number, releaseDate: string, releaseEnd: string | null = null): ProductRow => ({
  id,
  slug: `leche-${id}`,
  name: `Leche Entera ${id}`,
  brandId: 1,
  categoryId: 10101,
  warningSeals: [],
  certificates: [],
  recipeSkuIds: [],
  releaseDate: new Date(releaseDate),
  releaseEnd: releaseEnd === null ? null : new Date(releaseEnd),
  isNew: releaseEnd !== null,
  onlineExclusive: false,
  sponsored: false,
  collectionIds: [],
  sales: 0,
  ratingAverage: 0,
  ratingCount: 0,
});

const skuRow = (id: number, name: string): SkuRow => ({
  id,
  productId: id,
  name,
  ean: '7800000000017',
  refId: `DSP${id}`,
  measurementUnit: 'un',
  unitMultiplier: 1,
  contentQuantity: 1,
  contentUnit: 'l',
  cartLimit: 0,
  imageUrl: null,
});

const brand = { id: 1, name: 'Praderas del Sur', slug: 'praderas-del-sur' };

describe('catalogue documents kept small (issue 33: 500,000 products in memory)', () => {
  it('products released on one day share one date, and keep their own dates', () => {
    const a = productDoc(productRow(1, '2026-03-01T00:00:00Z'), 0, brand, [], []);
    const b = productDoc(productRow(2, '2026-03-01T00:00:00Z', '2026-04-30T00:00:00Z'), 1, brand, [], []);
    const c = productDoc(productRow(3, '2026-03-02T00:00:00Z', '2026-04-30T00:00:00Z'), 2, brand, [], []);
    expect(a.releaseDate).toBe(b.releaseDate);
    expect(b.releaseEnd).toBe(c.releaseEnd);
    expect(c.releaseDate.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(a.releaseEnd).toBeNull();
  });

  it("a sku keeps its own name, or reads as its product's", () => {
    const texts = new SkuTexts();
    expect(skuDoc(skuRow(1, 'Leche Entera 1'), 0, 'Leche Entera 1', texts).name).toBe('Leche Entera 1');
    expect(skuDoc(skuRow(2, 'Leche Entera 1 L'), 1, 'Leche Entera 2', texts).name).toBe('Leche Entera 1 L');
  });

  it("a sku's codes and picture are packed by slot, read back as written, and rewritten by a patch", () => {
    const texts = new SkuTexts();
    // Enough skus to grow the store's buffer and slot columns past their first size.
    const skus = Array.from({ length: 5_000 }, (_, slot) =>
      skuDoc(
        {
          ...skuRow(slot, 'Leche'),
          refId: `DSP${slot}`,
          imageUrl: slot % 3 === 0 ? null : `https://cdn.cl/ñandú-${slot}.webp`,
        },
        slot,
        'Leche',
        texts,
      ),
    );
    expect(skus[4_999]).toMatchObject({
      ean: '7800000000017',
      refId: 'DSP4999',
      imageUrl: 'https://cdn.cl/ñandú-4999.webp',
    });
    expect(skus[3]!.imageUrl).toBeNull();
    expect(skus[0]).toMatchObject({ refId: 'DSP0', imageUrl: null, slot: 0 });
    // An empty address is not the default picture.
    const empty = skuDoc({ ...skuRow(9, 'Leche'), imageUrl: '' }, 5_000, 'Leche', texts);
    expect(empty.imageUrl).toBe('');
    // A patch writes a new document's codes into the same slot: the one in use reads them, even right
    // after reading the old ones (the store keeps the record read last).
    expect(skus[7]!.ean).toBe('7800000000017');
    Object.assign(
      skus[7]!,
      skuDoc({ ...skuRow(7, 'Leche'), ean: '7801234567890', imageUrl: null }, 7, 'Leche', texts),
    );
    expect(skus[7]).toMatchObject({ ean: '7801234567890', refId: 'DSP7', imageUrl: null });
    expect(skus[8]).toMatchObject({ refId: 'DSP8', imageUrl: 'https://cdn.cl/ñandú-8.webp' });
  });

  it('products with the same seals, certificates and collections share one frozen list of each, in their order', () => {
    const withLists = (id: number, warningSeals: string[], collectionIds: number[]) =>
      productDoc(
        { ...productRow(id, '2026-03-01T00:00:00Z'), warningSeals, collectionIds },
        id,
        brand,
        [],
        [],
      );
    const a = withLists(1, ['Alto en azúcares', 'Alto en calorías'], [12, 3]);
    const b = withLists(2, ['Alto en azúcares', 'Alto en calorías'], [12, 3]);
    const c = withLists(3, ['Alto en calorías', 'Alto en azúcares'], [12]);
    expect(b.warningSeals).toBe(a.warningSeals);
    expect(b.collectionIds).toBe(a.collectionIds);
    expect(c.warningSeals).toEqual(['Alto en calorías', 'Alto en azúcares']);
    expect(c.collectionIds).toEqual([12]);
    expect(a.collectionIds).toEqual([12, 3]);
    // A change to one product's list would show on every product sharing it: it throws instead.
    expect(() => a.warningSeals.push('Alto en sodio')).toThrow(TypeError);
    expect(b.warningSeals).toEqual(['Alto en azúcares', 'Alto en calorías']);
  });
});
