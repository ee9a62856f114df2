import { LRUCache } from 'lru-cache';
import {
  AUTOCOMPLETE_MAX_ROWS,
  CHAIN_SELLER_ID,
  FREQUENT_PRODUCTS_DEFAULT,
  SPONSORED_LIMIT,
  SUGGESTED_PRODUCTS_LIMIT,
  isBlankTerm,
  isPromotionActive,
  searchRedirect,
} from '@despensa/domain';
import { Failure, product as productSchema } from '@despensa/contracts';
import type { z } from 'zod';
import type {
  CategoryNode,
  FacetKey,
  FacetsResponse,
  OrderBy,
  Product,
  SearchResponse,
  SearchSuggestions,
  SelectedFacet,
  autocompleteResponse,
} from '@despensa/contracts';
import type { Database, Db, Tx } from '../../db/client';
import {
  changeSold,
  channelOfHolder,
  demandOf,
  readOffers,
  releaseExpired,
  releaseHeld,
  returnSold,
  sellHeld,
  takeStock,
  type StockLine,
} from './stock';
import { CatalogIndex, type CategoryDoc, type ProductDoc } from './catalog-index';
import { productImageUrl, productView } from './product-view';
import { loadCatalogRows, loadPopularSearches, loadReviews } from './repo';

/**
 * The catalogue's read interface for other modules: the index `CatalogService.index` answers (its
 * documents and offers), and how a sku is named and pictured wherever it is shown (the cart's lines).
 * Other modules import these from here, never from the files that define them (.dependency-cruiser.cjs).
 */
export type { CatalogIndex, Offer, ProductDoc, SkuDoc } from './catalog-index';
export { productImageUrl, skuDisplayName } from './product-view';

type AutocompleteResult = z.infer<typeof autocompleteResponse>;

export interface ListingPage {
  products: Product[];
  total: number;
  from: number;
  to: number;
  redirect: string | null;
  misspelled: boolean;
}

const FACET_NAMES: Record<FacetKey, string> = {
  'category-1': 'Categoría',
  'category-2': 'Subcategoría',
  'category-3': 'Tipo de producto',
  brand: 'Marca',
  price: 'Precio',
  certificate: 'Certificaciones',
  seal: 'Sellos',
  offer: 'Ofertas',
  productClusterIds: 'Colección',
  seller: 'Vendido por',
  ft: 'Búsqueda',
  'trade-policy': 'Canal de venta',
};

/** Terms kept per cache of search answers (suggestions, autocomplete). */
const TERM_CACHE_ENTRIES = 5000;

/**
 * Catalogue, search and ranking. Reads come from an in-memory CatalogIndex built from PostgreSQL;
 * every instance LISTENs for catalog_changed (a trigger fires it on any write) and rebuilds.
 */
export class CatalogService {
  private current: CatalogIndex | null = null;
  private rebuilding: Promise<void> | null = null;
  private rebuildQueued = false;
  private listener: { end(): Promise<void> } | null = null;
  /** Per term and channel; the least recently asked go first past the bound, all of it on a rebuild. */
  private readonly suggestionCache = new LRUCache<string, SearchSuggestions>({ max: TERM_CACHE_ENTRIES });

  constructor(
    private readonly database: Database,
    private readonly clock: () => Date = () => new Date(),
    private readonly log: (message: string) => void = () => {},
  ) {}

  get index(): CatalogIndex {
    if (!this.current) throw new Error('catalogue index not built yet');
    return this.current;
  }

  /** Offers of these skus in a channel as stored now, in `tx` (checkout prices from here, not the index). */
  offersInDatabase(skuIds: number[], salesChannel: number, tx: Db | Tx) {
    return readOffers(tx, skuIds, salesChannel);
  }

