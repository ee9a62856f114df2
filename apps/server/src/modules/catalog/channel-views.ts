import { cardOffer, isInStock, isPromotionLive, nextPromotionChange, type Promotion } from '@despensa/domain';
import type { ChannelView, Offer, ProductDoc, SkuDoc } from './index-types';
import type { OfferTable } from './offer-table';

/** What one unit of an offer costs in the cart now (CatalogIndex.offerUnitPrice). */
type UnitPrice = (product: ProductDoc, sku: SkuDoc, offer: Offer, salesChannel: number, now: Date) => number;

/** The index's promotions, and which products some of them reach (null: any; see promotion-reach). */
export interface PromotionSource {
  current(): readonly Promotion[];
  reach(promotions: readonly Promotion[]): ProductDoc[] | null;
}

/**
 * Per-channel columns over documents (sold, in stock, price, discount), computed once per snapshot and
 * channel, so filtering and sorting 50,000 products reads typed arrays instead of walking offers.
 * `price` is what the cart charges for one unit, promotions included (the card's price): sorting and
 * price filters follow what the shopper sees. When a promotion starts, ends or is written, the cards it
 * reaches are worked out again (all of them for one that reaches any product); when the clock is set back
 * (tests), the whole view.
 */
export class ChannelViews {
  private readonly views = new Map<number, ChannelView>();

  constructor(
    private readonly products: readonly ProductDoc[],
    private readonly promotions: PromotionSource,
    private readonly offers: OfferTable,
    private readonly unitPrice: UnitPrice,
    private readonly clock: () => Date,
  ) {}

  /** The offer a product's card shows in the channel (see ChannelView.cardSlot); null when nobody sells it. */
  cardOfferOf(product: ProductDoc, salesChannel: number): Offer | null {
    const view = this.of(salesChannel);
    const slot = view?.cardSlot[product.doc] ?? -1;
    if (!view || slot < 0) return null;
    return this.offers.offersAt(slot, salesChannel)[view.cardOffer[product.doc]!] ?? null;
  }

  /** Whether anyone sells the product in the channel (its card has an offer), without building the offer. */
  isSold(product: ProductDoc, salesChannel: number): boolean {
    return (this.of(salesChannel)?.cardSlot[product.doc] ?? -1) >= 0;
  }

  /** The channel's view; null for a channel no seller offers anything in. */
  of(salesChannel: number): ChannelView | null {
    if (!this.offers.has(salesChannel)) return null;
    const now = this.clock();
    const time = now.getTime();
    let view = this.views.get(salesChannel);
    if (view && time >= view.validUntil && time >= view.computedAt) this.advance(view, salesChannel, now);
    if (!view || time < view.computedAt || time >= view.validUntil) {
      const count = this.products.length;
      view = {
        computedAt: time,
        validUntil: this.nextChange(now),
        cardSlot: new Int32Array(count).fill(-1),
        cardOffer: new Uint16Array(count),
        inStock: new Uint8Array(count),
        price: new Int32Array(count),
        discount: new Float32Array(count),
      };
      for (const product of this.products) this.fill(view, product, salesChannel, now);
      this.views.set(salesChannel, view);
    }
    return view;
  }

  /**
   * The promotions changed, reaching these products (null: any). Their cards in every view are worked out
   * again, at the view's instant, and so is when the view next goes stale (a new promotion may start
   * sooner); for any product, every view is worked out again when next read.
   */
  promotionsChanged(reached: readonly ProductDoc[] | null): void {
    if (reached === null) return this.views.clear();
    for (const [salesChannel, view] of this.views) {
      const at = new Date(view.computedAt);
      view.validUntil = this.nextChange(at);
      for (const product of reached) this.fill(view, product, salesChannel, at);
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
    for (const product of reached) this.fill(view, product, salesChannel, now);
  }

  private nextChange(now: Date): number {
    return nextPromotionChange(this.promotions.current(), now)?.getTime() ?? Infinity;
  }

  /** One product's offers changed: its card in the channel's view (if worked out) follows. */
  refresh(product: ProductDoc, salesChannel: number): void {
    const view = this.views.get(salesChannel);
    if (view) this.fill(view, product, salesChannel, new Date(view.computedAt));
  }

  /** One product's card in a channel view: its offer, whether it is sold and in stock, its shown price. */
  private fill(view: ChannelView, product: ProductDoc, salesChannel: number, now: Date): void {
    view.cardSlot[product.doc] = -1;
    view.inStock[product.doc] = 0;
    view.price[product.doc] = 0;
    view.discount[product.doc] = 0;
    // Each sku's offers as the table lists them, to keep the card's offer by its position there. A
    // product's skus take consecutive slots, so a sku's place in the product is its slot's offset.
    const first = product.skus[0]?.slot ?? 0;
    const listed: Offer[][] = [];
    const best = cardOffer(
      product.skus,
      (sku) => {
        const offers = this.offers.offersAt(sku.slot, salesChannel);
        listed[sku.slot - first] = offers;
        // §5: items with no price are skipped.
        return offers.filter((offer) => offer.listPrice > 0);
      },
      offerInStock,
    );
    if (!best) return;
    const { offer, sku } = best;
    view.cardSlot[product.doc] = sku.slot;
    view.cardOffer[product.doc] = listed[sku.slot - first]!.indexOf(offer);
    view.inStock[product.doc] = offerInStock(offer) ? 1 : 0;
    view.price[product.doc] = this.unitPrice(product, sku, offer, salesChannel, now);
    // The 'En oferta' facet follows the card's offer flag: a lower shelf price than the list price.
    view.discount[product.doc] = offer.listPrice > 0 ? (offer.listPrice - offer.price) / offer.listPrice : 0;
  }
}

function offerInStock(offer: Offer): boolean {
  return isInStock({ ListPrice: offer.listPrice, AvailableQuantity: offer.availableQuantity });
}
