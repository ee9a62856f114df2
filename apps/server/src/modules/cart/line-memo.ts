import { livePromotions, type LivePromotions, type PricedLine, type Promotion } from '@despensa/domain';
import type { OrderFormItem } from '@despensa/contracts';

/**
 * What pricing and rendering one cart line produced last time, reused while nothing it depends on has
 * changed. A change touches one or two lines of a cart, yet every change answers the whole orderForm:
 * without this, every line was priced, rendered, validated and encoded again each time.
 */
export interface LineMemo {
  /** The line's own inputs: seller, quantity, the offer's prices and the availability they give. */
  key: string;
  /** The catalogue snapshot the product and sku came from. */
  snapshot: object;
  live: LivePromotions;
  priced: PricedLine;
  /** The orderForm item rendered from `priced` (its JSON is kept beside it: see orderform-json). */
  view: OrderFormItem | null;
}

/** Line memos per cart, for the carts used most recently. */
export class LineMemos {
  private readonly carts = new Map<string, Map<number, LineMemo>>();

  constructor(private readonly maxCarts: number) {}

  /** The cart's memos by sku id (created empty). */
  of(orderFormId: string): Map<number, LineMemo> {
    let memos = this.carts.get(orderFormId);
    if (memos) this.carts.delete(orderFormId);
    else memos = new Map();
    // Re-inserting keeps the Map in least-recently-used order.
    this.carts.set(orderFormId, memos);
    if (this.carts.size > this.maxCarts) this.carts.delete(this.carts.keys().next().value!);
    return memos;
  }
}

/**
 * The live promotions per sales channel of one promotion list, kept until a promotion starts or ends, so
 * lines priced with them can be reused (LineMemo.live is compared by identity).
 */
export class LivePromotionsBySalesChannel {
  private readonly kept = new Map<
    number,
    { source: readonly Promotion[]; at: number; live: LivePromotions }
  >();

  get(promotions: readonly Promotion[], salesChannel: number, now: Date): LivePromotions {
    const at = now.getTime();
    const held = this.kept.get(salesChannel);
    const until = held?.live.validUntil?.getTime() ?? Infinity;
    // A clock set back (tests) may see promotions that had not started yet.
    if (held && held.source === promotions && at >= held.at && at < until) return held.live;
    const live = livePromotions({ promotions, salesChannel, now });
    this.kept.set(salesChannel, { source: promotions, at, live });
    return live;
  }
}