  /**
   * Holds a cart's units for `holder` (an order group) until `expiresAt`, taking them off the offers'
   * stock, in `tx`. Fails `outOfStock` naming the skus short of units (the caller's transaction rolls back).
   */
  async holdStock(holder: string, lines: StockLine[], expiresAt: Date, tx: Tx): Promise<void> {
    const short = await takeStock(tx, holder, lines, expiresAt);
    if (short.length > 0) {
      throw new Failure('outOfStock', {
        message: `Algunos productos ya no tienen stock suficiente: ${short.join(', ')}`,
        field: 'items',
      });
    }
  }

  /** The holder's units are sold (stay off the stock for good); false if its holds were given back. */
  sellHeldStock(holder: string, tx: Tx): Promise<boolean> {
    return sellHeld(tx, holder);
  }

  /** Gives the holder's unsold units back to the stock. */
  async releaseHeldStock(holder: string, tx: Tx): Promise<void> {
    await releaseHeld(tx, holder);
  }

  /** A canceled order: the units the holder sold for this seller go back to the stock, in `tx`. */
  async returnSoldStock(holder: string, sellerId: string, tx: Tx): Promise<void> {
    await returnSold(tx, holder, sellerId);
  }

  /** The channel a holder's units came from (an order's prices and stock live there). */
  channelOfSold(holder: string, tx: Db | Tx): Promise<number | null> {
    return channelOfHolder(tx, holder);
  }

  /**
   * An edited order: sold units of each offer grow or shrink by the line's quantity (negative gives
   * back), in `tx`. Fails `outOfStock` naming the skus short of units.
   */
  async changeSoldStock(holder: string, lines: StockLine[], tx: Tx): Promise<void> {
    const short: number[] = [];
    for (const line of demandOf(lines)) if (!(await changeSold(tx, holder, line))) short.push(line.skuId);
    if (short.length > 0) {
      throw new Failure('outOfStock', {
        message: `Algunos productos ya no tienen stock suficiente: ${short.join(', ')}`,
        field: 'items',
      });
    }
  }

  /** The sweep: gives back the units of holds past their time (STOCK_HOLD_MS); answers how many holds. */
  releaseExpiredStockHolds(now: Date): Promise<number> {
    return this.database.db.transaction((tx) => releaseExpired(tx, now));
  }

  async start(): Promise<void> {
    await this.rebuild();
    const client = await this.database.pool.connect();
    client.on('notification', (message) => {
      if (message.channel === 'stock_changed') this.stockChanged(message.payload);
      else this.scheduleRebuild();
    });
    client.on('error', (error) => this.log(`catalogue listener lost its connection: ${error.message}`));
    await client.query('LISTEN catalog_changed');
    await client.query('LISTEN stock_changed');
    this.listener = {
      end: async () => {
        await client.query('UNLISTEN *').catch(() => {});
        client.release();
      },
    };
  }

  async stop(): Promise<void> {
    await this.listener?.end();
    this.listener = null;
    await this.rebuilding;
  }

  /** Rebuilds now; concurrent requests share one rebuild and one more runs if writes came in meanwhile. */
  async rebuild(): Promise<void> {
    if (this.rebuilding) {
      this.rebuildQueued = true;
      return this.rebuilding;
    }
    this.rebuilding = (async () => {
      do {
        this.rebuildQueued = false;
        const started = performance.now();
        const next = new CatalogIndex(await loadCatalogRows(this.database), this.clock);
        this.current = next;
        this.suggestionCache.clear();
        this.autocompleteCache.clear();
        for (const watcher of this.watchers) watcher(null);
        this.log(
          `catalogue index: ${next.products.length} products in ${Math.round(performance.now() - started)} ms`,
        );
      } while (this.rebuildQueued);
    })().finally(() => {
      this.rebuilding = null;
    });
    return this.rebuilding;
  }

