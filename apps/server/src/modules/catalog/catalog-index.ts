import {
  cardOffer,
  isInStock,
  isPromotionActive,
  nextPromotionChange,
  promotionAppliesTo,
  shownUnitPrice,
  slugify,
  type Promotion,
} from '@despensa/domain';
import { FILTER_FACET_KEYS, type FacetKey, type OrderBy, type SelectedFacet } from '@despensa/contracts';
import type { CatalogRows, ProductRow, SkuRow } from './repo';
import { TextIndex } from './text-index';

/**
 * The whole catalogue in memory, built from the database and replaced as a unit when it changes
 * (see CatalogService). Queries never touch PostgreSQL, which keeps search and product reads in the
 * low milliseconds at 50,000 products.
 */

export interface CategoryDoc {
  id: number;
  parentId: number | null;
  level: number;
  name: string;
  slug: string;
  path: string;
  icon: string | null;
  fixedPosition: number | null;
  children: CategoryDoc[];
  /** Documents in this category or below. */
  docs: number[];
}

export interface SkuDoc extends SkuRow {
  /** Position in the offer arrays. */
  slot: number;
}

export interface ProductDoc extends ProductRow {
  doc: number;
  brand: { id: number; name: string; slug: string };
  /** Top, sub and leaf categories. */
  categoryChain: CategoryDoc[];
  skus: SkuDoc[];
}

/** Seller 1's price and stock per sku slot in one sales channel; -1 where it does not sell the sku. */
interface ChannelOffers {
  price: Int32Array;
  listPrice: Int32Array;
  quantity: Int32Array;
}

export interface Offer {
  sellerId: string;
  price: number;
  listPrice: number;
  availableQuantity: number;
}

export interface ListingQuery {
  salesChannel: number;
  text?: string;
  /** As-you-type: the last word also matches as a prefix. */
  prefix?: boolean;
  facets: SelectedFacet[];
  orderBy?: OrderBy;
  page: number;
  pageSize: number;
}

export interface ListingResult {
  total: number;
  docs: ProductDoc[];
  misspelled: boolean;
  /** Every document that matched, for facet counting. */
  matched: number[];
  scores: Float64Array | null;
}

export interface FacetCount {
  key: FacetKey;
  value: string;
  name: string;
  quantity: number;
}

const CHAIN_SELLER = '1';

export class CatalogIndex {
  readonly categories = new Map<number, CategoryDoc>();
  readonly categoriesByPath = new Map<string, CategoryDoc>();
  readonly topCategories: CategoryDoc[] = [];
  readonly brands = new Map<number, { id: number; name: string; slug: string }>();
  readonly brandsBySlug = new Map<string, { id: number; name: string; slug: string }>();
  readonly sellers = new Map<string, { id: string; name: string; isChain: boolean }>();
  readonly collections = new Map<number, string>();
  readonly products: ProductDoc[] = [];
  readonly productsById = new Map<number, ProductDoc>();
  readonly productsBySlug = new Map<string, ProductDoc>();
  readonly skusById = new Map<number, { sku: SkuDoc; product: ProductDoc }>();
  readonly promotions: Promotion[];
  readonly text = new TextIndex();
  readonly builtAt = new Date();
  private readonly channels = new Map<number, ChannelOffers>();
  /** Other sellers' offers, by sku slot then sales channel. */
  private readonly marketplace = new Map<number, Map<number, Offer[]>>();
  private readonly knownChannels = new Set<number>();
  private readonly channelViews = new Map<number, ChannelView>();
  /** Position of each document in Spanish alphabetical order of names. */
  private readonly nameRank: Int32Array;
  private readonly allDocs: number[];
  /** Documents under each category slug per level ('1:lacteos'), in document order: a category page scans these. */
  private readonly docsByCategorySlug = new Map<string, number[]>();
  /** Hot per-document fields as columns: loops over tens of thousands of matches read these, not objects. */
  private readonly leafOf: Int32Array;
  private readonly salesOf: Int32Array;

