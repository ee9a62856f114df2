import { CategoryTree } from './category-tree';
import { productDoc, skuDoc } from './compact-docs';
import type { ProductDoc, SkuDoc } from './index-types';
import type { CategoryRow, ProductWithSkus } from './repo';
import { TextIndex } from './text-index';

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
  readonly productsById = new Map<number, ProductDoc>();
  readonly productsBySlug = new Map<string, ProductDoc>();
  readonly skusById = new Map<number, { sku: SkuDoc; product: ProductDoc }>();
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
      // Each sku takes the next offer slot: one per sku known so far.
      const skuDocs = skus.map((sku, at) => skuDoc(sku, this.skusById.size + at, row.name));
      const doc = productDoc(row, this.products.length, brand, categoryChain, skuDocs);
      this.products.push(doc);
      this.productsById.set(doc.id, doc);
      this.productsBySlug.set(doc.slug, doc);
      for (const sku of doc.skus) this.skusById.set(sku.id, { sku, product: doc });
      for (const category of categoryChain) category.docs.push(doc.doc);
      const [top, sub, leaf] = categoryChain;
      this.text.add(doc.doc, [
        { text: doc.name, weight: 3 },
        { text: brand.name, weight: 2 },
        { text: leaf?.name ?? '', weight: 2 },
        { text: sub?.name ?? '', weight: 1.5 },
        { text: top?.name ?? '', weight: 1 },
      ]);
    }
  }
}