  /**
   * An offer's stock changed (migration 0014's row trigger says which and to what): every order moves
   * stock, so the index is patched in place instead of rebuilt. A rebuild under way may have read the row
   * before the change: it runs once more.
   */
  private stockChanged(payload: string | undefined): void {
    let offer: unknown;
    try {
      offer = JSON.parse(payload ?? '');
    } catch {
      offer = null;
    }
    const [skuId, salesChannel, sellerId, quantity] = Array.isArray(offer) ? offer : [];
    const before =
      typeof skuId === 'number' &&
      typeof salesChannel === 'number' &&
      typeof sellerId === 'string' &&
      typeof quantity === 'number'
        ? this.index.setStock(skuId, salesChannel, sellerId, quantity)
        : null;
    if (before === null || this.rebuilding) return this.scheduleRebuild();
    // The product as rendered before the change must not be served again.
    const product = this.index.skusById.get(skuId)?.product;
    if (product) this.rendered.delete(`${product.doc}|${salesChannel}`);
    if (before > 0 !== quantity > 0) for (const watcher of this.watchers) watcher({ salesChannel });
  }

  private readonly watchers: ((change: { salesChannel: number } | null) => void)[] = [];

  /**
   * Told once the index is rebuilt (null: anything may have changed) and when an offer runs out or comes
   * back in one channel (its stock state, which pages show); quantities alone do not tell.
   */
  onChange(watcher: (change: { salesChannel: number } | null) => void): void {
    this.watchers.push(watcher);
  }

  private rebuildTimer: NodeJS.Timeout | null = null;
  private scheduleRebuild(): void {
    // A seed or a bulk update fires many notifications; rebuild once they settle.
    if (this.rebuildTimer) clearTimeout(this.rebuildTimer);
    this.rebuildTimer = setTimeout(() => {
      this.rebuildTimer = null;
      this.rebuild().catch((error: unknown) => this.log(`catalogue rebuild failed: ${String(error)}`));
    }, 200);
    this.rebuildTimer.unref();
  }

  productById(id: string, salesChannel: number): Product {
    const product = this.index.productsById.get(Number(id));
    if (!product || !/^\d+$/.test(id)) throw new Failure('productNotFound');
    return this.view(product, salesChannel);
  }

  productBySlug(slug: string, salesChannel: number): Product {
    const product = this.index.productsBySlug.get(slug);
    if (!product) throw new Failure('productNotFound');
    return this.view(product, salesChannel);
  }

