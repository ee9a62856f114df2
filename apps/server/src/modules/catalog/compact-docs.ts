import type { CategoryDoc, ProductDoc, SkuDoc } from './index-types';
import type { ProductRow, SkuRow } from './repo';

/**
 * The index's documents built to take little memory: 500,000 products are held at once (issue 33). Each
 * is one object literal naming every field, so V8 keeps its fields inside the object (a spread copy kept
 * them in a second array of their own); an empty list is one shared array, any other exactly its size; the few distinct words of a
 * label (a unit, a seal, a certificate) are one string each, not one per row.
 */

/** Frozen: a write to the one shared empty list would throw, not show up in every product. */
const NONE = Object.freeze([]) as unknown as never[];

/** One copy of each short repeated word (units, seals, certificates). */
const words = new Map<string, string>();
function word(text: string): string {
  const known = words.get(text);
  if (known !== undefined) return known;
  words.set(text, text);
  return text;
}

/** A copy of exactly its length: a parsed list grows with room to spare. */
function list<T>(items: T[]): T[] {
  return items.length === 0 ? NONE : items.slice();
}

function wordList(items: string[]): string[] {
  return items.length === 0 ? NONE : items.map(word);
}

export function productDoc(
  row: ProductRow,
  doc: number,
  brand: ProductDoc['brand'],
  categoryChain: CategoryDoc[],
  skus: SkuDoc[],
): ProductDoc {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    brandId: row.brandId,
    categoryId: row.categoryId,
    warningSeals: wordList(row.warningSeals),
    certificates: wordList(row.certificates),
    recipeSkuIds: list(row.recipeSkuIds),
    releaseDate: row.releaseDate,
    releaseEnd: row.releaseEnd,
    isNew: row.isNew,
    onlineExclusive: row.onlineExclusive,
    sponsored: row.sponsored,
    collectionIds: list(row.collectionIds),
    sales: row.sales,
    ratingAverage: row.ratingAverage,
    ratingCount: row.ratingCount,
    doc,
    brand,
    categoryChain,
    skus,
  };
}

export function skuDoc(row: SkuRow, slot: number): SkuDoc {
  return {
    id: row.id,
    productId: row.productId,
    name: row.name,
    ean: row.ean,
    refId: row.refId,
    measurementUnit: word(row.measurementUnit),
    unitMultiplier: row.unitMultiplier,
    contentQuantity: row.contentQuantity,
    contentUnit: word(row.contentUnit),
    cartLimit: row.cartLimit,
    imageUrl: row.imageUrl,
    slot,
  };
}
