import {
  cardOffer,
  isInStock,
  isOnSale,
  isPromotionLive,
  nextPromotionChange,
  savingOff,
  type Promotion,
} from '@despensa/domain';
import { holdHeapNearLive } from '../../heap';
import {
  CARD_IN_STOCK,
  CARD_ON_SALE,
  CARD_SOLD,
  CARD_WORKED,
  DISCOUNT_SCALE,
  type ChannelView,
  type Offer,
  type ProductDoc,
  type SkuDoc,
} from './index-types';
import type { OfferTable } from './offer-table';

/** What one unit of an offer costs in the cart now (CatalogIndex.offerUnitPrice). */
type UnitPrice = (product: ProductDoc, sku: SkuDoc, offer: Offer, salesChannel: number, now: Date) => number;

/** The index's promotions, and which products some of them reach (null: any; see promotion-reach). */
export interface PromotionSource {
  current(): readonly Promotion[];
  reach(promotions: readonly Promotion[]): ProductDoc[] | null;
}

/** Background work per turn of the event loop: a slice this long, then the requests that came meanwhile. */
const WARM_SLICE_MS = 2;

/**
 * Per-channel columns over documents (sold, in stock, price, discount), so filtering and sorting 50,000
 * products reads typed arrays instead of walking offers. `price` is what the cart charges for one unit,
 * promotions included (the card's price): sorting and price filters follow what the shopper sees.
 * A document's columns are worked out when a listing first reads it (ChannelView.ready), not the whole
 * channel at once: each store is a channel, and at 500,000 products working a channel out took 1.6 s of
 * the event loop on its first shopper's request, and again after any promotion reaching every product.
 * When a promotion starts, ends or is written, or a product's offers change, the cards it reaches are
 * worked out again when next read (every card, for one that reaches any product); when the clock is set
 * back (tests), the whole view. A channel's columns are also worked out in the background from its first
 * listing on, a slice of WARM_SLICE_MS per turn of the event loop, so its later shoppers wait for nothing.
 */
export class ChannelViews {
  private readonly views = new Map<number, ChannelView>();
  /** The next slice of background work (warmSoon), if one is due; none once retired. */
  private warming: NodeJS.Immediate | null = null;
  /** Held while views are worked out in the background: their garbage is collected as it comes (heap.ts). */
  private heapHold: (() => void) | null = null;
  private retired = false;

  constructor(
    private readonly products: readonly ProductDoc[],
    private readonly promotions: PromotionSource,
    private readonly offers: OfferTable,
    private readonly unitPrice: UnitPrice,
    private readonly clock: () => Date,
  ) {}

  /**
   * The offer a product's card shows in the channel; null when nobody sells it. Chosen again from the
   * offers rather than kept by place: a card's offer follows its offers (a change marks the card to be
   * worked out again), and six bytes a product and channel were 81 MB across a national chain's stores.
   */
  cardOfferOf(product: ProductDoc, salesChannel: number): Offer | null {
    return this.cardOf(product, salesChannel)?.offer ?? null;
  }

  /** Whether anyone sells the product in the channel (its card has an offer), without building the offer. */
  isSold(product: ProductDoc, salesChannel: number): boolean {
    return ((this.readied(product, salesChannel)?.card[product.doc] ?? 0) & CARD_SOLD) !== 0;
  }

  /** The price the product's card shows for one unit in the channel (ChannelView.price); 0 when unsold. */
  priceOf(product: ProductDoc, salesChannel: number): number {
    return this.readied(product, salesChannel)?.price[product.doc] ?? 0;
  }

  /** The channel's view with the product's columns worked out. */
  private readied(product: ProductDoc, salesChannel: number): ChannelView | null {
    const view = this.of(salesChannel);
    view?.ready(product.doc);
    return view;
  }

  /** The channel's view; null for a channel no seller offers anything in. */
  of(salesChannel: number): ChannelView | null {
    if (!this.offers.has(salesChannel)) return null;
    const now = this.clock();
    const time = now.getTime();
    let view = this.views.get(salesChannel);
    if (view && time >= view.validUntil && time >= view.computedAt) this.advance(view, salesChannel, now);
    if (!view || time < view.computedAt || time >= view.validUntil) {
      view = this.newView(salesChannel, now);
      this.views.set(salesChannel, view);
      this.warmSoon();
    }
    return view;
  }

  /** The index these views belong to was replaced: nothing more is worked out in the background. */
  retire(): void {
    this.retired = true;
    if (this.warming) clearImmediate(this.warming);
    this.warming = null;
    this.warmed();
  }

  /**
   * Works a channel's columns out whole, a slice per turn of the event loop: a new index does so for the
   * default channel before it serves (the index it replaces serves meanwhile).
   */
  async warm(salesChannel: number): Promise<void> {
    const view = this.of(salesChannel);
    while (view && !this.retired && !this.warmView(view, performance.now() + WARM_SLICE_MS))
      await new Promise((resolve) => setImmediate(resolve));
  }