  async reviews(productId: string) {
    const product = this.index.productsById.get(Number(productId));
    if (!product) throw new Failure('productNotFound');
    const rows = await loadReviews(this.database.db, product.id);
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

  /** The legacy list-by-URL search: path segments are categories, or else a search term. */
  listByPath(
    path: string,
    options: {
      ft?: string;
      page: number;
      pageSize: number;
      salesChannel: number;
      orderBy?: OrderBy;
      brands?: string[];
    },
  ): ListingPage {
    const { facets, text } = this.facetsFromPath(path);
    const term = [text, options.ft].filter(Boolean).join(' ');
    const redirect = term ? searchRedirect(term) : null;
    for (const brand of options.brands ?? []) facets.push({ key: 'brand', value: brand });
    const result = this.index.listing({
      salesChannel: options.salesChannel,
      text: term,
      facets,
      ...(options.orderBy ? { orderBy: options.orderBy } : {}),
      page: options.page,
      pageSize: options.pageSize,
    });
    const from = (options.page - 1) * options.pageSize;
    return {
      products: result.docs.map((product) => this.view(product, options.salesChannel)),
      total: result.total,
      from,
      to: Math.max(from, from + result.docs.length - 1),
      redirect,
      misspelled: result.misspelled,
    };
  }

  search(
    path: string,
    body: { selectedFacets: SelectedFacet[]; orderBy?: OrderBy | undefined; query?: string | undefined },
    options: { page: number; pageSize: number; salesChannel: number },
  ): SearchResponse {
    const { facets, text } = this.facetsFromPath(path);
    const term = [text, body.query].filter(Boolean).join(' ');
    const salesChannel = tradePolicy(body.selectedFacets) ?? options.salesChannel;
    const allText = [term, ...body.selectedFacets.filter((f) => f.key === 'ft').map((f) => f.value)]
      .join(' ')
      .trim();
    const result = this.index.listing({
      salesChannel,
      text: term,
      facets: [...facets, ...body.selectedFacets],
      ...(body.orderBy ? { orderBy: body.orderBy } : {}),
      page: options.page,
      pageSize: options.pageSize,
    });
    return {
      recordsFiltered: result.total,
      products: result.docs.map((product) => this.view(product, salesChannel)),
      page: options.page,
      pageSize: options.pageSize,
      correction: { misspelled: result.misspelled },
      redirect: allText ? searchRedirect(allText) : null,
    };
  }

  facets(
    path: string,
    selectedFacets: SelectedFacet[],
    salesChannel: number,
    query?: string,
  ): FacetsResponse {
    const { facets, text } = this.facetsFromPath(path);
    const selected = [...facets, ...selectedFacets];
    const channel = tradePolicy(selectedFacets) ?? salesChannel;
    const { counts, total } = this.index.facetCounts({
      salesChannel: channel,
      text: [text, query].filter(Boolean).join(' '),
      facets: selected,
    });
    const groups = new Map<FacetKey, FacetsResponse['facets'][number]>();
    for (const count of counts) {
      let group = groups.get(count.key);
      if (!group) {
        group = {
          key: count.key,
          name: FACET_NAMES[count.key],
          type: count.key === 'price' ? 'PRICERANGE' : 'TEXT',
          values: [],
        };
        groups.set(count.key, group);
      }
      group.values.push({
        value: count.value,
        name: count.name,
        quantity: count.quantity,
        selected: selected.some((facet) => facet.key === count.key && facet.value === count.value),
      });
    }
    for (const group of groups.values()) {
      group.values.sort((a, b) =>
        group.type === 'PRICERANGE'
          ? Number(a.value.split(':')[0]) - Number(b.value.split(':')[0])
          : b.quantity - a.quantity,
      );
    }
    return { facets: [...groups.values()], recordsFiltered: total };
  }

  /** The legacy facets call: departments, brands, the category tree and price ranges. */
  legacyFacets(path: string, ft: string | undefined, salesChannel: number) {
    const result = this.facets(path, [], salesChannel, ft);
    const group = (key: FacetKey) => result.facets.find((facet) => facet.key === key)?.values ?? [];
    const idOf = (slug: string, level: number) =>
      [...this.index.categories.values()].find((c) => c.slug === slug && c.level === level);
    const departments = group('category-1').map((value) => {
      const category = idOf(value.value, 1);
      return {
        Id: category?.id ?? 0,
        Name: value.name,
        Quantity: value.quantity,
        Link: category?.path ?? '',
      };
    });
    const trees = (['category-1', 'category-2', 'category-3'] as const).flatMap((key, level) =>
      group(key).map((value) => {
        const category = idOf(value.value, level + 1);
        return {
          Id: category?.id ?? 0,
          Name: value.name,
          Quantity: value.quantity,
          Link: category?.path ?? '',
          Level: level + 1,
        };
      }),
    );
    return {
      Departments: departments,
      Brands: group('brand').map((value) => ({
        Id: this.index.brandsBySlug.get(value.value)?.id ?? 0,
        Name: value.name,
        Quantity: value.quantity,
        Link: `/busca?b=${value.value}`,
      })),
      CategoriesTrees: trees,
      PriceRanges: group('price').map((value) => ({
        Slug: value.value,
        Quantity: value.quantity,
        Name: value.name,
      })),
      SalesChannel: [{ Id: salesChannel, Quantity: result.recordsFiltered }],
    };
  }

  recommended(options: {
    salesChannel: number;
    numResults: number;
    itemId?: string;
    campaign?: string;
    filter?: string;
  }) {
    const index = this.index;
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
    return this.topSelling(unique(pool), options.salesChannel, options.numResults, priority);
  }

  /**
   * §7 frequent products: with `boughtSkus` (a shopper's, most bought first) their products in that order,
   * one per product and only those sold in the channel; without, the shop's best sellers.
   */
  frequent(salesChannel: number, qty = FREQUENT_PRODUCTS_DEFAULT, boughtSkus?: string[]): Product[] {
    if (!boughtSkus) return this.topSelling(this.index.products, salesChannel, qty);
    const seen = new Set<number>();
    const products: Product[] = [];
    for (const skuId of boughtSkus) {
      if (products.length >= qty) break;
      const entry = this.index.skusById.get(Number(skuId));
      if (!entry || seen.has(entry.product.id) || this.index.offersFor(entry.sku, salesChannel).length === 0)
        continue;
      seen.add(entry.product.id);
      products.push(this.view(entry.product, salesChannel));
    }
    return products;
  }

  /**
   * Sponsored products (§7, at most 5). With a listing, only those the listing itself would show, so a
   * category page never advertises another aisle's products.
   */
  sponsored(
    salesChannel: number,
    listing?: { path: string; selectedFacets: SelectedFacet[]; query?: string | undefined },
  ): Product[] {
    const index = this.index;
    let pool = index.products;
    if (listing) {
      const { facets, text } = this.facetsFromPath(listing.path);
      const { matched } = index.listing({
        salesChannel,
        text: [text, listing.query].filter(Boolean).join(' '),
        facets: [...facets, ...listing.selectedFacets],
        page: 1,
        pageSize: 0,
      });
      pool = matched.map((doc) => index.products[doc]!);
    }
    return this.topSelling(
      pool.filter((p) => p.sponsored),
      salesChannel,
      SPONSORED_LIMIT,
    );
  }

  ranking(skuIds: string[]) {
    const ranked = this.salesRank();
    return skuIds.flatMap((skuId) => {
      const entry = this.index.skusById.get(Number(skuId));
      if (!entry) return [];
      return [
        {
          skuId,
          productId: String(entry.product.id),
          rank: ranked.get(entry.product.doc)!,
          sales: entry.product.sales,
        },
      ];
    });
  }

  collectionRanking(collectionId: string) {
    const id = Number(collectionId);
    if (!this.index.collections.has(id)) throw new Failure('collectionNotFound');
    const members = this.index.products
      .filter((p) => p.collectionIds.includes(id))
      .sort((a, b) => b.sales - a.sales);
    return members.flatMap((product, position) =>
      product.skus.map((sku) => ({
        skuId: String(sku.id),
        productId: String(product.id),
        rank: position + 1,
        sales: product.sales,
      })),
    );
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

  private readonly autocompleteCache = new LRUCache<string, AutocompleteResult>({ max: TERM_CACHE_ENTRIES });

  private computeAutocomplete(term: string, rows: number): AutocompleteResult {
    const index = this.index;
    const completions = index.text.completions(term, 3);
    const products = index.listing({
      salesChannel: 1,
      text: term,
      prefix: true,
      facets: [],
      page: 1,
      pageSize: rows,
    });
    // The categories come from the same matches as the products: one search per keystroke.
    const categories = this.index.topLeafCategories(products.matched, 2);
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
        return {
          name: product.name,
          href: `/${product.slug}/p`,
          criteria: null,
          thumb: sku ? productImageUrl(sku) : '',
          items: sku
            ? [
                {
                  productId: String(product.id),
                  itemId: String(sku.id),
                  name: product.name,
                  imageUrl: productImageUrl(sku),
                },
              ]
            : [],
        };
      }),
    ];
    return { itemsReturned: itemsReturned.slice(0, rows) };
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
    const index = this.index;
    const ownSeller = sellerId !== CHAIN_SELLER_ID;
    const result = index.listing({
      salesChannel,
      text: term,
      prefix: true,
      facets: ownSeller ? [{ key: 'seller', value: sellerId }] : [],
      page: 1,
      pageSize: 6,
    });
    const now = this.clock();
    // The card's price (promotions for one unit included), as the listing and the cart charge it.
    const priced = (product: (typeof result.docs)[number]) => {
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
    const brandCounts = new Map<number, number>();
    for (const doc of result.matched) {
      const brandId = index.products[doc]!.brandId;
      brandCounts.set(brandId, (brandCounts.get(brandId) ?? 0) + 1);
    }
    const brands = [...brandCounts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([id]) => index.brands.get(id)!)
      .map((brand) => ({
        name: brand.name,
        slug: brand.slug,
        link: `/busca?ft=${encodeURIComponent(term.trim())}&b=${brand.slug}`,
      }));
    const suggestions: SearchSuggestions = {
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
      brands,
      categories: this.index.topLeafCategories(result.matched, 4).map((category) => ({
        name: category.name,
        link: category.path,
        path: category.path,
      })),
      searches: index.text.completions(term, 5),
      redirect: searchRedirect(term),
    };
    this.suggestionCache.set(key, suggestions);
    return suggestions;
  }

