import { CategoryTree } from './category-tree';
import { productDoc, skuDoc } from './compact-docs';
import { DocLookup, hashId, hashText } from './doc-tables';
import type { ProductDoc, SkuDoc, SkuEntry } from './index-types';
import type { CategoryRow, ProductWithSkus } from './repo';
import { SkuTexts } from './sku-texts';
import { TextIndex, type IndexedField } from './text-index';

type Brand = { id: number; name: string; slug: string };

/**
 * The index's documents, built as the product rows stream in (repo's productBatches): each batch's rows
 * become documents and are garbage before the next arrives, so a national chain's half a million rows are
 * never held at once (they outlived young collections and grew the heap by hundreds of megabytes).
 * CatalogIndex takes the finished documents.
 */
export class CatalogDocs {
  readonly tree: CategoryTree;
  readonly brands = new Map<number, Brand>();
  readonly brandsBySlug = new Map<string, Brand>();
  readonly products: ProductDoc[] = [];
  /** Each sku by its offer slot, and its product's document number. */
  private readonly skuAt: SkuDoc[] = [];
  private readonly productAt: number[] = [];
  private readonly productOf = (doc: number) => this.products[doc]!;
  readonly productsById = new DocLookup(this.productOf, (doc) => this.productOf(doc).id, hashId);
  readonly productsBySlug = new DocLookup(this.productOf, (doc) => this.productOf(doc).slug, hashText);
  readonly skusById = new DocLookup<number, SkuEntry>(
    (slot) => ({ sku: this.skuAt[slot]!, product: this.productOf(this.productAt[slot]!) }),
    (slot) => this.skuAt[slot]!.id,
    hashId,
  );
  /** Each sku's codes and picture, by slot (the skus read them from it). */
  readonly skuTexts = new SkuTexts();
  /** Filled as products come; CatalogIndex freezes it in its best-seller order. */
  readonly text = new TextIndex();

  constructor(categories: CategoryRow[], brands: Brand[]) {
    this.tree = new CategoryTree(categories);
    for (const row of brands) {
      this.brands.set(row.id, row);
      this.brandsBySlug.set(row.slug, row);
    }
  }

  /** Adds the products as documents, with their skus and text. */
  add(batch: readonly ProductWithSkus[]): void {
    for (const { row, skus } of batch) {
      const brand = this.brands.get(row.brandId) ?? { id: row.brandId, name: '', slug: '' };
      const categoryChain = this.tree.chainOf(row.categoryId);
      // Each sku takes the next offer slot, its place among the skus.
      const skuDocs = skus.map((sku, at) => skuDoc(sku, this.skuAt.length + at, row.name, this.skuTexts));
      const doc = productDoc(row, this.products.length, brand, categoryChain, skuDocs);
      this.products.push(doc);
      this.productsById.add(doc.doc);
      this.productsBySlug.add(doc.doc);
      for (const sku of doc.skus) {
        this.skuAt.push(sku);
        this.productAt.push(doc.doc);
        this.skusById.add(sku.slot);
      }
      this.tree.addDoc(categoryChain, doc.doc);
      this.text.add(doc.doc, searchedText(doc));
    }
  }
}

/** What search reads of a product, each with its weight: its name, its brand's and its categories'. */
export function searchedText({ name, brand, categoryChain }: ProductDoc): IndexedField[] {
  const [top, sub, leaf] = categoryChain;
  return [
    { text: name, weight: 3 },
    { text: brand.name, weight: 2 },
    { text: leaf?.name ?? '', weight: 2 },
    { text: sub?.name ?? '', weight: 1.5 },
    { text: top?.name ?? '', weight: 1 },
  ];
}
