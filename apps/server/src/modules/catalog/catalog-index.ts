import { quoteLine, shownUnitPrice, slugify, type LinePrice, type Promotion } from '@despensa/domain';
import type { CategoryNode } from '@despensa/contracts';
import { ChannelViews } from './channel-views';
import type { CatalogDocs } from './catalog-docs';
import type {
  CategoryDoc,
  ChangedProduct,
  FacetCount,
  ListingQuery,
  ListingResult,
  Offer,
  ProductDoc,
  SkuDoc,
  SkuEntry,
} from './index-types';
import type { Lookup } from './doc-tables';
import type { CategoryTree } from './category-tree';
import { LeafCategories } from './leaf-categories';
import { promotionLookup } from './promotion-lookup';
import { changedPromotions, productsReachedBy } from './promotion-reach';
import { ListingEngine } from './listing-engine';
import { OfferTable } from './offer-table';
import { ProductDetailStore } from './product-details';
import type {
  CatalogRows,
  OfferRow,
  PackedChainOffers,
  ProductDetailRow,
  ProductDetails,
  ProductWithSkus,
} from './repo';
import { patchable, patchDoc, REINDEXED_AT_ONCE } from './product-patch';
import type { SkuTexts } from './sku-texts';
import type { TextIndex } from './text-index';

export type * from './index-types';

type Brand = { id: number; name: string; slug: string };

/**
 * The whole catalogue in memory, built from the database and replaced as a unit when it changes
 * (see CatalogService). Queries never touch PostgreSQL, which keeps search and product reads in the
 * low milliseconds at 50,000 products. Offers live in an OfferTable, each channel's card prices in
 * ChannelViews, listings and facet counts in a ListingEngine, page texts in a ProductDetailStore. The
 * offers and page texts are added in batches after construction (addOffers, addDetails), before the
 * index answers anything.
 */
export class CatalogIndex {
  readonly categories: ReadonlyMap<number, CategoryDoc>;
  readonly categoriesByPath: ReadonlyMap<string, CategoryDoc>;
  readonly topCategories: readonly CategoryDoc[];
  private readonly tree: CategoryTree;
  readonly brands: Map<number, Brand>;
  readonly brandsBySlug: Map<string, Brand>;
  readonly sellers = new Map<string, { id: string; name: string; isChain: boolean }>();
  readonly collections = new Map<number, string>();
  readonly products: ProductDoc[];
  readonly productsById: Lookup<number, ProductDoc>;
  readonly productsBySlug: Lookup<string, ProductDoc>;
  readonly skusById: Lookup<number, SkuEntry>;
  /** Replaced as a whole by setPromotions when a promotion is written. */
  promotions: Promotion[];
  readonly text: TextIndex;
  /**
   * Each document's place among the best sellers (most sold first, ties by id): the order listings break a
   * tie of scores in, best-seller shelves list in, and the sales rankings give.
   */
  readonly salesRank: Int32Array;
  readonly builtAt = new Date();
  private readonly offers: OfferTable;
  private readonly detailStore: ProductDetailStore;
  private readonly skuTexts: SkuTexts;
  private readonly views: ChannelViews;
  private readonly engine: ListingEngine;
  private readonly leaves: LeafCategories;

  /**
   * The documents as built (CatalogDocs), and the rest of the catalogue's rows. `clock` dates the
   * promotions card prices (and so price sorting and filters) include.
   */
  constructor(
    docs: CatalogDocs,
    rows: Pick<CatalogRows, 'sellers' | 'collections' | 'promotions'>,
    clock: () => Date = () => new Date(),
  ) {
    this.promotions = rows.promotions;
    ({ tree: this.tree, brands: this.brands, brandsBySlug: this.brandsBySlug, text: this.text } = docs);
    ({ products: this.products, productsById: this.productsById } = docs);
    ({ productsBySlug: this.productsBySlug, skusById: this.skusById, skuTexts: this.skuTexts } = docs);
    this.categories = this.tree.byId;
    this.categoriesByPath = this.tree.byPath;
    this.topCategories = this.tree.top;
    for (const row of rows.sellers) this.sellers.set(row.id, row);
    for (const row of rows.collections) this.collections.set(row.id, row.name);
    this.salesRank = rankBySales(this.products);
    this.text.freeze(this.salesRank);
    this.tree.seal();
    this.leaves = new LeafCategories(this.products, this.categories);
    this.offers = new OfferTable(docs.skusById.size);
    this.detailStore = new ProductDetailStore(this.products.length);
    this.views = new ChannelViews(
      this.products,
      { current: () => this.promotions, reach: (changed) => productsReachedBy(changed, this) },
      this.offers,
      (product, sku, offer, salesChannel, now) => this.offerUnitPrice(product, sku, offer, salesChannel, now),
      clock,
    );
    const { products, skusById, sellers, text, views, offers, salesRank } = this;
    this.engine = new ListingEngine({ products, skusById, sellers, text, views, offers, salesRank });
  }

