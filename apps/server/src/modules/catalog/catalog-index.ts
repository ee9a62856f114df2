import { isInStock, isPromotionActive, promotionAppliesTo, slugify, type Promotion } from '@despensa/domain';
import type { FacetKey, OrderBy, SelectedFacet } from '@despensa/contracts';
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
  scores: Map<number, number> | null;
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
  private readonly bestOffers = new Map<number, (Offer | null)[]>();

  constructor(rows: CatalogRows) {
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

  /** The offer a card shows: the cheapest in-stock one, else the cheapest; null when nobody sells it here. */
  bestOffer(product: ProductDoc, salesChannel: number): Offer | null {
    if (!this.knownChannels.has(salesChannel)) return null;
    // Listings ask for it many times per product; the snapshot never changes, so compute each channel once.
    let cache = this.bestOffers.get(salesChannel);
    if (!cache) {
      cache = this.products.map((each) => this.computeBestOffer(each, salesChannel));
      this.bestOffers.set(salesChannel, cache);
    }
    return cache[product.doc] ?? null;
  }

  private computeBestOffer(product: ProductDoc, salesChannel: number): Offer | null {
    let best: Offer | null = null;
    for (const sku of product.skus) {
      for (const offer of this.offersFor(sku, salesChannel)) {
        if (offer.listPrice <= 0) continue; // §5: items with no price are skipped
        if (!best || rankOffer(offer) < rankOffer(best)) best = offer;
      }
    }
    return best;
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

  categoryByUrlPath(segments: string[]): CategoryDoc | undefined {
    return this.categoriesByPath.get('/' + segments.map((segment) => slugify(segment)).join('/'));
  }

  listing(query: ListingQuery): ListingResult {
    let candidates: number[];
    let scores: Map<number, number> | null = null;
    let misspelled = false;
    const text = [query.text, ...query.facets.filter((f) => f.key === 'ft').map((f) => f.value)]
      .filter((value): value is string => Boolean(value && value.trim()))
      .join(' ');
    if (text) {
      const match = this.text.search(text, { prefix: query.prefix ?? false });
      scores = match.scores;
      misspelled = match.corrected;
      candidates = [...match.scores.keys()];
    } else {
      candidates = this.products.map((product) => product.doc);
    }
    const filters = this.compileFilters(query.facets, query.salesChannel);
    const matched = candidates.filter((doc) => filters.every((filter) => filter.test(this.products[doc]!)));
    const sorted = this.sort(
      matched,
      query.orderBy ?? (scores ? 'OrderByScoreDESC' : 'OrderByTopSaleDESC'),
      query.salesChannel,
      scores,
    );
    const start = (query.page - 1) * query.pageSize;
    return {
      total: sorted.length,
      docs: sorted.slice(start, start + query.pageSize).map((doc) => this.products[doc]!),
      misspelled,
      matched,
      scores,
    };
  }

  /**
   * Counts per facet value. Each group is counted with every other group's selection applied but not its own,
   * so a shopper can widen a selection (disjunctive facets).
   */
  facetCounts(query: Omit<ListingQuery, 'page' | 'pageSize' | 'orderBy'>): {
    counts: FacetCount[];
    total: number;
  } {
    const base = this.listing({
      ...query,
      facets: query.facets.filter((f) => f.key === 'ft'),
      page: 1,
      pageSize: 0,
    });
    const groups: FacetKey[] = [
      'category-1',
      'category-2',
      'category-3',
      'brand',
      'price',
      'offer',
      'certificate',
      'seal',
      'seller',
    ];
    const selected = query.facets.filter((facet) => facet.key !== 'ft');
    const counts: FacetCount[] = [];
    let total = 0;
    const all = this.compileFilters(selected, query.salesChannel);
    for (const doc of base.matched) if (all.every((filter) => filter.test(this.products[doc]!))) total++;
    for (const key of groups) {
      const others = this.compileFilters(
        selected.filter((facet) => facet.key !== key),
        query.salesChannel,
      );
      const tally = new Map<string, { name: string; quantity: number }>();
      for (const doc of base.matched) {
        const product = this.products[doc]!;
        if (!others.every((filter) => filter.test(product))) continue;
        for (const [value, name] of this.facetValuesOf(product, key, query.salesChannel)) {
          const entry = tally.get(value);
          if (entry) entry.quantity++;
          else tally.set(value, { name, quantity: 1 });
        }
      }
      for (const [value, { name, quantity }] of tally) counts.push({ key, value, name, quantity });
    }
    return { counts, total };
  }

  private facetValuesOf(product: ProductDoc, key: FacetKey, salesChannel: number): [string, string][] {
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
        const offer = this.bestOffer(product, salesChannel);
        if (!offer) return [];
        const band = PRICE_BANDS.find(([, max]) => offer.price < max) ?? PRICE_BANDS[PRICE_BANDS.length - 1]!;
        return [[`${band[0]}:${band[1]}`, band[2]]];
      }
      case 'offer': {
        const offer = this.bestOffer(product, salesChannel);
        return offer && offer.price < offer.listPrice ? [['true', 'En oferta']] : [];
      }
      case 'certificate':
        return product.certificates.map((certificate) => [certificate, certificate]);
      case 'seal':
        return product.warningSeals.map((seal) => [seal, seal]);
      case 'seller': {
        const sellers = new Set<string>();
        for (const sku of product.skus)
          for (const offer of this.offersFor(sku, salesChannel)) sellers.add(offer.sellerId);
        return [...sellers].map((id) => [id, this.sellers.get(id)?.name ?? id]);
      }
      default:
        return [];
    }
  }

  private compileFilters(
    facets: SelectedFacet[],
    salesChannel: number,
  ): { test(product: ProductDoc): boolean }[] {
    // Sold in this channel at all (§5: items with no price are skipped).
    const filters: { test(product: ProductDoc): boolean }[] = [
      { test: (product) => this.bestOffer(product, salesChannel) !== null },
    ];
    const byKey = new Map<FacetKey, string[]>();
    for (const facet of facets) {
      if (facet.key === 'ft' || facet.key === 'trade-policy') continue;
      byKey.set(facet.key, [...(byKey.get(facet.key) ?? []), facet.value]);
    }
    for (const [key, values] of byKey) {
      // Values of one group combine with OR; groups combine with AND.
      const wanted = new Set(values);
      switch (key) {
        case 'category-1':
        case 'category-2':
        case 'category-3': {
          const level = Number(key.slice(-1)) - 1;
          filters.push({ test: (product) => wanted.has(product.categoryChain[level]?.slug ?? '') });
          break;
        }
        case 'brand':
          filters.push({ test: (product) => wanted.has(product.brand.slug) });
          break;
        case 'price': {
          const ranges = values.map(parseRange);
          filters.push({
            test: (product) => {
              const offer = this.bestOffer(product, salesChannel);
              return offer !== null && ranges.some(([min, max]) => offer.price >= min && offer.price <= max);
            },
          });
          break;
        }
        case 'offer':
          filters.push({
            test: (product) => {
              const offer = this.bestOffer(product, salesChannel);
              return offer !== null && offer.price < offer.listPrice;
            },
          });
          break;
        case 'certificate':
          filters.push({ test: (product) => product.certificates.some((value) => wanted.has(value)) });
          break;
        case 'seal':
          filters.push({ test: (product) => product.warningSeals.some((value) => wanted.has(value)) });
          break;
        case 'productClusterIds':
          filters.push({ test: (product) => product.collectionIds.some((id) => wanted.has(String(id))) });
          break;
        case 'seller':
          filters.push({
            test: (product) =>
              product.skus.some((sku) =>
                this.offersFor(sku, salesChannel).some((offer) => wanted.has(offer.sellerId)),
              ),
          });
          break;
      }
    }
    return filters;
  }

  private sort(
    docs: number[],
    orderBy: OrderBy,
    salesChannel: number,
    scores: Map<number, number> | null,
  ): number[] {
    const keyed = docs.map((doc) => {
      const product = this.products[doc]!;
      const offer = this.bestOffer(product, salesChannel);
      return {
        doc,
        product,
        price: offer?.price ?? 0,
        discount: offer && offer.listPrice > 0 ? (offer.listPrice - offer.price) / offer.listPrice : 0,
        inStock:
          offer !== null &&
          isInStock({ ListPrice: offer.listPrice, AvailableQuantity: offer.availableQuantity }),
        score: scores?.get(doc) ?? 0,
      };
    });
    type Keyed = (typeof keyed)[number];
    const compare: Record<OrderBy, (a: Keyed, b: Keyed) => number> = {
      OrderByScoreDESC: (a, b) => b.score - a.score || b.product.sales - a.product.sales,
      OrderByPriceASC: (a, b) => a.price - b.price,
      OrderByPriceDESC: (a, b) => b.price - a.price,
      OrderByTopSaleDESC: (a, b) => b.product.sales - a.product.sales,
      OrderByReviewRateDESC: (a, b) =>
        b.product.ratingAverage - a.product.ratingAverage || b.product.ratingCount - a.product.ratingCount,
      OrderByNameASC: (a, b) => a.product.name.localeCompare(b.product.name, 'es'),
      OrderByNameDESC: (a, b) => b.product.name.localeCompare(a.product.name, 'es'),
      OrderByReleaseDateDESC: (a, b) => b.product.releaseDate.getTime() - a.product.releaseDate.getTime(),
      OrderByBestDiscountDESC: (a, b) => b.discount - a.discount,
    };
    const byOrder = compare[orderBy];
    // Out-of-stock products go last whatever the order; ties fall back to the product id for stable pages.
    keyed.sort(
      (a, b) => Number(b.inStock) - Number(a.inStock) || byOrder(a, b) || a.product.id - b.product.id,
    );
    return keyed.map((entry) => entry.doc);
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

function rankOffer(offer: Offer): number {
  const inStock = isInStock({ ListPrice: offer.listPrice, AvailableQuantity: offer.availableQuantity });
  return (inStock ? 0 : 1e12) + offer.price;
}

function byMenuOrder(a: CategoryDoc, b: CategoryDoc): number {
  return (a.fixedPosition ?? 99) - (b.fixedPosition ?? 99) || a.name.localeCompare(b.name, 'es');
}
