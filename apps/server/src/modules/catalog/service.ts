import type {
  CatalogProduct,
  CatalogProductBody,
  CatalogSku,
  CatalogSkuBody,
  CategoryNode,
  FacetsResponse,
  Product,
  SearchResponse,
  SearchSuggestions,
} from '@despensa/contracts';
import { POPULAR_SEARCHES_MAX } from '@despensa/contracts';
import { CHAIN_SELLER_ID } from '@despensa/domain';
import type { Database, Db, Tx } from '../../db/client';
import type { PromotionsService } from '../promotions/service';
import type { CatalogIndex } from './catalog-index';
import { CatalogListing } from './catalog-listing';
import { CatalogProducts } from './catalog-products';
import { CatalogSearch, type ListingPage } from './catalog-search';
import { CatalogStock } from './catalog-stock';
import { CatalogSuggestions } from './catalog-suggestions';
import { LiveIndex } from './live-index';
import { RenderedProducts } from './rendered-products';
import type { StockLine } from './stock';
import { loadPopularSearches, replacePopularSearches } from './repo';
import {
  chainChannelsOf,
  lockedChainOffer,
  offersOf,
  setChainPrices,
  setChainStock,
  skuIsKnown,
} from './integration-writes';
import { CatalogRecords } from './catalog-records';
import { findProducts, productRecord, productSkus, skuRecord, updateProduct, updateSku } from './pvt-records';
import type { RebuildRotation } from './rebuild-rotation';
import type { ChangedProduct } from './index-types';

/**
 * The catalogue's read interface for other modules: the index `CatalogService.index` answers (its
 * documents and offers), and how a sku is named and pictured wherever it is shown (the cart's lines).
 * Other modules import these from here, never from the files that define them (.dependency-cruiser.cjs).
 */
export type { CatalogIndex, Offer, ProductDoc, SkuDoc } from './catalog-index';
export type { ListingPage } from './catalog-search';
export { productImageUrl, skuDisplayName } from './product-view';
export { promotionItemOf } from './promotion-lookup';
export { UNLIMITED_STOCK } from './integration-writes';
export type { ChangedProduct } from './index-types';

/**
 * Catalogue, search and ranking, one facade over the rooms that do the work: the live index (LiveIndex),
 * products and their renderings (CatalogProducts, RenderedProducts), search (CatalogSearch), shelves and
 * rankings (CatalogListing), the search box (CatalogSuggestions) and stored stock (CatalogStock).
 */
export class CatalogService {
  private readonly live: LiveIndex;
  private readonly rendered: RenderedProducts;
  /** What an ERP adds: brands, categories, products and SKUs (catalog-records.ts). */
  readonly records: CatalogRecords;
  private readonly products: CatalogProducts;
  private readonly searching: CatalogSearch;
  private readonly listing: CatalogListing;
  private readonly suggesting: CatalogSuggestions;
  private readonly stock: CatalogStock;

  constructor(
    private readonly database: Database,
    promotions: PromotionsService,
    private readonly clock: () => Date = () => new Date(),
    log: (message: string) => void = () => {},
    /** Set: rebuilds out of the load balancer's rotation (RebuildRotation). */
    rotation: RebuildRotation | null = null,
  ) {
    this.records = new CatalogRecords(() => database.db, clock);
    const indexOf = () => this.live.index;
    this.rendered = new RenderedProducts(indexOf, clock);
    const view = this.rendered.view.bind(this.rendered);
    this.products = new CatalogProducts(database.db, indexOf, view, clock);
    this.searching = new CatalogSearch(indexOf, view);
    this.listing = new CatalogListing(indexOf, view);
    this.suggesting = new CatalogSuggestions(database.db, indexOf, view, clock);
    this.stock = new CatalogStock(database);
    this.live = new LiveIndex(
      database,
      promotions,
      {
        allChanged: () => {
          this.suggesting.clear();
          this.rendered.clear();
        },
        productChanged: (product, salesChannel) => this.rendered.forget(product, salesChannel),
        pricesChanged: () => this.suggesting.clear(),
      },
      clock,
      log,
      rotation,
    );
  }

  get index(): CatalogIndex {
    return this.live.index;
  }

  /** Whether it answers from an index, not out of rotation (/api/ready). */
  get serving(): boolean {
    return this.live.serving;
  }

  // The index's life: built at start, kept current by the database's notifications.

