import { FREQUENT_PRODUCTS_DEFAULT, SPONSORED_LIMIT } from '@despensa/domain';
import { Failure, type Product, type SelectedFacet } from '@despensa/contracts';
import type { CatalogIndex, ProductDoc } from './catalog-index';
import { facetsFromPath } from './listing-path';

/**
 * A search's sponsored product scores at least this share of its best match: one that names what was
 * searched does; one that only shares an aisle's name with it (a hummus in 'Fiambrería y Quesos') does not.
 */
const SPONSORED_MIN_RELEVANCE = 0.5;

/** The catalogue's shelves outside search: recommended, frequent and sponsored products, sales rankings. */
export class CatalogListing {
  constructor(
    private readonly indexOf: () => CatalogIndex,
    private readonly view: (product: ProductDoc, salesChannel: number) => Product,
  ) {}

  recommended(options: {
    salesChannel: number;
    numResults: number;
    itemId?: string;
    campaign?: string;
    filter?: string;
  }) {
    const index = this.indexOf();
    let pool: ProductDoc[];
    let priority: (product: ProductDoc) => number = () => 0;
    const source = options.itemId
      ? (index.skusById.get(Number(options.itemId))?.product ??
        index.productsById.get(Number(options.itemId)))
      : undefined;
    if (source) {
      // Same leaf category first, then the same subcategory: what a shopper would compare.
      const leaf = source.categoryChain[2] ?? source.categoryChain[source.categoryChain.length - 1];
      const sub = source.categoryChain[1];
      pool = [...(leaf?.docs ?? []), ...(sub?.docs ?? [])]
        .map((doc) => index.products[doc]!)
        .filter((p) => p.id !== source.id);
      priority = (product) => (leaf && product.categoryChain.includes(leaf) ? 0 : 1);
    } else if (options.campaign) {
      pool = index.products.filter((p) => p.collectionIds.includes(Number(options.campaign)));
    } else {
      pool = index.products;
    }
    if (options.filter) {
      const category = index.categoryByUrlPath(options.filter.split('/').filter(Boolean));
      if (category) pool = pool.filter((p) => p.categoryChain.includes(category));
    }
    return this.topSelling([...new Set(pool)], options.salesChannel, options.numResults, priority);
  }

  /**
   * §7 frequent products: with `boughtSkus` (a shopper's, most bought first) their products in that order,
   * one per product and only those sold in the channel; without, the shop's best sellers.
   */
  frequent(salesChannel: number, qty = FREQUENT_PRODUCTS_DEFAULT, boughtSkus?: string[]): Product[] {
    const index = this.indexOf();
    if (!boughtSkus) return this.topSelling(index.products, salesChannel, qty);
    const seen = new Set<number>();
    const products: Product[] = [];
    for (const skuId of boughtSkus) {
      if (products.length >= qty) break;
      const entry = index.skusById.get(Number(skuId));
      if (!entry || seen.has(entry.product.id) || index.offersFor(entry.sku, salesChannel).length === 0)
        continue;
      seen.add(entry.product.id);
      products.push(this.view(entry.product, salesChannel));
    }
    return products;
  }

  /**
   * Sponsored products (§7, at most 5). With a listing, only those the listing itself would show, so a
   * category page never advertises another aisle's products; with a search, only those about as relevant
   * as its best match, the most relevant first (a mortadela shares the cheeses' aisle, not 'queso').
   */
  sponsored(
    salesChannel: number,
    listing?: { path: string; selectedFacets: SelectedFacet[]; query?: string | undefined },
  ): Product[] {
    const index = this.indexOf();
    if (!listing)
      return this.topSelling(
        index.products.filter((p) => p.sponsored),
        salesChannel,
        SPONSORED_LIMIT,
      );
    const { facets, text } = facetsFromPath(index, listing.path);
    const { matched, scores } = index.listing({
      salesChannel,
      text: [text, listing.query].filter(Boolean).join(' '),
      facets: [...facets, ...listing.selectedFacets],
      page: 1,
      pageSize: 0,
    });
    let pool: ProductDoc[] = [];
    for (const doc of matched) if (index.products[doc]!.sponsored) pool.push(index.products[doc]!);
    if (!scores) return this.topSelling(pool, salesChannel, SPONSORED_LIMIT);
    let best = 0;
    for (const doc of matched) best = Math.max(best, scores[doc]!);
    pool = pool.filter((p) => scores[p.doc]! >= best * SPONSORED_MIN_RELEVANCE);
    return this.topSelling(pool, salesChannel, SPONSORED_LIMIT, (p) => -scores[p.doc]!);
  }

  ranking(skuIds: string[]) {
    const index = this.indexOf();
    return skuIds.flatMap((skuId) => {
      const entry = index.skusById.get(Number(skuId));
      if (!entry) return [];
      return [
        {
          skuId,
          productId: String(entry.product.id),
          rank: index.salesRank[entry.product.doc]! + 1,
          sales: entry.product.sales,
        },
      ];
    });
  }

  collectionRanking(collectionId: string) {
    const index = this.indexOf();
    const id = Number(collectionId);
    if (!index.collections.has(id)) throw new Failure('collectionNotFound');
    const members = index.products
      .filter((p) => p.collectionIds.includes(id))
      .sort((a, b) => index.salesRank[a.doc]! - index.salesRank[b.doc]!);
    return members.flatMap((product, position) =>
      product.skus.map((sku) => ({
        skuId: String(sku.id),
        productId: String(product.id),
        rank: position + 1,
        sales: product.sales,
      })),
    );
  }

  /** Best sellers of a pool, the lower priority group first. */
  private topSelling(
    pool: ProductDoc[],
    salesChannel: number,
    limit: number,
    priority: (product: ProductDoc) => number = () => 0,
  ): Product[] {
    const index = this.indexOf();
    return pool
      .filter((product) => index.isSold(product, salesChannel))
      .sort((a, b) => priority(a) - priority(b) || index.salesRank[a.doc]! - index.salesRank[b.doc]!)
      .slice(0, Math.max(0, limit))
      .map((product) => this.view(product, salesChannel));
  }
}
