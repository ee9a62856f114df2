import { isPromotionActive } from '@despensa/domain';
import { Failure, type CategoryNode, type Product } from '@despensa/contracts';
import type { Db } from '../../db/client';
import type { CatalogIndex, ProductDoc } from './catalog-index';
import { loadReviews } from './repo';

/** Products one at a time or by skus, their reviews, the category tree and the promotions file. */
export class CatalogProducts {
  constructor(
    private readonly db: Db,
    private readonly indexOf: () => CatalogIndex,
    private readonly view: (product: ProductDoc, salesChannel: number) => Product,
    private readonly clock: () => Date,
  ) {}

  productById(id: string, salesChannel: number): Product {
    const product = this.indexOf().productsById.get(Number(id));
    if (!product || !/^\d+$/.test(id)) throw new Failure('productNotFound');
    return this.view(product, salesChannel);
  }

  productBySlug(slug: string, salesChannel: number): Product {
    const product = this.indexOf().productsBySlug.get(slug);
    if (!product) throw new Failure('productNotFound');
    return this.view(product, salesChannel);
  }

  async reviews(productId: string) {
    const product = this.indexOf().productsById.get(Number(productId));
    if (!product) throw new Failure('productNotFound');
    const rows = await loadReviews(this.db, product.id);
    const histogram: Record<string, number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
    for (const row of rows) histogram[String(row.rating)] = (histogram[String(row.rating)] ?? 0) + 1;
    return {
      productId: String(product.id),
      average: product.ratingAverage,
      count: product.ratingCount,
      histogram,
      reviews: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    };
  }

  /**
   * The products holding these skus, one per product in the skus' order, whether or not the channel sells
   * them (a shopping list names a product it can no longer buy here); with a seller, only those it offers.
   */
  productsOfSkus(skuIds: string[], salesChannel: number, sellerId?: string): Product[] {
    const index = this.indexOf();
    const seen = new Set<number>();
    const products: Product[] = [];
    for (const skuId of skuIds) {
      const entry = index.skusById.get(Number(skuId));
      if (!entry || seen.has(entry.product.id)) continue;
      if (sellerId !== undefined && !index.sellerOffer(entry.sku, salesChannel, sellerId)) continue;
      seen.add(entry.product.id);
      products.push(this.view(entry.product, salesChannel));
    }
    return products;
  }

  /** §5 in stock: some seller offers the sku in the channel with a price and units left. */
  skuInStock(skuId: string, salesChannel: number): boolean {
    const index = this.indexOf();
    const entry = index.skusById.get(Number(skuId));
    if (!entry) return false;
    return index
      .offersFor(entry.sku, salesChannel)
      .some((offer) => offer.listPrice > 0 && offer.availableQuantity > 0);
  }

  /** Specification fields of a category: the general characteristics its products carry, with their values. */
  specificationFields(categoryId: string) {
    const index = this.indexOf();
    const category = index.categories.get(Number(categoryId));
    if (!category) throw new Failure('categoryNotFound');
    const values = new Map<string, Set<string>>();
    for (const doc of category.docs) {
      for (const [name, value] of Object.entries(index.details(index.products[doc]!).specifications)) {
        let set = values.get(name);
        if (!set) values.set(name, (set = new Set()));
        if (set.size < 50) set.add(value);
      }
    }
    return [...values.entries()].map(([name, set], position) => ({
      fieldId: position + 1,
      name,
      values: [...set].sort((a, b) => a.localeCompare(b, 'es')),
    }));
  }

  /** The category tree as the API and the pages show it (CategoryTree.nodes: one per index). */
  categoryTree(): CategoryNode[] {
    return this.indexOf().categoryNodes();
  }

  /** The promotions file: promotions active now in any channel. */
  activePromotions() {
    const now = this.clock();
    return this.indexOf().promotions.filter((promotion) =>
      isPromotionActive(promotion, {
        now,
        salesChannel: promotion.idsSalesChannel[0] ?? 1,
        item: { productId: '', skuId: '', brandId: '', categoryIds: [], collectionIds: [], sellerId: '' },
      }),
    );
  }
}
