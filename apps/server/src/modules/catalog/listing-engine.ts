import { FILTER_FACET_KEYS, type OrderBy, type SelectedFacet } from '@despensa/contracts';
import type { ChannelViews } from './channel-views';
import { compileFilters, facetValuesOf, type FacetContext } from './facet-filters';
import type { Lookup } from './doc-tables';
import { NameOrder } from './name-order';
import {
  CARD_IN_STOCK,
  type CategoryDoc,
  type ChannelView,
  type FacetCount,
  type ListingQuery,
  type ListingResult,
  type ProductDoc,
  type SkuEntry,
} from './index-types';
import type { OfferTable } from './offer-table';
import { searchedNow, type ShelvedBefore } from './product-patch';
import { withoutSortedDoc, withSortedDoc } from './sorted-docs';
import type { TextIndex } from './text-index';

const NO_DOCS = new Int32Array(0);

/** The lists a product is in: its aisle's slug at each level ('1:lacteos') and its collections ('c:12'). */
function facetKeysOf(chain: readonly CategoryDoc[], collectionIds: readonly number[]): string[] {
  return [
    ...chain.map((category, level) => `${level + 1}:${category.slug}`),
    ...collectionIds.map((id) => `c:${id}`),
  ];
}

/** What a listing reads of the index it belongs to. */
export interface ListedCatalog {
  products: readonly ProductDoc[];
  skusById: Lookup<number, SkuEntry>;
  sellers: ReadonlyMap<string, { name: string }>;
  text: TextIndex;
  views: ChannelViews;
  offers: OfferTable;
  /** Each document's place among the best sellers (CatalogIndex.salesRank). */
  salesRank: Int32Array;
}

/**
 * Listings and facet counts over the index's documents: text or category candidates, facet filters,
 * the asked order and a page. Sorting reads the columns worked out here once per index.
 */
export class ListingEngine {
  private readonly allDocs: Int32Array;
  /** The documents in Spanish alphabetical order of names (a renamed product moves in it: renamed()). */
  private readonly names: NameOrder;
  /**
   * Documents under each category slug per level ('1:lacteos') and in each collection ('c:12'), in
   * document order: a category page or a home shelf scans these, not the whole catalogue. Typed: half the
   * memory of number lists, and off the heap the collector walks.
   */
  private readonly docsByFacet = new Map<string, Int32Array>();
  /** Where a listing gathers its matches before keeping exactly as many (one per document at most). */
  private readonly matching: Int32Array;

  constructor(private readonly catalog: ListedCatalog) {
    const { products } = catalog;
    this.allDocs = Int32Array.from(products, (product) => product.doc);
    this.names = new NameOrder(products);
    this.matching = new Int32Array(products.length);
    const adding = new Map<string, number[]>();
    const add = (key: string, doc: number) => {
      const docs = adding.get(key);
      if (docs) docs.push(doc);
      else adding.set(key, [doc]);
    };
    for (const product of products)
      for (const key of facetKeysOf(product.categoryChain, product.collectionIds)) add(key, product.doc);
    for (const [key, docs] of adding) this.docsByFacet.set(key, Int32Array.from(docs));
  }

  /**
   * The product changed in place (CatalogIndex.patchProducts): search reads its new name, brand and aisle
   * instead of what it read before, it moves in the name order, and out of the aisles and collections it
   * left into those it joined.
   */
  changed(product: ProductDoc, before: ShelvedBefore): void {
    const searched = searchedNow(product, before);
    if (searched) this.catalog.text.reindex(product.doc, before.searched, searched);
    if (product.name !== before.searched[0]!.text) this.names.renamed(product.doc);
    const left = new Set(facetKeysOf(before.categoryChain, before.collectionIds));
    const joined = new Set(facetKeysOf(product.categoryChain, product.collectionIds));
    for (const key of left)
      if (!joined.has(key)) this.reshelve(key, (docs) => withoutSortedDoc(docs, product.doc));
    for (const key of joined)
      if (!left.has(key)) this.reshelve(key, (docs) => withSortedDoc(docs, product.doc));
  }

  private reshelve(key: string, change: (docs: Int32Array) => Int32Array): void {
    const docs = change(this.docsByFacet.get(key) ?? NO_DOCS);
    if (docs.length > 0) this.docsByFacet.set(key, docs);
    else this.docsByFacet.delete(key);
  }