  private warmSoon(): void {
    if (this.warming || this.retired) return;
    this.heapHold ??= holdHeapNearLive();
    this.warming = setImmediate(() => {
      this.warming = null;
      const until = performance.now() + WARM_SLICE_MS;
      for (const view of this.views.values()) if (!this.warmView(view, until)) return this.warmSoon();
      this.warmed();
    });
  }

  /** Nothing is left to work out in the background: V8 sizes the heap as it likes again. */
  private warmed(): void {
    this.heapHold?.();
    this.heapHold = null;
  }

  /**
   * Works the view's columns out in document order until `until`; true when they all are. A card marked to
   * be worked out again behind the cursor (a promotion, a stock change) waits to be read.
   */
  private warmView(view: ChannelView, until: number): boolean {
    while (view.warmed < this.products.length) {
      view.ready(view.warmed++);
      if (view.warmed % 64 === 0 && performance.now() > until) return false;
    }
    return true;
  }

  /** A view with nothing worked out yet, at `now`: each document's columns as it is first read. */
  private newView(salesChannel: number, now: Date): ChannelView {
    const count = this.products.length;
    let at = now;
    const view: ChannelView = {
      computedAt: now.getTime(),
      validUntil: this.nextChange(now),
      card: new Uint8Array(count),
      price: new Int32Array(count),
      discount: new Uint16Array(count),
      warmed: 0,
      ready: (doc) => {
        if (view.card[doc]! & CARD_WORKED) return;
        // The view's instant, which moves when a promotion starts or ends (advance).
        if (at.getTime() !== view.computedAt) at = new Date(view.computedAt);
        this.fill(view, this.products[doc]!, salesChannel, at);
      },
    };
    return view;
  }

  /**
   * The promotions changed, reaching these products (null: any). Their cards in every view are worked out
   * again, at the view's instant, and so is when the view next goes stale (a new promotion may start
   * sooner); for any product, every view is worked out again when next read.
   */
  promotionsChanged(reached: readonly ProductDoc[] | null): void {
    if (reached === null) return this.views.clear();
    for (const view of this.views.values()) {
      view.validUntil = this.nextChange(new Date(view.computedAt));
      for (const product of reached) view.card[product.doc] = 0;
    }
  }

  /**
   * Promotions started or ended since the view was worked out: the cards they reach are worked out again
   * at `now`. One that reaches any product leaves the view stale, for the caller to work out whole.
   */
  private advance(view: ChannelView, salesChannel: number, now: Date): void {
    const before = new Date(view.computedAt);
    const turned = this.promotions
      .current()
      .filter(
        (promotion) =>
          isPromotionLive(promotion, { now: before, salesChannel }) !==
          isPromotionLive(promotion, { now, salesChannel }),
      );
    const reached = this.promotions.reach(turned);
    if (reached === null) return;
    view.computedAt = now.getTime();
    view.validUntil = this.nextChange(now);
    for (const product of reached) view.card[product.doc] = 0;
  }

  private nextChange(now: Date): number {
    return nextPromotionChange(this.promotions.current(), now)?.getTime() ?? Infinity;
  }

  /** One product's offers changed: its card in the channel's view (if worked out) follows. */
  refresh(product: ProductDoc, salesChannel: number): void {
    const view = this.views.get(salesChannel);
    if (view) view.card[product.doc] = 0;
  }

  /** One product's card in a channel view: whether it is sold and in stock, its shown price, its discount. */
  private fill(view: ChannelView, product: ProductDoc, salesChannel: number, now: Date): void {
    const best = this.cardOf(product, salesChannel);
    view.price[product.doc] = 0;
    view.discount[product.doc] = 0;
    if (!best) {
      view.card[product.doc] = CARD_WORKED;
      return;
    }
    const { offer, sku } = best;
    const price = this.unitPrice(product, sku, offer, salesChannel, now);
    // The 'En oferta' facet follows the card's offer flag.
    const onSale = isOnSale(offer) ? CARD_ON_SALE : 0;
    view.card[product.doc] = CARD_WORKED | CARD_SOLD | (offerInStock(offer) ? CARD_IN_STOCK : 0) | onSale;
    view.price[product.doc] = price;
    // The best-discount order follows the card's saving badge: the price shown, promotions included, off
    // the list price. Rounded up, so any saving at all reads above zero.
    view.discount[product.doc] = Math.ceil(savingOff(offer.listPrice, price) * DISCOUNT_SCALE);
  }

  /** The domain's card offer among the product's priced offers in the channel (§5: no price, skipped). */
  private cardOf(product: ProductDoc, salesChannel: number) {
    return cardOffer(
      product.skus,
      (sku) => this.offers.offersAt(sku.slot, salesChannel).filter((offer) => offer.listPrice > 0),
      offerInStock,
    );
  }
}

function offerInStock(offer: Offer): boolean {
  return isInStock({ ListPrice: offer.listPrice, AvailableQuantity: offer.availableQuantity });
}