  async popularSearches(limit = 20) {
    const rows = await loadPopularSearches(this.database.db, limit);
    return { message: 200 as const, topSearches: rows };
  }

  suggestedProducts(path: string, limit = SUGGESTED_PRODUCTS_LIMIT, salesChannel = 1): Product[] {
    const { facets, text } = this.facetsFromPath(path);
    const result = this.index.listing({ salesChannel, text, prefix: true, facets, page: 1, pageSize: limit });
    return result.docs.map((product) => this.view(product, salesChannel));
  }

  /**
   * The products holding these skus, one per product in the skus' order, whether or not the channel sells
   * them (a shopping list names a product it can no longer buy here).
   */
  productsOfSkus(skuIds: string[], salesChannel: number): Product[] {
    const seen = new Set<number>();
    const products: Product[] = [];
    for (const skuId of skuIds) {
      const entry = this.index.skusById.get(Number(skuId));
      if (!entry || seen.has(entry.product.id)) continue;
      seen.add(entry.product.id);
      products.push(this.view(entry.product, salesChannel));
    }
    return products;
  }

  /** §5 in stock: some seller offers the sku in the channel with a price and units left. */
  skuInStock(skuId: string, salesChannel: number): boolean {
    const entry = this.index.skusById.get(Number(skuId));
    if (!entry) return false;
    return this.index
      .offersFor(entry.sku, salesChannel)
      .some((offer) => offer.listPrice > 0 && offer.availableQuantity > 0);
  }

