import type { FacetKey, OrderBy, SelectedFacet } from '@despensa/contracts';
import type { CategoryRow, ProductRow, SkuRow } from './repo';

/** The documents, offers and questions of the in-memory catalogue (CatalogIndex and the pieces it is built of). */

export interface CategoryDoc extends CategoryRow {
  children: CategoryDoc[];
  /** Documents in this category or below, in document order (empty until the tree is sealed). */
  docs: Int32Array;
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

/** A sku with the product it belongs to (CatalogIndex.skusById). */
export interface SkuEntry {
  sku: SkuDoc;
  product: ProductDoc;
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
  /**
   * §6 clusterSearch, the new search backend's ranking: these skus' products first (the visitor's
   * purchases, most bought first), then the usual order. Only when no order is asked for.
   */
  preferredSkus?: readonly string[];
  page: number;
  pageSize: number;
}

export interface ListingResult {
  total: number;
  docs: ProductDoc[];
  misspelled: boolean;
  /** Every document that matched, for facet counting (typed: see TextMatch.docs). */
  matched: Int32Array;
  /** Text scores by document (null without a text); the text index's buffer, valid until its next search. */
  scores: Float64Array | null;
}

export interface FacetCount {
  key: FacetKey;
  value: string;
  name: string;
  quantity: number;
}

/**
 * ChannelView.card's bits: the columns are worked out; someone sells the product here; its card's offer is
 * in stock; that offer's shelf price is under its list price (the 'En oferta' facet).
 */
export const CARD_WORKED = 1;
export const CARD_SOLD = 2;
export const CARD_IN_STOCK = 4;
export const CARD_ON_SALE = 8;

/** ChannelView.discount's unit: this many make the whole list price. */
export const DISCOUNT_SCALE = 0xffff;

/**
 * Per-channel columns over documents, seven bytes each (a national chain's 500,000 products in each of its
 * stores): the card's state (CARD_* bits), the price one unit costs in the cart (promotions included) and
 * how far that price is under the card offer's list price, in DISCOUNT_SCALE parts (the card's saving
 * badge), which the best-discount order reads. A document's columns are worked out when first read: call `ready(doc)`
 * before reading them (the sold test does).
 */
export interface ChannelView {
  /** Epoch ms its promotion-inclusive prices were worked out at, and until when they hold. */
  computedAt: number;
  validUntil: number;
  /** CARD_* bits; 0 until first read, or since a change. */
  card: Uint8Array;
  price: Int32Array;
  discount: Uint16Array;
  /** Documents before this one have been worked out in the background (ChannelViews' warming). */
  warmed: number;
  /** Works the document's columns out if they are not yet. */
  ready(doc: number): void;
}

/** A test over document numbers (a facet filter). */
export type DocTest = (doc: number) => boolean;

/** What pages show a changed product: its own page and its categories' listings. */
export interface ChangedProduct {
  slug: string;
  categoryPaths: string[];
}