  start(): Promise<void> {
    return this.live.start();
  }

  stop(): Promise<void> {
    return this.live.stop();
  }

  /** Rebuilds now; concurrent requests share one rebuild and one more runs if writes came in meanwhile. */
  rebuild(): Promise<void> {
    return this.live.rebuild();
  }

  /**
   * Told when the index is rebuilt or a promotion reaching any product changed (null) or an offer runs out
   * or comes back in a channel; a promotion reaching some products tells onProductsChanged.
   */
  onChange(watcher: (change: { salesChannel: number } | null) => void): void {
    this.live.onChange(watcher);
  }

  /** Told when some products changed in place (an ERP's price write): the pages that show them are stale. */
  onProductsChanged(watcher: (products: ChangedProduct[]) => void): void {
    this.live.onProductsChanged(watcher);
  }

  // The integration APIs' writes (integration-writes, pvt-records), in the caller's transaction.

  /** Whether the SKU exists (as stored, not as indexed). */
  skuIsKnown(skuId: number, tx: Db | Tx): Promise<boolean> {
    return skuIsKnown(tx, skuId);
  }

  /** The channels the chain sells the SKU in, their offers locked until `tx` commits. */
  chainChannelsOf(skuId: number, tx: Tx): Promise<number[]> {
    return chainChannelsOf(tx, skuId);
  }

  /** Sets the chain's prices of one SKU per channel; every instance patches them in at the commit. */
  setChainPrices(
    skuId: number,
    offers: { salesChannel: number; price: number; listPrice: number }[],
    tx: Tx,
  ): Promise<void> {
    return setChainPrices(tx, skuId, offers);
  }

  /** The chain's offer of a SKU in a channel, locked, with the units its holders took (sold or held). */
  lockedChainOffer(skuId: number, salesChannel: number, tx: Tx) {
    return lockedChainOffer(tx, skuId, salesChannel);
  }

  /** Sets the units of the chain's offer left to sell in a channel. */
  async setChainStock(skuId: number, salesChannel: number, availableQuantity: number, tx: Tx): Promise<void> {
    await setChainStock(tx, skuId, salesChannel, availableQuantity);
  }

  /** A product in VTEX's Catalog pvt shape (productNotFound). */
  productRecord(productId: number, tx: Db | Tx = this.database.db): Promise<CatalogProduct> {
    return productRecord(tx, productId);
  }

  /** Writes an ERP's product fields; answers the record before and after. */
  updateProduct(productId: number, body: CatalogProductBody, tx: Tx) {
    return updateProduct(tx, productId, body, this.clock());
  }

  /** A SKU in VTEX's Catalog pvt shape (skuNotFound). */
  skuRecord(skuId: number, tx: Db | Tx = this.database.db): Promise<CatalogSku> {
    return skuRecord(tx, skuId);
  }

  /** Writes an ERP's SKU fields (name, EAN, measurement unit and multiplier); answers before and after. */
  updateSku(skuId: number, body: CatalogSkuBody, tx: Tx) {
    return updateSku(tx, skuId, body);
  }

  /** The back office's search by name, product or SKU id, or EAN (findProducts). */
  findProducts(text: string, limit = 50) {
    return findProducts(this.database.db, text, limit);
  }

  /** A product's SKUs as stored, in VTEX's shape. */
  productSkus(productId: number): Promise<CatalogSku[]> {
    return productSkus(this.database.db, productId);
  }

  /** The chain's offers of these SKUs as stored, every channel (cents). */
  async storedChainOffers(skuIds: number[]) {
    return (await offersOf(this.database.db, skuIds)).filter((offer) => offer.sellerId === CHAIN_SELLER_ID);
  }

  // Stored stock, in the caller's transaction (CatalogStock).

  offersInDatabase(skuIds: number[], salesChannel: number, tx: Db | Tx) {
    return this.stock.offersInDatabase(skuIds, salesChannel, tx);
  }

  holdStock(holder: string, lines: StockLine[], expiresAt: Date, tx: Tx): Promise<void> {
    return this.stock.holdStock(holder, lines, expiresAt, tx);
  }

  sellHeldStock(holder: string, tx: Tx): Promise<boolean> {
    return this.stock.sellHeldStock(holder, tx);
  }

  releaseHeldStock(holder: string, tx: Tx): Promise<void> {
    return this.stock.releaseHeldStock(holder, tx);
  }

