import { priceRange, type FacetKey, type SelectedFacet } from '@despensa/contracts';
import {
  CARD_ON_SALE,
  CARD_SOLD,
  type ChannelView,
  type DocTest,
  type Offer,
  type ProductDoc,
  type SkuDoc,
} from './index-types';

/** What facet filters and counts read: the documents, a channel's view and each sku's offers in it. */
export interface FacetContext {
  products: readonly ProductDoc[];
  view: ChannelView;
  offersOf: (sku: SkuDoc) => Offer[];
  sellerName: (sellerId: string) => string;
}

/**
 * One test over document numbers: values of one group combine with OR, groups with AND, and the product
 * must be sold in the channel (§5: items with no price are skipped) unless `sold` says the documents
 * tested already are (and so are readied in the view). Most listings test only that: then it is that one
 * test, one call per document.
 */
export function compileFilters(
  facets: SelectedFacet[],
  context: FacetContext,
  { sold = true }: { sold?: boolean } = {},
): DocTest {
  const { view } = context;
  // Sold first: every other test, and whatever reads the view after, reads a document it has readied.
  const isSold: DocTest = (doc) => {
    view.ready(doc);
    return (view.card[doc]! & CARD_SOLD) !== 0;
  };
  const tests: DocTest[] = sold ? [isSold] : [];
  const byKey = new Map<FacetKey, string[]>();
  for (const facet of facets) {
    if (facet.key === 'ft' || facet.key === 'trade-policy') continue;
    byKey.set(facet.key, [...(byKey.get(facet.key) ?? []), facet.value]);
  }
  for (const [key, values] of byKey) {
    const test = facetTest(key, values, context);
    if (test) tests.push(test);
  }
  if (tests.length === 0) return () => true;
  if (tests.length === 1) return tests[0]!;
  return (doc) => tests.every((test) => test(doc));
}

/** One group's test: a document passes with any of the values. */
function facetTest(
  key: FacetKey,
  values: string[],
  { products, view, offersOf }: FacetContext,
): DocTest | null {
  const wanted = new Set(values);
  const product = (doc: number) => products[doc]!;
  switch (key) {
    case 'category-1':
    case 'category-2':
    case 'category-3': {
      const level = Number(key.slice(-1)) - 1;
      return (doc) => wanted.has(product(doc).categoryChain[level]?.slug ?? '');
    }
    case 'brand':
      return (doc) => wanted.has(product(doc).brand.slug);
    case 'price': {
      // A malformed range (refused at the API, dropped by pages) matches nothing.
      const ranges = values.map((value): [number, number] => priceRange(value) ?? [0, 0]);
      return (doc) => ranges.some(([min, max]) => view.price[doc]! >= min && view.price[doc]! < max);
    }
    case 'offer':
      return (doc) => (view.card[doc]! & CARD_ON_SALE) !== 0;
    case 'certificate':
      return (doc) => product(doc).certificates.some((value) => wanted.has(value));
    case 'seal':
      return (doc) => product(doc).warningSeals.some((value) => wanted.has(value));
    case 'productClusterIds':
      return (doc) => product(doc).collectionIds.some((id) => wanted.has(String(id)));
    case 'seller':
      return (doc) =>
        product(doc).skus.some((sku) => offersOf(sku).some((offer) => wanted.has(offer.sellerId)));
    default:
      return null;
  }
}

/** The values (and their names) a product counts under in one facet group. */
export function facetValuesOf(product: ProductDoc, key: FacetKey, context: FacetContext): [string, string][] {
  const { view } = context;
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
      return view.card[product.doc]! & CARD_ON_SALE ? [['true', 'En oferta']] : [];
    case 'certificate':
      return product.certificates.map((certificate) => [certificate, certificate]);
    case 'seal':
      return product.warningSeals.map((seal) => [seal, seal]);
    case 'seller': {
      const sellers = new Set<string>();
      for (const sku of product.skus) for (const offer of context.offersOf(sku)) sellers.add(offer.sellerId);
      return [...sellers].map((id) => [id, context.sellerName(id)]);
    }
    default:
      return [];
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
