import { searchedText } from './catalog-docs';
import { productDoc, skuDoc } from './compact-docs';
import type { ProductDoc } from './index-types';
import type { ProductWithSkus } from './repo';
import type { SkuTexts } from './sku-texts';
import type { IndexedField } from './text-index';

/**
 * Renames one batch of edits moves in the search text (each copies the postings of the words it changes,
 * up to a fifth of the catalogue for a common word): an ERP renaming thousands at once rebuilds instead of
 * holding the event loop for seconds.
 */
export const RENAMES_PATCHED_AT_ONCE = 200;

/**
 * Whether a product's change as stored can be patched into its document (its name too: CatalogIndex moves
 * it in the search text and the name order), or shapes the index beyond it: its slug (lookups), brand and
 * category (text, facets, aisles), sales (the best-seller order), collections (shelves) and which skus it
 * has (offer slots). Each rename takes one of the batch's `renames`; past them, renames rebuild.
 */
export function patchable(
  doc: ProductDoc,
  { row, skus }: ProductWithSkus,
  renames: { left: number },
): boolean {
  return (
    doc.slug === row.slug &&
    doc.brandId === row.brandId &&
    doc.categoryId === row.categoryId &&
    doc.sales === row.sales &&
    sameList(doc.collectionIds, row.collectionIds) &&
    doc.skus.length === skus.length &&
    doc.skus.every((sku, at) => sku.id === skus[at]!.id) &&
    (doc.name === row.name || renames.left-- > 0)
  );
}

/**
 * Writes the stored product into its document and skus in place (everything holding them sees the change):
 * its name, flags, dates, seals and certificates, ratings, recipe; each sku's name, codes, units, limit and
 * picture. A new name is told to `renamed` with what search read of the product before.
 */
export function patchDoc(
  doc: ProductDoc,
  { row, skus }: ProductWithSkus,
  texts: SkuTexts,
  renamed: (searchedBefore: IndexedField[]) => void,
): void {
  const before = searchedText(doc);
  Object.assign(doc, productDoc(row, doc.doc, doc.brand, doc.categoryChain, doc.skus));
  // A new document writes the sku's codes into the store; its fields are copied onto the one in use.
  doc.skus.forEach((sku, at) => Object.assign(sku, skuDoc(skus[at]!, sku.slot, row.name, texts)));
  if (doc.name !== before[0]!.text) renamed(before);
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, at) => value === b[at]);
}