  returnSoldStock(holder: string, sellerId: string, tx: Tx): Promise<void> {
    return this.stock.returnSoldStock(holder, sellerId, tx);
  }

  channelOfSold(holder: string, tx: Db | Tx): Promise<number | null> {
    return this.stock.channelOfSold(holder, tx);
  }

  changeSoldStock(holder: string, lines: StockLine[], tx: Tx): Promise<void> {
    return this.stock.changeSoldStock(holder, lines, tx);
  }

  releaseExpiredStockHolds(now: Date): Promise<number> {
    return this.stock.releaseExpiredStockHolds(now);
  }

  // Products (CatalogProducts) and their JSON (RenderedProducts).

  productById(id: string, salesChannel: number): Product {
    return this.products.productById(id, salesChannel);
  }

  productBySlug(slug: string, salesChannel: number): Product {
    return this.products.productBySlug(slug, salesChannel);
  }

  reviews(productId: string) {
    return this.products.reviews(productId);
  }

  productsOfSkus(skuIds: string[], salesChannel: number): Product[] {
    return this.products.productsOfSkus(skuIds, salesChannel);
  }

  productsBySkus(sellerId: string, skuIds: string[], salesChannel: number): Product[] {
    return this.products.productsOfSkus(skuIds, salesChannel, sellerId);
  }

  skuInStock(skuId: string, salesChannel: number): boolean {
    return this.products.skuInStock(skuId, salesChannel);
  }

  specificationFields(categoryId: string) {
    return this.products.specificationFields(categoryId);
  }

  categoryTree(): CategoryNode[] {
    return this.products.categoryTree();
  }

  activePromotions() {
    return this.products.activePromotions();
  }

  /** The JSON of a product this service rendered (already validated). */
  productJson(product: Product): string {
    return this.rendered.productJson(product);
  }

  /** The JSON array of products this service rendered. */
  json(products: Product[]): string {
    return this.rendered.json(products);
  }

  // Search (CatalogSearch).

  listByPath(path: string, options: Parameters<CatalogSearch['listByPath']>[1]): ListingPage {
    return this.searching.listByPath(path, options);
  }

  search(
    path: string,
    body: Parameters<CatalogSearch['search']>[1],
    options: Parameters<CatalogSearch['search']>[2],
  ): SearchResponse {
    return this.searching.search(path, body, options);
  }

  facets(...args: Parameters<CatalogSearch['facets']>): FacetsResponse {
    return this.searching.facets(...args);
  }

  legacyFacets(path: string, ft: string | undefined, salesChannel: number) {
    return this.searching.legacyFacets(path, ft, salesChannel);
  }

  // Shelves and rankings (CatalogListing).

  recommended(options: Parameters<CatalogListing['recommended']>[0]): Product[] {
    return this.listing.recommended(options);
  }

  frequent(salesChannel: number, qty?: number, boughtSkus?: string[]): Product[] {
    return this.listing.frequent(salesChannel, qty, boughtSkus);
  }

  sponsored(salesChannel: number, listing?: Parameters<CatalogListing['sponsored']>[1]): Product[] {
    return this.listing.sponsored(salesChannel, listing);
  }

  ranking(skuIds: string[]) {
    return this.listing.ranking(skuIds);
  }

  collectionRanking(collectionId: string) {
    return this.listing.collectionRanking(collectionId);
  }

  // The search box (CatalogSuggestions).

  autocomplete(term: string, maxRows?: number) {
    return this.suggesting.autocomplete(term, maxRows);
  }

  suggestions(term: string, salesChannel: number, sellerId?: string): SearchSuggestions {
    return this.suggesting.suggestions(term, salesChannel, sellerId);
  }

  popularSearches(limit?: number) {
    return this.suggesting.popularSearches(limit);
  }

  /** The back office's list of popular searches, in `tx`: the terms before and after. */
  async setPopularSearches(terms: string[], tx: Tx): Promise<{ before: string[]; after: string[] }> {
    const before = (await loadPopularSearches(tx, POPULAR_SEARCHES_MAX)).map((row) => row.term);
    await replacePopularSearches(tx, terms);
    return { before, after: terms };
  }

  suggestedProducts(path: string, limit?: number, salesChannel?: number): Product[] {
    return this.suggesting.suggestedProducts(path, limit, salesChannel);
  }
}
