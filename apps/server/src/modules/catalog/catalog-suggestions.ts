import { LRUCache } from 'lru-cache';
import {
  AUTOCOMPLETE_MAX_ROWS,
  CHAIN_SELLER_ID,
  SUGGESTED_PRODUCTS_LIMIT,
  isBlankTerm,
  searchRedirect,
} from '@despensa/domain';
import type { Product, SearchSuggestions, autocompleteResponse } from '@despensa/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { CatalogIndex, ProductDoc } from './catalog-index';
import { facetsFromPath } from './listing-path';
import { productImageUrl } from './product-view';
import { loadPopularSearches } from './repo';

type AutocompleteResult = z.infer<typeof autocompleteResponse>;

/** Terms kept per cache of search answers (suggestions, autocomplete). */
const TERM_CACHE_ENTRIES = 5000;

/**
 * The categories and brands the search box offers are the ones most of the best matches sit in, counted
 * over this many of them: what a shopper who has typed two letters is after is among the best, and counting
 * every match (a fifth of a national catalogue) cost more than the whole rest of the answer (issue 33).
 */
export const COUNTED_MATCHES = 1000;

/** What the search box offers as the shopper types: autocomplete, suggestions, popular searches. */
export class CatalogSuggestions {
  /** Per term and channel; the least recently asked go first past the bound, all of it on a rebuild. */
  private readonly suggestionCache = new LRUCache<string, SearchSuggestions>({ max: TERM_CACHE_ENTRIES });
  private readonly autocompleteCache = new LRUCache<string, AutocompleteResult>({ max: TERM_CACHE_ENTRIES });

  constructor(
    private readonly db: Db,
    private readonly indexOf: () => CatalogIndex,
    private readonly view: (product: ProductDoc, salesChannel: number) => Product,
    private readonly clock: () => Date,
  ) {}

  /** The index was replaced: every cached answer may be stale. */
  clear(): void {
    this.suggestionCache.clear();
    this.autocompleteCache.clear();
  }

  /** Autocomplete rows for what the shopper has typed so far; cached per term like the suggestions. */
  autocomplete(term: string, maxRows = AUTOCOMPLETE_MAX_ROWS): AutocompleteResult {
    if (isBlankTerm(term)) return { itemsReturned: [] };
    const rows = Math.min(Math.max(1, maxRows), AUTOCOMPLETE_MAX_ROWS);
    const key = `${rows}|${term.trim().toLowerCase()}`;
    const cached = this.autocompleteCache.get(key);
    if (cached) return cached;
    const result = this.computeAutocomplete(term, rows);
    this.autocompleteCache.set(key, result);
    return result;
  }

  /**
   * Search suggestions: products, brands and categories for a term, cached per term, channel and seller.
   * With a seller other than the chain's (a white-label brand's, §1), only what it sells, at its prices.
   */
  suggestions(term: string, salesChannel: number, sellerId = CHAIN_SELLER_ID): SearchSuggestions {
    if (isBlankTerm(term)) return { products: [], brands: [], categories: [], searches: [], redirect: null };
    const key = `${salesChannel}|${sellerId}|${term.trim().toLowerCase()}`;
    const cached = this.suggestionCache.get(key);
    if (cached) return cached;
    const suggestions = this.computeSuggestions(term, salesChannel, sellerId);
    this.suggestionCache.set(key, suggestions);
    return suggestions;
  }

  async popularSearches(limit = 20) {
    const rows = await loadPopularSearches(this.db, limit);
    return { message: 200 as const, topSearches: rows };
  }

  suggestedProducts(path: string, limit = SUGGESTED_PRODUCTS_LIMIT, salesChannel = 1): Product[] {
    const index = this.indexOf();
    const { facets, text } = facetsFromPath(index, path);
    const result = index.listing({ salesChannel, text, prefix: true, facets, page: 1, pageSize: limit });
    return result.docs.map((product) => this.view(product, salesChannel));
  }

