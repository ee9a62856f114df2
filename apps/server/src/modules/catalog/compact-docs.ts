import type { CategoryDoc, ProductDoc, SkuDoc } from './index-types';
import type { ProductRow, SkuRow } from './repo';
import type { SkuTexts } from './sku-texts';

/**
 * The index's documents built to take little memory: 500,000 products are held at once (issue 33).
 * - Each is one object literal naming every field, so V8 keeps its fields inside the object (a spread copy
 *   kept them in a second array of their own).
 * - A list is exactly its size, and the lists products share (no seals, the same two seals, the same
 *   collections) are one frozen list, as are the few distinct words of a label (a unit, a seal).
 * - A sku's name is its product's string when they read alike; products released on one day share one date.
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

/**
 * One Date per instant: release dates are days, so 500,000 products share a thousand or so (a Date each
 * was about 18 MB). Never changed in place: a document's date is replaced, not set.
 */
const instants = new Map<number, Date>();
function instant(date: Date): Date {
  const known = instants.get(date.getTime());
  if (known !== undefined) return known;
  instants.set(date.getTime(), date);
  return date;
}

/** A copy of exactly its length: a parsed list grows with room to spare. */
function list<T>(items: T[]): T[] {
  return items.length === 0 ? NONE : items.slice();
}

/**
 * One frozen list per content: seals, certificates and collections come in a few combinations, and a list
 * each was ~30 MB at 500,000 products.
 */
const lists = new Map<string, readonly (string | number)[]>();
function sharedList<T extends string | number>(items: T[]): T[] {
  if (items.length === 0) return NONE;
  const key = `${typeof items[0]}:${items.join('\u0000')}`;
  const known = lists.get(key);
  if (known !== undefined) return known as T[];
  const list = Object.freeze(items.map((item) => (typeof item === 'string' ? word(item) : item)));
  lists.set(key, list);
  return list as T[];
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
    warningSeals: sharedList(row.warningSeals),
    certificates: sharedList(row.certificates),
    recipeSkuIds: list(row.recipeSkuIds),
    releaseDate: instant(row.releaseDate),
    releaseEnd: row.releaseEnd === null ? null : instant(row.releaseEnd),
    isNew: row.isNew,
    onlineExclusive: row.onlineExclusive,
    sponsored: row.sponsored,
    collectionIds: sharedList(row.collectionIds),
    sales: row.sales,
    ratingAverage: row.ratingAverage,
    ratingCount: row.ratingCount,
    doc,
    brand,
    categoryChain,
    skus,
  };
}

/**
 * A sku's document. Its codes and picture are kept by slot in the index's SkuTexts (see there) and read
 * from it; the rest are fields. A sku named as its product (nearly all) shares the product's string.
 */
class PackedSku implements SkuDoc {
  id: number;
  productId: number;
  name: string;
  measurementUnit: string;
  unitMultiplier: number;
  contentQuantity: number;
  contentUnit: string;
  cartLimit: number;
  slot: number;
  private readonly texts: SkuTexts;

  constructor(row: SkuRow, slot: number, productName: string, texts: SkuTexts) {
    this.id = row.id;
    this.productId = row.productId;
    this.name = row.name === productName ? productName : row.name;
    this.measurementUnit = word(row.measurementUnit);
    this.unitMultiplier = row.unitMultiplier;
    this.contentQuantity = row.contentQuantity;
    this.contentUnit = word(row.contentUnit);
    this.cartLimit = row.cartLimit;
    this.slot = slot;
    this.texts = texts;
    texts.set(slot, row);
  }

  get ean(): string {
    return this.texts.get(this.slot).ean;
  }

  get refId(): string {
    return this.texts.get(this.slot).refId;
  }

  get imageUrl(): string | null {
    return this.texts.get(this.slot).imageUrl;
  }
}

/** The sku's document in its offer slot, its texts written into the index's store. */
export function skuDoc(row: SkuRow, slot: number, productName: string, texts: SkuTexts): SkuDoc {
  return new PackedSku(row, slot, productName, texts);
}
