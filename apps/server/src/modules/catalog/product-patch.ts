import { productDoc, skuDoc } from './compact-docs';
import type { ProductDoc } from './index-types';
import type { ProductWithSkus } from './repo';

/**
 * Whether a product's change as stored can be patched into its document, or shapes the index beyond it: its
 * slug and name (the search text, the name order, lookups), brand and category (text, facets, aisles), sales
 * (the best-seller order), collections (shelves) and which skus it has (offer slots).
 */
export function patchable(doc: ProductDoc, { row, skus }: ProductWithSkus): boolean {
  return (
    doc.slug === row.slug &&
    doc.name === row.name &&
    doc.brandId === row.brandId &&
    doc.categoryId === row.categoryId &&
    doc.sales === row.sales &&
    sameList(doc.collectionIds, row.collectionIds) &&
    doc.skus.length === skus.length &&
    doc.skus.every((sku, at) => sku.id === skus[at]!.id)
  );
}

/**
 * Writes the stored product into its document and skus in place (everything holding them sees the change):
 * flags, dates, seals and certificates, ratings, recipe; each sku's name, codes, units, limit and picture.
 */
export function patchDoc(doc: ProductDoc, { row, skus }: ProductWithSkus): void {
  Object.assign(doc, productDoc(row, doc.doc, doc.brand, doc.categoryChain, doc.skus));
  doc.skus.forEach((sku, at) => Object.assign(sku, skuDoc(skus[at]!, sku.slot, row.name)));
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, at) => value === b[at]);
}