  /** A batch of the chain's offers, packed (see repo's chainOfferBatches); unknown skus are left out. */
  addChainOffers(rows: readonly PackedChainOffers[]): void {
    for (const [skuId, packed] of rows) {
      const entry = this.skusById.get(skuId);
      if (entry) this.offers.addChainPacked(entry.sku.slot, packed);
    }
  }

  /** A batch of offers as stored (see the class comment); offers of skus it does not know are left out. */
  addOffers(rows: readonly OfferRow[]): void {
    for (const [skuId, salesChannel, sellerId, price, listPrice, quantity] of rows) {
      const entry = this.skusById.get(skuId);
      if (entry)
        this.offers.add(entry.sku.slot, salesChannel, {
          sellerId,
          price,
          listPrice,
          availableQuantity: quantity,
        });
    }
  }

  /** A batch of products' page texts as stored (see the class comment). */
  addDetails(rows: readonly ProductDetailRow[]): void {
    for (const [productId, json] of rows) {
      const product = this.productsById.get(productId);
      if (product) this.detailStore.set(product.doc, json);
    }
  }

  /** What the product's page shows beyond its card, read from its packed form (a new object each time). */
  details(product: ProductDoc): ProductDetails {
    return this.detailStore.get(product.doc);
  }

  get salesChannels(): number[] {
    return this.offers.salesChannels;
  }

  /** Every seller's offer for a sku in a channel, the chain first. */
  offersFor(sku: SkuDoc, salesChannel: number): Offer[] {
    return this.offers.offersAt(sku.slot, salesChannel);
  }

  /** This seller's offer for the sku in the channel, if it sells it there. */
  sellerOffer(sku: SkuDoc, salesChannel: number, sellerId: string): Offer | undefined {
    return this.offersFor(sku, salesChannel).find((offer) => offer.sellerId === sellerId);
  }

  /** Whether anyone sells the product in the channel (bestOffer is not null), read from the channel's view. */
  isSold(product: ProductDoc, salesChannel: number): boolean {
    return this.views.isSold(product, salesChannel);
  }

  /** The offer a card shows (the domain's cardOffer); null when nobody sells the product here. */
  bestOffer(product: ProductDoc, salesChannel: number): Offer | null {
    return this.views.cardOfferOf(product, salesChannel);
  }

  /** Works a channel's card columns out whole, in slices (ChannelViews.warm). */
  warm(salesChannel: number): Promise<void> {
    return this.views.warm(salesChannel);
  }

  /** This index was replaced by a newer one: it stops its background work (its channels' columns). */
  retire(): void {
    this.views.retire();
  }

  /** The price a card shows for one unit of its offer (the domain's shownUnitPrice); 0 when unsold. */
  shownPrice(product: ProductDoc, salesChannel: number): number {
    return this.views.priceOf(product, salesChannel);
  }

  /** What one unit of this seller's offer costs in the cart now: the offer's Price on the wire. */
  offerUnitPrice(product: ProductDoc, sku: SkuDoc, offer: Offer, salesChannel: number, now: Date): number {
    const promotions = this.promotionsFor(product, sku, salesChannel, offer.sellerId, now);
    return shownUnitPrice({ ...offer, unitMultiplier: sku.unitMultiplier }, promotions);
  }

  /**
   * What `quantity` (units, or steps of a weighed item) of this seller's offer costs now, paying normally,
   * the live promotions applied as the cart applies them (the domain's quoteLine).
   */
  offerLinePrice(
    entry: { product: ProductDoc; sku: SkuDoc },
    offer: Offer,
    quantity: number,
    salesChannel: number,
    now: Date,
  ): LinePrice {
    const promotions = this.promotionsFor(entry.product, entry.sku, salesChannel, offer.sellerId, now);
    return quoteLine({ ...offer, unitMultiplier: entry.sku.unitMultiplier, quantity }, promotions);
  }

  /**
   * A new object whenever an offer's stock or price, or the promotions, change in place: what was worked
   * out from them (a rendered cart's limits and prices) compares it by identity.
   */
  stockVersion: object = {};

  /**
   * An offer's stock changed (an order held or sold units, a hold was given back): patch it and the card of
   * its product, without rebuilding the index. Answers the offer's quantity before the change, or null when
   * the index does not know the offer, so the caller rebuilds instead.
   */
  setStock(skuId: number, salesChannel: number, sellerId: string, quantity: number): number | null {
    const entry = this.skusById.get(skuId);
    if (!entry) return null;
    const before = this.offers.setQuantity(entry.sku.slot, salesChannel, sellerId, quantity);
    if (before === null) return null;
    this.views.refresh(entry.product, salesChannel);
    this.stockVersion = {};
    return before;
  }