  listing(query: ListingQuery): ListingResult {
    const view = this.catalog.views.of(query.salesChannel);
    const text = [query.text, ...query.facets.filter((f) => f.key === 'ft').map((f) => f.value)]
      .filter((value): value is string => Boolean(value && value.trim()))
      .join(' ');
    if (!view) return { total: 0, docs: [], misspelled: false, matched: new Int32Array(0), scores: null };
    let scores: Float64Array | null = null;
    let misspelled = false;
    let candidates: ArrayLike<number>;
    if (text) {
      const match = this.catalog.text.search(text, { prefix: query.prefix ?? false });
      scores = match.scores;
      misspelled = match.corrected;
      candidates = match.docs;
    } else {
      candidates = this.facetCandidates(query.facets) ?? this.allDocs;
    }
    const passes = compileFilters(query.facets, this.facetContext(view, query.salesChannel));
    const { matching } = this;
    let count = 0;
    for (let i = 0; i < candidates.length; i++)
      if (passes(candidates[i]!)) matching[count++] = candidates[i]!;
    const matched = matching.slice(0, count);
    const orderBy = query.orderBy ?? (scores ? 'OrderByScoreDESC' : 'OrderByTopSaleDESC');
    const start = (query.page - 1) * query.pageSize;
    const base = this.comparator(orderBy, view, scores);
    const compare =
      query.preferredSkus?.length && !query.orderBy ? this.preferredFirst(query.preferredSkus, base) : base;
    const top = topK(matched, start + query.pageSize, compare);
    return {
      total: matched.length,
      docs: top.slice(start).map((doc) => this.catalog.products[doc]!),
      misspelled,
      matched,
      scores,
    };
  }

  /**
   * What the search box shows as the shopper types one word: the `take` best products in the listing's
   * order (in stock first, then score, sales and id, as `listing` ranks them), and the first `counted`
   * documents sold in the channel, best first, to count categories and brands from. It reads the best
   * matches only, not all of them (a two-letter prefix matches a fifth of a national catalogue). Null when
   * the text is more than one word: `listing` answers those.
   */
  bestTyped(
    text: string,
    salesChannel: number,
    { take, counted }: { take: number; counted: number },
  ): { docs: ProductDoc[]; counted: number[] } | null {
    const view = this.catalog.views.of(salesChannel);
    if (!view) return { docs: [], counted: [] };
    const sold = compileFilters([], this.facetContext(view, salesChannel));
    const inStock: number[] = [];
    const outOfStock: number[] = [];
    const seen: number[] = [];
    const visited = this.catalog.text.visitBest(text, { prefix: true }, (doc) => {
      if (!sold(doc)) return true;
      if (seen.length < counted) seen.push(doc);
      if (view.card[doc]! & CARD_IN_STOCK) {
        if (inStock.length < take) inStock.push(doc);
      } else if (outOfStock.length < take) outOfStock.push(doc);
      return seen.length < counted || inStock.length < take;
    });
    if (!visited) return null;
    const docs = [...inStock, ...outOfStock].slice(0, take).map((doc) => this.catalog.products[doc]!);
    return { docs, counted: seen };
  }

  /**
   * Counts per facet value. Each group but the categories is counted with every other group's selection
   * applied but not its own, so a shopper can widen a selection (disjunctive facets).
   */
  facetCounts(query: Omit<ListingQuery, 'page' | 'pageSize' | 'orderBy'>): {
    counts: FacetCount[];
    total: number;
  } {
    const view = this.catalog.views.of(query.salesChannel);
    if (!view) return { counts: [], total: 0 };
    // Categories narrow the base (a category page counts its own subcategories, not its siblings');
    // every other group is disjunctive.
    const narrowsBase = (facet: SelectedFacet) => facet.key === 'ft' || facet.key.startsWith('category-');
    const base = this.listing({ ...query, facets: query.facets.filter(narrowsBase), page: 1, pageSize: 0 });
    const selected = query.facets.filter((facet) => !narrowsBase(facet));
    const context = this.facetContext(view, query.salesChannel);
    // The base's documents are all sold here: the groups' tests are enough.
    const all = compileFilters(selected, context, { sold: false });
    const { matched } = base;
    let total = 0;
    for (let i = 0; i < matched.length; i++) if (all(matched[i]!)) total++;
    const counts: FacetCount[] = [];
    for (const key of FILTER_FACET_KEYS) {
      const others = compileFilters(
        selected.filter((facet) => facet.key !== key),
        context,
        { sold: false },
      );
      const tally = new Map<string, { name: string; quantity: number }>();
      for (let i = 0; i < matched.length; i++) {
        const doc = matched[i]!;
        if (!others(doc)) continue;
        for (const [value, name] of facetValuesOf(this.catalog.products[doc]!, key, context)) {
          const entry = tally.get(value);
          if (entry) entry.quantity++;
          else tally.set(value, { name, quantity: 1 });
        }
      }
      for (const [value, { name, quantity }] of tally) counts.push({ key, value, name, quantity });
    }
    return { counts, total };
  }