  /** `clock` dates the promotions card prices (and so price sorting and filters) include. */
  constructor(
    rows: CatalogRows,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.promotions = rows.promotions;
    for (const row of rows.categories) {
      const category: CategoryDoc = { ...row, children: [], docs: [] };
      this.categories.set(row.id, category);
      this.categoriesByPath.set(row.path, category);
    }
    for (const category of [...this.categories.values()].sort(byMenuOrder)) {
      const parent = category.parentId === null ? undefined : this.categories.get(category.parentId);
      if (parent) parent.children.push(category);
      else this.topCategories.push(category);
    }
    for (const row of rows.brands) {
      this.brands.set(row.id, row);
      this.brandsBySlug.set(row.slug, row);
    }
    for (const row of rows.sellers) this.sellers.set(row.id, row);
    for (const row of rows.collections) this.collections.set(row.id, row.name);

    const skusByProduct = new Map<number, SkuRow[]>();
    for (const row of rows.skus) {
      const list = skusByProduct.get(row.productId);
      if (list) list.push(row);
      else skusByProduct.set(row.productId, [row]);
    }
    let slot = 0;
    for (const row of rows.products) {
      const brand = this.brands.get(row.brandId) ?? { id: row.brandId, name: '', slug: '' };
      const categoryChain = this.chainOf(row.categoryId);
      const doc: ProductDoc = {
        ...row,
        doc: this.products.length,
        brand,
        categoryChain,
        skus: (skusByProduct.get(row.id) ?? []).map((sku) => ({ ...sku, slot: slot++ })),
      };
      this.products.push(doc);
      this.productsById.set(doc.id, doc);
      this.productsBySlug.set(doc.slug, doc);
      for (const sku of doc.skus) this.skusById.set(sku.id, { sku, product: doc });
      for (const category of categoryChain) category.docs.push(doc.doc);
      categoryChain.forEach((category, level) => {
        const key = `${level + 1}:${category.slug}`;
        const docs = this.docsByCategorySlug.get(key);
        if (docs) docs.push(doc.doc);
        else this.docsByCategorySlug.set(key, [doc.doc]);
      });
      const [top, sub, leaf] = categoryChain;
      this.text.add(doc.doc, [
        { text: doc.name, weight: 3 },
        { text: brand.name, weight: 2 },
        { text: leaf?.name ?? '', weight: 2 },
        { text: sub?.name ?? '', weight: 1.5 },
        { text: top?.name ?? '', weight: 1 },
      ]);
    }
    this.text.freeze();
    this.allDocs = this.products.map((product) => product.doc);
    this.leafOf = Int32Array.from(this.products, (product) => product.categoryId);
    this.salesOf = Int32Array.from(this.products, (product) => product.sales);
    this.nameRank = new Int32Array(this.products.length);
    const collator = new Intl.Collator('es');
    [...this.allDocs]
      .sort((a, b) => collator.compare(this.products[a]!.name, this.products[b]!.name))
      .forEach((doc, rank) => (this.nameRank[doc] = rank));

    for (const [skuId, salesChannel, sellerId, price, listPrice, quantity] of rows.offers) {
      const entry = this.skusById.get(skuId);
      if (!entry) continue;
      this.knownChannels.add(salesChannel);
      if (sellerId === CHAIN_SELLER) {
        const channel = this.channel(salesChannel, slot);
        channel.price[entry.sku.slot] = price;
        channel.listPrice[entry.sku.slot] = listPrice;
        channel.quantity[entry.sku.slot] = quantity;
      } else {
        let bySku = this.marketplace.get(entry.sku.slot);
        if (!bySku) this.marketplace.set(entry.sku.slot, (bySku = new Map()));
        const offers = bySku.get(salesChannel) ?? [];
        offers.push({ sellerId, price, listPrice, availableQuantity: quantity });
        bySku.set(salesChannel, offers);
      }
    }
  }

  get salesChannels(): number[] {
    return [...this.knownChannels].sort((a, b) => a - b);
  }

  /** Every seller's offer for a sku in a channel, the chain first. */
  offersFor(sku: SkuDoc, salesChannel: number): Offer[] {
    const offers: Offer[] = [];
    const channel = this.channels.get(salesChannel);
    if (channel && channel.price[sku.slot]! >= 0) {
      offers.push({
        sellerId: CHAIN_SELLER,
        price: channel.price[sku.slot]!,
        listPrice: channel.listPrice[sku.slot]!,
        availableQuantity: channel.quantity[sku.slot]!,
      });
    }
    offers.push(...(this.marketplace.get(sku.slot)?.get(salesChannel) ?? []));
    return offers;
  }