  productsBySkus(sellerId: string, skuIds: string[], salesChannel: number): Product[] {
    const seen = new Set<number>();
    const products: Product[] = [];
    for (const skuId of skuIds) {
      const entry = this.index.skusById.get(Number(skuId));
      if (!entry || seen.has(entry.product.id)) continue;
      if (!this.index.sellerOffer(entry.sku, salesChannel, sellerId)) continue;
      seen.add(entry.product.id);
      products.push(this.view(entry.product, salesChannel));
    }
    return products;
  }

  /** Specification fields of a category: the general characteristics its products carry, with their values. */
  specificationFields(categoryId: string) {
    const category = this.index.categories.get(Number(categoryId));
    if (!category) throw new Failure('categoryNotFound');
    const values = new Map<string, Set<string>>();
    for (const doc of category.docs) {
      for (const [name, value] of Object.entries(this.index.products[doc]!.specifications)) {
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

  categoryTree(): CategoryNode[] {
    const node = (category: CategoryDoc): CategoryNode => ({
      id: category.id,
      name: category.name,
      slug: category.slug,
      url: category.path,
      icon: category.icon,
      fixedPosition: category.fixedPosition,
      children: category.children.map(node),
    });
    return this.index.topCategories.map(node);
  }

  /** The promotions file: promotions active now in any channel. */
  activePromotions() {
    const now = this.clock();
    return this.index.promotions.filter((promotion) =>
      isPromotionActive(promotion, {
        now,
        salesChannel: promotion.idsSalesChannel[0] ?? 1,
        item: { productId: '', skuId: '', brandId: '', categoryIds: [], collectionIds: [], sellerId: '' },
      }),
    );
  }

  /**
   * A product as shoppers see it in a channel, validated against the Product schema once and cached with
   * its JSON for the rest of the minute (promotion windows and "new" flags move with the clock), so a page
   * of 40 products costs lookups rather than 40 renders, validations and serialisations.
   */
  private view(product: ProductDoc, salesChannel: number): Product {
    const now = this.clock();
    const minute = Math.floor(now.getTime() / 60_000);
    if (this.renderIndex !== this.index || this.renderMinute !== minute || this.rendered.size > 40_000) {
      this.rendered.clear();
      this.renderIndex = this.index;
      this.renderMinute = minute;
    }
    const key = `${product.doc}|${salesChannel}`;
    const cached = this.rendered.get(key);
    if (cached) return cached;
    const view = productSchema.parse(productView(this.index, product, salesChannel, now));
    this.rendered.set(key, view);
    this.renderedJson.set(view, JSON.stringify(view));
    return view;
  }

  /** The JSON of a product this service rendered (already validated). */
  productJson(product: Product): string {
    return this.renderedJson.get(product) ?? JSON.stringify(productSchema.parse(product));
  }

  /** The JSON array of products this service rendered. */
  json(products: Product[]): string {
    return `[${products.map((product) => this.productJson(product)).join(',')}]`;
  }

  private rendered = new Map<string, Product>();
  private readonly renderedJson = new WeakMap<Product, string>();
  private renderIndex: CatalogIndex | null = null;
  private renderMinute = -1;

  /** Best sellers of a pool, the lower priority group first. */
  private topSelling(
    pool: ProductDoc[],
    salesChannel: number,
    limit: number,
    priority: (product: ProductDoc) => number = () => 0,
  ): Product[] {
    const index = this.index;
    return pool
      .filter((product) => index.bestOffer(product, salesChannel) !== null)
      .sort((a, b) => priority(a) - priority(b) || b.sales - a.sales || a.id - b.id)
      .slice(0, Math.max(0, limit))
      .map((product) => this.view(product, salesChannel));
  }

  private salesRankCache: { index: CatalogIndex; ranks: Map<number, number> } | null = null;
  private salesRank(): Map<number, number> {
    if (this.salesRankCache?.index !== this.index) {
      const ordered = [...this.index.products].sort((a, b) => b.sales - a.sales || a.id - b.id);
      this.salesRankCache = { index: this.index, ranks: new Map(ordered.map((p, i) => [p.doc, i + 1])) };
    }
    return this.salesRankCache.ranks;
  }

  /** Leading path segments that name a category become category facets; the rest is a search term. */
  private facetsFromPath(path: string): { facets: SelectedFacet[]; text: string } {
    const segments = decodeSegments(path);
    const facets: SelectedFacet[] = [];
    let depth = 0;
    for (; depth < Math.min(3, segments.length); depth++) {
      if (!this.index.categoryByUrlPath(segments.slice(0, depth + 1))) break;
    }
    const category = depth > 0 ? this.index.categoryByUrlPath(segments.slice(0, depth)) : undefined;
    category?.path
      .split('/')
      .filter(Boolean)
      .forEach((slug, level) => facets.push({ key: `category-${level + 1}` as FacetKey, value: slug }));
    return { facets, text: segments.slice(depth).join(' ') };
  }
}

function decodeSegments(path: string): string[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

function tradePolicy(facets: SelectedFacet[]): number | undefined {
  const value = facets.find((facet) => facet.key === 'trade-policy')?.value;
  const channel = Number(value);
  return value && Number.isInteger(channel) && channel > 0 ? channel : undefined;
}

function unique<T>(list: T[]): T[] {
  return [...new Set(list)];
}
