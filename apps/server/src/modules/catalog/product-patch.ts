import { searchedText } from './catalog-docs';
import { productDoc, skuDoc } from './compact-docs';
import type { CategoryDoc, ProductDoc } from './index-types';
import type { ProductWithSkus } from './repo';
import type { SkuTexts } from './sku-texts';
import type { IndexedField } from './text-index';

/**
 * Edits of one batch that change what search reads of a product (its name, brand or aisle) are moved in
 * the search text one by one (each copies the postings of the words it changes, up to a fifth of the
 * catalogue for a common word): an ERP renaming or moving thousands at once rebuilds instead of holding
 * the event loop for seconds.
 */
export const REINDEXED_AT_ONCE = 200;

/** Where a product stood before a patch moved it: what the index must move it out of. */
export interface ShelvedBefore {
  searched: IndexedField[];
  categoryChain: CategoryDoc[];
  collectionIds: readonly number[];
}

/** The brands and aisles a patched product may move to: those the index has. */
export interface KnownShelves {
  brands: ReadonlyMap<number, ProductDoc['brand']>;
  chainOf(categoryId: number): CategoryDoc[];
}

/**
 * Whether a product's change as stored can be patched into its document: anything but its slug (the
 * lookups; no edit changes it), its sales (the best-seller order every posting is kept in) and which skus
 * it has (offer slots), and a brand or aisle the index does not have yet. A new name, brand or aisle takes one of the batch's `reindexed`; past them,
 * the batch rebuilds.
 */
export function patchable(
  doc: ProductDoc,
  { row, skus }: ProductWithSkus,
  known: KnownShelves,
  reindexed: { left: number },
): boolean {
  const searchedChanged =
    doc.name !== row.name || doc.brandId !== row.brandId || doc.categoryId !== row.categoryId;
  return (
    doc.slug === row.slug &&
    doc.sales === row.sales &&
    known.brands.has(row.brandId) &&
    known.chainOf(row.categoryId).length > 0 &&
    doc.skus.length === skus.length &&
    doc.skus.every((sku, at) => sku.id === skus[at]!.id) &&
    (!searchedChanged || reindexed.left-- > 0)
  );
}

/**
 * Writes the stored product into its document and skus in place (everything holding them sees the change):
 * its name, brand, aisle, collections, flags, dates, seals and certificates, ratings, recipe; each
 * sku's name, codes, units, limit and picture. Answers where it stood before, for what lists it.
 */
export function patchDoc(
  doc: ProductDoc,
  { row, skus }: ProductWithSkus,
  texts: SkuTexts,
  known: KnownShelves,
): ShelvedBefore {
  const before: ShelvedBefore = {
    searched: searchedText(doc),
    categoryChain: doc.categoryChain,
    collectionIds: doc.collectionIds,
  };
  const brand = known.brands.get(row.brandId)!;
  Object.assign(doc, productDoc(row, doc.doc, brand, known.chainOf(row.categoryId), doc.skus));
  // A new document writes the sku's codes into the store; its fields are copied onto the one in use.
  doc.skus.forEach((sku, at) => Object.assign(sku, skuDoc(skus[at]!, sku.slot, row.name, texts)));
  return before;
}

/** What search reads of the product now, when it is not what it read before; else null. */
export function searchedNow(doc: ProductDoc, before: ShelvedBefore): IndexedField[] | null {
  const now = searchedText(doc);
  return now.some((field, at) => field.text !== before.searched[at]!.text) ? now : null;
}