  /** This seller's offer for the sku in the channel, if it sells it there. */
  sellerOffer(sku: SkuDoc, salesChannel: number, sellerId: string): Offer | undefined {
    return this.offersFor(sku, salesChannel).find((offer) => offer.sellerId === sellerId);
  }

  /** The offer a card shows (the domain's cardOffer); null when nobody sells the product here. */
  bestOffer(product: ProductDoc, salesChannel: number): Offer | null {
    return this.channelView(salesChannel)?.offers[product.doc] ?? null;
  }

  /** The price a card shows for one unit of its offer (the domain's shownUnitPrice); 0 when unsold. */
  shownPrice(product: ProductDoc, salesChannel: number): number {
    return this.channelView(salesChannel)?.price[product.doc] ?? 0;
  }

  /** What one unit of this seller's offer costs in the cart now: the offer's Price on the wire. */
  offerUnitPrice(product: ProductDoc, sku: SkuDoc, offer: Offer, salesChannel: number, now: Date): number {
    const promotions = this.promotionsFor(product, sku, salesChannel, offer.sellerId, now);
    return shownUnitPrice({ ...offer, unitMultiplier: sku.unitMultiplier }, promotions);
  }

  /**
   * Per-channel columns over documents (sold, in stock, price, discount), computed once per snapshot and
   * channel, so filtering and sorting 50,000 products reads typed arrays instead of walking offers.
   * `price` is what the cart charges for one unit, promotions included (the card's price): sorting and
   * price filters follow what the shopper sees. The columns are worked out again only when a promotion
   * starts or ends (as the cart's rendered prices are), or when the clock is set back (tests).
   */
  private channelView(salesChannel: number): ChannelView | null {
    if (!this.knownChannels.has(salesChannel)) return null;
    const now = this.clock();
    const time = now.getTime();
    let view = this.channelViews.get(salesChannel);
    if (!view || time < view.computedAt || time >= view.validUntil) {
      const count = this.products.length;
      view = {
        computedAt: time,
        validUntil: nextPromotionChange(this.promotions, now)?.getTime() ?? Infinity,
        offers: new Array<Offer | null>(count).fill(null),
        sold: new Uint8Array(count),
        inStock: new Uint8Array(count),
        price: new Int32Array(count),
        discount: new Float32Array(count),
      };
      for (const product of this.products) this.fillView(view, product, salesChannel, now);
      this.channelViews.set(salesChannel, view);
    }
    return view;
  }

  /** One product's card in a channel view: its offer, whether it is sold and in stock, its shown price. */
  private fillView(view: ChannelView, product: ProductDoc, salesChannel: number, now: Date): void {
    view.offers[product.doc] = null;
    view.sold[product.doc] = 0;
    view.inStock[product.doc] = 0;
    view.price[product.doc] = 0;
    view.discount[product.doc] = 0;
    const best = cardOffer(
      product.skus,
      // §5: items with no price are skipped.
      (sku) => this.offersFor(sku, salesChannel).filter((offer) => offer.listPrice > 0),
      offerInStock,
    );
    if (!best) return;
    const { offer, sku } = best;
    view.offers[product.doc] = offer;
    view.sold[product.doc] = 1;
    view.inStock[product.doc] = offerInStock(offer) ? 1 : 0;
    view.price[product.doc] = this.offerUnitPrice(product, sku, offer, salesChannel, now);
    // The 'En oferta' facet follows the card's offer flag: a lower shelf price than the list price.
    view.discount[product.doc] = offer.listPrice > 0 ? (offer.listPrice - offer.price) / offer.listPrice : 0;
  }