  /**
   * The best products for what the shopper has typed, and the matches to count categories and brands from.
   * With a white-label seller, among what it sells, all its matches counted (a seller's catalogue is small).
   */
  private typed(term: string, salesChannel: number, rows: number, sellerId = CHAIN_SELLER_ID) {
    const index = this.indexOf();
    const ownSeller = sellerId !== CHAIN_SELLER_ID;
    const best = ownSeller
      ? null
      : index.bestTyped(term, salesChannel, { take: rows, counted: COUNTED_MATCHES });
    if (best) return best;
    const listing = index.listing({
      salesChannel,
      text: term,
      prefix: true,
      facets: ownSeller ? [{ key: 'seller', value: sellerId }] : [],
      page: 1,
      pageSize: rows,
    });
    return { docs: listing.docs, counted: listing.matched };
  }

  private computeAutocomplete(term: string, rows: number): AutocompleteResult {
    const index = this.indexOf();
    const completions = index.text.completions(term, 3);
    // The categories come from the same matches as the products: one search per keystroke.
    const products = this.typed(term, 1, rows);
    const categories = index.topLeafCategories(products.counted, 2);
    const itemsReturned = [
      ...completions.map((word) => ({
        name: word,
        href: `/busca?ft=${encodeURIComponent(word)}`,
        criteria: null,
        thumb: '',
        items: [],
      })),
      ...categories.map((category) => ({
        name: `${term} en ${category.name}`,
        href: `${category.path}?ft=${encodeURIComponent(term)}`,
        criteria: category.name,
        thumb: '',
        items: [],
      })),
      ...products.docs.map((product) => {
        const sku = product.skus[0];
        const imageUrl = sku ? productImageUrl(sku) : '';
        return {
          name: product.name,
          href: `/${product.slug}/p`,
          criteria: null,
          thumb: imageUrl,
          items: sku
            ? [{ productId: String(product.id), itemId: String(sku.id), name: product.name, imageUrl }]
            : [],
        };
      }),
    ];
    return { itemsReturned: itemsReturned.slice(0, rows) };
  }

  private computeSuggestions(term: string, salesChannel: number, sellerId: string): SearchSuggestions {
    const index = this.indexOf();
    const ownSeller = sellerId !== CHAIN_SELLER_ID;
    const result = this.typed(term, salesChannel, 6, sellerId);
    const now = this.clock();
    // The card's price (promotions for one unit included), as the listing and the cart charge it.
    const priced = (product: ProductDoc) => {
      if (!ownSeller) {
        const offer = index.bestOffer(product, salesChannel);
        return { price: index.shownPrice(product, salesChannel), listPrice: offer?.listPrice ?? 0 };
      }
      for (const sku of product.skus) {
        const offer = index.sellerOffer(sku, salesChannel, sellerId);
        if (offer) {
          const price = index.offerUnitPrice(product, sku, offer, salesChannel, now);
          return { price, listPrice: offer.listPrice };
        }
      }
      return { price: 0, listPrice: 0 };
    };
    return {
      products: result.docs.map((product) => {
        const sku = product.skus[0];
        return {
          productId: String(product.id),
          productName: product.name,
          link: `/${product.slug}/p`,
          imageUrl: sku ? productImageUrl(sku) : '',
          ...priced(product),
        };
      }),
      brands: this.topBrands(index, result.counted, term),
      categories: index.topLeafCategories(result.counted, 4).map((category) => ({
        name: category.name,
        link: category.path,
        path: category.path,
      })),
      searches: index.text.completions(term, 5),
      redirect: searchRedirect(term),
    };
  }

  /** The four brands most of the matches carry, each linking to the term's search within it. */
  private topBrands(index: CatalogIndex, matched: ArrayLike<number>, term: string) {
    const brandCounts = new Map<number, number>();
    for (let i = 0; i < matched.length; i++) {
      const brandId = index.products[matched[i]!]!.brandId;
      brandCounts.set(brandId, (brandCounts.get(brandId) ?? 0) + 1);
    }
    return [...brandCounts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([id]) => index.brands.get(id)!)
      .map((brand) => ({
        name: brand.name,
        slug: brand.slug,
        link: `/busca?ft=${encodeURIComponent(term.trim())}&b=${brand.slug}`,
      }));
  }
}