  private facetContext(view: ChannelView, salesChannel: number): FacetContext {
    const { products, offers, sellers } = this.catalog;
    return {
      products,
      view,
      offersOf: (sku) => offers.offersAt(sku.slot, salesChannel),
      sellerName: (id) => sellers.get(id)?.name ?? id,
    };
  }

  /**
   * The documents of the narrowest single category or collection the facets name (the filters still test
   * every one), so a category page walks its own aisle and a home shelf its collection instead of the whole
   * catalogue; undefined when none narrows.
   */
  private facetCandidates(facets: SelectedFacet[]): Int32Array | undefined {
    let candidates: Int32Array | undefined;
    const narrow = (key: string, keyOf: (value: string) => string) => {
      const values = facets.filter((facet) => facet.key === key);
      if (values.length !== 1) return;
      const docs = this.docsByFacet.get(keyOf(values[0]!.value)) ?? NO_DOCS;
      if (!candidates || docs.length < candidates.length) candidates = docs;
    };
    for (const level of ['category-1', 'category-2', 'category-3'] as const)
      narrow(level, (slug) => `${level.slice(-1)}:${slug}`);
    narrow('productClusterIds', (id) => `c:${id}`);
    return candidates;
  }

  /** The products of `skus` first, in that order, then `base`'s order (the clustered ranking). */
  private preferredFirst(
    skus: readonly string[],
    base: (a: number, b: number) => number,
  ): (a: number, b: number) => number {
    const rank = new Map<ProductDoc, number>();
    for (const sku of skus) {
      const product = this.catalog.skusById.get(Number(sku))?.product;
      if (product && !rank.has(product)) rank.set(product, rank.size);
    }
    const p = this.catalog.products;
    const rankOf = (doc: number) => rank.get(p[doc]!) ?? Infinity;
    return (a, b) => {
      const ra = rankOf(a);
      const rb = rankOf(b);
      return ra === rb ? base(a, b) : ra < rb ? -1 : 1;
    };
  }

  /** Out-of-stock products go last whatever the order; ties fall back to the product id for stable pages. */
  private comparator(
    orderBy: OrderBy,
    view: ChannelView,
    scores: Float64Array | null,
  ): (a: number, b: number) => number {
    const p = this.catalog.products;
    // A column, not the documents' fields: loops over tens of thousands of matches read it.
    const rank = this.catalog.salesRank;
    const names = this.names.rank;
    const byOrder: Record<OrderBy, (a: number, b: number) => number> = {
      OrderByScoreDESC: (a, b) => (scores ? scores[b]! - scores[a]! : 0) || rank[a]! - rank[b]!,
      OrderByPriceASC: (a, b) => view.price[a]! - view.price[b]!,
      OrderByPriceDESC: (a, b) => view.price[b]! - view.price[a]!,
      OrderByTopSaleDESC: (a, b) => rank[a]! - rank[b]!,
      OrderByReviewRateDESC: (a, b) =>
        p[b]!.ratingAverage - p[a]!.ratingAverage || p[b]!.ratingCount - p[a]!.ratingCount,
      OrderByNameASC: (a, b) => names[a]! - names[b]!,
      OrderByNameDESC: (a, b) => names[b]! - names[a]!,
      OrderByReleaseDateDESC: (a, b) => p[b]!.releaseDate.getTime() - p[a]!.releaseDate.getTime(),
      OrderByBestDiscountDESC: (a, b) => view.discount[b]! - view.discount[a]!,
    };
    const order = byOrder[orderBy];
    return (a, b) =>
      (view.card[b]! & CARD_IN_STOCK) - (view.card[a]! & CARD_IN_STOCK) || order(a, b) || p[a]!.id - p[b]!.id;
  }
}

/**
 * The first k items in order, without sorting everything: a page of 40 out of 50,000 matches keeps a
 * small sorted buffer instead of sorting the whole list.
 */
export function topK<T>(items: ArrayLike<T> & Iterable<T>, k: number, compare: (a: T, b: T) => number): T[] {
  if (k <= 0) return [];
  if (items.length <= k * 4) return Array.from(items).sort(compare).slice(0, k);
  const best: T[] = [];
  for (const item of items) {
    if (best.length === k && compare(item, best[k - 1]!) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(best[mid]!, item) <= 0) low = mid + 1;
      else high = mid;
    }
    best.splice(low, 0, item);
    if (best.length > k) best.pop();
  }
  return best;
}