  /**
   * A new object whenever an offer's stock changes in place (setStock): what was worked out from stock
   * (a rendered cart's limits) compares it by identity.
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
    const { sku, product } = entry;
    let before: number;
    if (sellerId === CHAIN_SELLER) {
      const channel = this.channels.get(salesChannel);
      if (!channel || channel.price[sku.slot]! < 0) return null;
      before = channel.quantity[sku.slot]!;
      channel.quantity[sku.slot] = quantity;
    } else {
      const offers = this.marketplace.get(sku.slot)?.get(salesChannel);
      const at = offers?.findIndex((offer) => offer.sellerId === sellerId) ?? -1;
      if (!offers || at < 0) return null;
      before = offers[at]!.availableQuantity;
      // A new object: views and answers already handed out keep the old one.
      offers[at] = { ...offers[at]!, availableQuantity: quantity };
    }
    const view = this.channelViews.get(salesChannel);
    if (view) this.fillView(view, product, salesChannel, new Date(view.computedAt));
    this.stockVersion = {};
    return before;
  }

  /** Active promotions for one sku in one channel, by the §5 rule. */
  promotionsFor(
    product: ProductDoc,
    sku: SkuDoc,
    salesChannel: number,
    sellerId: string,
    now: Date,
  ): Promotion[] {
    const item = {
      productId: String(product.id),
      skuId: String(sku.id),
      brandId: String(product.brandId),
      categoryIds: product.categoryChain.map((category) => String(category.id)),
      collectionIds: product.collectionIds.map(String),
      sellerId,
    };
    return this.promotions.filter(
      (promotion) =>
        isPromotionActive(promotion, { now, salesChannel, item }) && promotionAppliesTo(promotion, item),
    );
  }