  /**
   * Products changed in place (catalog_products_changed), as stored, written into their documents, page
   * texts and cards, and moved in the search text, name order, aisles and collections. `complete` is false
   * when one cannot be (product-patch's patchable): the caller rebuilds. `shownBefore`: aisles they left.
   */
  patchProducts(
    productIds: readonly number[],
    stored: { products: ProductWithSkus[]; details: ProductDetailRow[] },
  ): { products: ProductDoc[]; complete: boolean; shownBefore: ChangedProduct[] } {
    const storedById = new Map(stored.products.map((product) => [product.row.id, product]));
    const patched: ProductDoc[] = [];
    const shownBefore: ChangedProduct[] = [];
    let complete = true;
    const reindexed = { left: REINDEXED_AT_ONCE };
    const known = { brands: this.brands, chainOf: (categoryId: number) => this.tree.chainOf(categoryId) };
    for (const id of productIds) {
      const doc = this.productsById.get(id);
      const product = storedById.get(id);
      if (!doc || !product || !patchable(doc, product, known, reindexed)) {
        // Neither indexed nor active (an inactive product's write) leaves the index as it is.
        complete &&= !doc && !product;
        continue;
      }
      const before = patchDoc(doc, product, this.skuTexts, known);
      this.engine.changed(doc, before);
      if (doc.categoryChain !== before.categoryChain) {
        this.tree.moveDoc(doc.doc, before.categoryChain, doc.categoryChain);
        this.leaves.moved(doc);
        shownBefore.push({ slug: doc.slug, categoryPaths: before.categoryChain.map((each) => each.path) });
      }
      for (const channel of this.salesChannels) this.views.refresh(doc, channel);
      patched.push(doc);
    }
    const patchedIds = new Set(patched.map((doc) => doc.id));
    this.addDetails(stored.details.filter(([id]) => patchedIds.has(id)));
    // A rendered cart's limits and units were worked out from the skus.
    this.stockVersion = {};
    return { products: patched, complete, shownBefore };
  }

  /**
   * An offer's price changed (an ERP's price write, catalog_skus_changed): patch it and its product's card
   * in that channel, as setStock does. False when the index does not know the offer (the caller rebuilds).
   */
  setOfferPrice(offer: {
    skuId: number;
    salesChannel: number;
    sellerId: string;
    price: number;
    listPrice: number;
  }): boolean {
    const entry = this.skusById.get(offer.skuId);
    if (!entry) return false;
    const { skuId: _sku, salesChannel, sellerId, price, listPrice } = offer;
    if (!this.offers.setPrice(entry.sku.slot, salesChannel, sellerId, price, listPrice)) return false;
    this.views.refresh(entry.product, salesChannel);
    this.stockVersion = {};
    return true;
  }

  /**
   * The promotions changed (one was written): the cards of the products the changed ones reach are worked
   * out again in each channel, or every card when one reaches any product; nothing else here keeps what
   * was worked out from them. Answers those products (null: any), for what is kept outside.
   */
  setPromotions(promotions: Promotion[]): ProductDoc[] | null {
    const reached = productsReachedBy(changedPromotions(this.promotions, promotions), this);
    this.promotions = promotions;
    this.views.promotionsChanged(reached);
    this.stockVersion = {};
    return reached;
  }

  /** Active promotions for one sku in one channel, by the §5 rule. */
  promotionsFor(
    product: ProductDoc,
    sku: SkuDoc,
    salesChannel: number,
    sellerId: string,
    now: Date,
  ): Promotion[] {
    return promotionLookup(this.promotions, salesChannel, now).for(product, sku, sellerId);
  }

  /** The leaf categories most of these documents sit in, most first. */
  topLeafCategories(docs: ArrayLike<number>, limit: number): CategoryDoc[] {
    return this.leaves.top(docs, limit);
  }

  categoryByUrlPath(segments: string[]): CategoryDoc | undefined {
    return this.categoriesByPath.get('/' + segments.map((segment) => slugify(segment)).join('/'));
  }

  listing(query: ListingQuery): ListingResult {
    return this.engine.listing(query);
  }

  /** The search box's best products and the matches to count from, for one typed word (ListingEngine.bestTyped). */
  bestTyped(text: string, salesChannel: number, sizes: { take: number; counted: number }) {
    return this.engine.bestTyped(text, salesChannel, sizes);
  }

  /** Counts per facet value (disjunctive but for the categories: see ListingEngine.facetCounts). */
  facetCounts(query: Omit<ListingQuery, 'page' | 'pageSize' | 'orderBy'>): {
    counts: FacetCount[];
    total: number;
  } {
    return this.engine.facetCounts(query);
  }

  /** The category tree as the API and the pages show it (CategoryTree.nodes). */
  categoryNodes(): CategoryNode[] {
    return this.tree.nodes();
  }

  /** A leaf's chain (top, sub, leaf), one array for all its products. */
  chainOf(categoryId: number): CategoryDoc[] {
    return this.tree.chainOf(categoryId);
  }
}

/** Each document's place when the most sold come first (ties by id): CatalogIndex.salesRank. */
function rankBySales(products: readonly ProductDoc[]): Int32Array {
  const rank = new Int32Array(products.length);
  products
    .map((product) => product.doc)
    .sort((a, b) => products[b]!.sales - products[a]!.sales || products[a]!.id - products[b]!.id)
    .forEach((doc, place) => (rank[doc] = place));
  return rank;
}