  /** The leaf categories most of these documents sit in, most first. */
  topLeafCategories(docs: readonly number[], limit: number): CategoryDoc[] {
    const counts = new Map<number, number>();
    for (const doc of docs) {
      const leaf = this.leafOf[doc]!;
      counts.set(leaf, (counts.get(leaf) ?? 0) + 1);
    }
    return [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .flatMap(([id]) => this.categories.get(id) ?? []);
  }

  categoryByUrlPath(segments: string[]): CategoryDoc | undefined {
    return this.categoriesByPath.get('/' + segments.map((segment) => slugify(segment)).join('/'));
  }

  listing(query: ListingQuery): ListingResult {
    const view = this.channelView(query.salesChannel);
    const text = [query.text, ...query.facets.filter((f) => f.key === 'ft').map((f) => f.value)]
      .filter((value): value is string => Boolean(value && value.trim()))
      .join(' ');
    if (!view) return { total: 0, docs: [], misspelled: false, matched: [], scores: null };
    let scores: Float64Array | null = null;
    let misspelled = false;
    let candidates: number[];
    if (text) {
      const match = this.text.search(text, { prefix: query.prefix ?? false });
      scores = match.scores;
      misspelled = match.corrected;
      candidates = match.docs;
    } else {
      candidates = this.categoryCandidates(query.facets) ?? this.allDocs;
    }
    const filters = this.compileFilters(query.facets, view, query.salesChannel);
    const matched: number[] = [];
    for (const doc of candidates) if (filters.every((test) => test(doc))) matched.push(doc);
    const orderBy = query.orderBy ?? (scores ? 'OrderByScoreDESC' : 'OrderByTopSaleDESC');
    const start = (query.page - 1) * query.pageSize;
    const top = topK(matched, start + query.pageSize, this.comparator(orderBy, view, scores));
    return {
      total: matched.length,
      docs: top.slice(start).map((doc) => this.products[doc]!),
      misspelled,
      matched,
      scores,
    };
  }

  /**
   * The documents of the deepest single category the facets name (the filters still test every one), so
   * a category page walks its own aisle instead of the whole catalogue; undefined when none narrows.
   */
  private categoryCandidates(facets: SelectedFacet[]): number[] | undefined {
    let candidates: number[] | undefined;
    for (const level of ['category-1', 'category-2', 'category-3'] as const) {
      const values = facets.filter((facet) => facet.key === level);
      if (values.length !== 1) continue;
      const docs = this.docsByCategorySlug.get(`${level.slice(-1)}:${values[0]!.value}`) ?? [];
      if (!candidates || docs.length < candidates.length) candidates = docs;
    }
    return candidates;
  }

  /**
   * Counts per facet value. Each group but the categories is counted with every other group's selection
   * applied but not its own, so a shopper can widen a selection (disjunctive facets).
   */
  facetCounts(query: Omit<ListingQuery, 'page' | 'pageSize' | 'orderBy'>): {
    counts: FacetCount[];
    total: number;
  } {
    const view = this.channelView(query.salesChannel);
    if (!view) return { counts: [], total: 0 };
    // Categories narrow the base (a category page counts its own subcategories, not its siblings');
    // every other group is disjunctive.
    const narrowsBase = (facet: SelectedFacet) => facet.key === 'ft' || facet.key.startsWith('category-');
    const base = this.listing({
      ...query,
      facets: query.facets.filter(narrowsBase),
      page: 1,
      pageSize: 0,
    });
    const selected = query.facets.filter((facet) => !narrowsBase(facet));
    const all = this.compileFilters(selected, view, query.salesChannel);
    let total = 0;
    for (const doc of base.matched) if (all.every((test) => test(doc))) total++;
    const counts: FacetCount[] = [];
    for (const key of FILTER_FACET_KEYS) {
      const others = this.compileFilters(
        selected.filter((facet) => facet.key !== key),
        view,
        query.salesChannel,
      );
      const tally = new Map<string, { name: string; quantity: number }>();
      for (const doc of base.matched) {
        if (!others.every((test) => test(doc))) continue;
        for (const [value, name] of this.facetValuesOf(this.products[doc]!, key, view, query.salesChannel)) {
          const entry = tally.get(value);
          if (entry) entry.quantity++;
          else tally.set(value, { name, quantity: 1 });
        }
      }
      for (const [value, { name, quantity }] of tally) counts.push({ key, value, name, quantity });
    }
    return { counts, total };
  }

  private facetValuesOf(
    product: ProductDoc,
    key: FacetKey,
    view: ChannelView,
    salesChannel: number,
  ): [string, string][] {
    switch (key) {
      case 'category-1':
      case 'category-2':
      case 'category-3': {
        const category = product.categoryChain[Number(key.slice(-1)) - 1];
        return category ? [[category.slug, category.name]] : [];
      }
      case 'brand':
        return [[product.brand.slug, product.brand.name]];
      case 'price': {
        const price = view.price[product.doc]!;
        const band = PRICE_BANDS.find(([, max]) => price < max) ?? PRICE_BANDS[PRICE_BANDS.length - 1]!;
        return [[`${band[0]}:${band[1]}`, band[2]]];
      }
      case 'offer':
        return view.discount[product.doc]! > 0 ? [['true', 'En oferta']] : [];
      case 'certificate':
        return product.certificates.map((certificate) => [certificate, certificate]);
      case 'seal':
        return product.warningSeals.map((seal) => [seal, seal]);
      case 'seller': {
        const sellers = new Set<string>();
        for (const sku of product.skus) {
          for (const offer of this.offersFor(sku, salesChannel)) sellers.add(offer.sellerId);
        }
        return [...sellers].map((id) => [id, this.sellers.get(id)?.name ?? id]);
      }
      default:
        return [];
    }
  }

  /** Tests over document numbers; values of one group combine with OR, groups with AND. */
  private compileFilters(
    facets: SelectedFacet[],
    view: ChannelView,
    salesChannel: number,
  ): ((doc: number) => boolean)[] {
    // Sold in this channel at all (§5: items with no price are skipped).
    const tests: ((doc: number) => boolean)[] = [(doc) => view.sold[doc] === 1];
    const byKey = new Map<FacetKey, string[]>();
    for (const facet of facets) {
      if (facet.key === 'ft' || facet.key === 'trade-policy') continue;
      byKey.set(facet.key, [...(byKey.get(facet.key) ?? []), facet.value]);
    }
    const product = (doc: number) => this.products[doc]!;
    for (const [key, values] of byKey) {
      const wanted = new Set(values);
      switch (key) {
        case 'category-1':
        case 'category-2':
        case 'category-3': {
          const level = Number(key.slice(-1)) - 1;
          tests.push((doc) => wanted.has(product(doc).categoryChain[level]?.slug ?? ''));
          break;
        }
        case 'brand':
          tests.push((doc) => wanted.has(product(doc).brand.slug));
          break;
        case 'price': {
          const ranges = values.map(parseRange);
          tests.push(
            (doc) => ranges.some(([min, max]) => view.price[doc]! >= min && view.price[doc]! < max), // [min, max), as counted
          );
          break;
        }
        case 'offer':
          tests.push((doc) => view.discount[doc]! > 0);
          break;
        case 'certificate':
          tests.push((doc) => product(doc).certificates.some((value) => wanted.has(value)));
          break;
        case 'seal':
          tests.push((doc) => product(doc).warningSeals.some((value) => wanted.has(value)));
          break;
        case 'productClusterIds':
          tests.push((doc) => product(doc).collectionIds.some((id) => wanted.has(String(id))));
          break;
        case 'seller':
          tests.push((doc) =>
            product(doc).skus.some((sku) =>
              this.offersFor(sku, salesChannel).some((offer) => wanted.has(offer.sellerId)),
            ),
          );
          break;
      }
    }
    return tests;
  }

  /** Out-of-stock products go last whatever the order; ties fall back to the product id for stable pages. */
  private comparator(
    orderBy: OrderBy,
    view: ChannelView,
    scores: Float64Array | null,
  ): (a: number, b: number) => number {
    const p = this.products;
    const sales = this.salesOf;
    const byOrder: Record<OrderBy, (a: number, b: number) => number> = {
      OrderByScoreDESC: (a, b) => (scores ? scores[b]! - scores[a]! : 0) || sales[b]! - sales[a]!,
      OrderByPriceASC: (a, b) => view.price[a]! - view.price[b]!,
      OrderByPriceDESC: (a, b) => view.price[b]! - view.price[a]!,
      OrderByTopSaleDESC: (a, b) => sales[b]! - sales[a]!,
      OrderByReviewRateDESC: (a, b) =>
        p[b]!.ratingAverage - p[a]!.ratingAverage || p[b]!.ratingCount - p[a]!.ratingCount,
      OrderByNameASC: (a, b) => this.nameRank[a]! - this.nameRank[b]!,
      OrderByNameDESC: (a, b) => this.nameRank[b]! - this.nameRank[a]!,
      OrderByReleaseDateDESC: (a, b) => p[b]!.releaseDate.getTime() - p[a]!.releaseDate.getTime(),
      OrderByBestDiscountDESC: (a, b) => view.discount[b]! - view.discount[a]!,
    };
    const order = byOrder[orderBy];
    return (a, b) => view.inStock[b]! - view.inStock[a]! || order(a, b) || p[a]!.id - p[b]!.id;
  }

  private chainOf(categoryId: number): CategoryDoc[] {
    const chain: CategoryDoc[] = [];
    for (let category = this.categories.get(categoryId); category;) {
      chain.unshift(category);
      category = category.parentId === null ? undefined : this.categories.get(category.parentId);
    }
    return chain;
  }

  private channel(salesChannel: number, slots: number): ChannelOffers {
    let channel = this.channels.get(salesChannel);
    if (!channel) {
      channel = {
        price: new Int32Array(slots).fill(-1),
        listPrice: new Int32Array(slots).fill(-1),
        quantity: new Int32Array(slots).fill(0),
      };
      this.channels.set(salesChannel, channel);
    }
    return channel;
  }
}

interface ChannelView {
  /** Epoch ms its promotion-inclusive prices were worked out at, and until when they hold. */
  computedAt: number;
  validUntil: number;
  offers: (Offer | null)[];
  sold: Uint8Array;
  inStock: Uint8Array;
  price: Int32Array;
  discount: Float32Array;
}

/**
 * The first k items in order, without sorting everything: a page of 40 out of 50,000 matches keeps a
 * small sorted buffer instead of sorting the whole list.
 */
export function topK<T>(items: readonly T[], k: number, compare: (a: T, b: T) => number): T[] {
  if (k <= 0) return [];
  if (items.length <= k * 4) return [...items].sort(compare).slice(0, k);
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

function offerInStock(offer: Offer): boolean {
  return isInStock({ ListPrice: offer.listPrice, AvailableQuantity: offer.availableQuantity });
}

/** Price facet bands in cents: [min, max, label]. */
const PRICE_BANDS: [number, number, string][] = [
  [0, 100000, 'Hasta $1.000'],
  [100000, 300000, '$1.000 a $3.000'],
  [300000, 500000, '$3.000 a $5.000'],
  [500000, 1000000, '$5.000 a $10.000'],
  [1000000, 2000000, '$10.000 a $20.000'],
  [2000000, 1_000_000_000, 'Más de $20.000'],
];

function parseRange(value: string): [number, number] {
  const [min, max] = value.split(':').map(Number);
  return [Number.isFinite(min) ? min! : 0, Number.isFinite(max) ? max! : Number.MAX_SAFE_INTEGER];
}

function byMenuOrder(a: CategoryDoc, b: CategoryDoc): number {
  return (a.fixedPosition ?? 99) - (b.fixedPosition ?? 99) || a.name.localeCompare(b.name, 'es');
}
