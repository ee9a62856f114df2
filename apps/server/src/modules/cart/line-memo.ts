import { LRUCache } from 'lru-cache';
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

/**
 * Line memos per cart, for the carts used most recently, up to `maxLines` lines in all (a line's memo is a
 * few kilobytes: the priced line, the item view and its JSON).
 */
export class LineMemos {
  /** Sized by lines (an empty cart counts one), least recently used carts evicted first. */
  private readonly carts: LRUCache<string, Map<number, LineMemo>>;

  constructor(maxLines: number) {
    this.carts = new LRUCache({ maxSize: maxLines, sizeCalculation: (memos) => Math.max(1, memos.size) });
  }

  /** The cart's memos by sku id (empty for a cart not kept); hand them back with `keep`. */
  of(orderFormId: string): Map<number, LineMemo> {
    return this.carts.get(orderFormId) ?? new Map();
  }

  /** Keeps the cart's memos as the most recently used, and forgets the least recently used over the bound. */
  keep(orderFormId: string, memos: Map<number, LineMemo>): void {
    // The same Map comes back with lines added or removed: deleted first, so its size is counted again.
    this.carts.delete(orderFormId);
    this.carts.set(orderFormId, memos);
  }
}

/** Sales channels whose live promotions are kept at once (a shop has a handful). */
const MAX_SALES_CHANNELS = 1000;

/**
 * The live promotions per sales channel of one promotion list, kept until a promotion starts or ends, so
 * lines priced with them can be reused (LineMemo.live is compared by identity).
 */
export class LivePromotionsBySalesChannel {
  /** Bounded like every cart cache: `?sc=` takes any channel number a client sends. */
  private readonly kept = new LRUCache<
    number,
    { source: readonly Promotion[]; at: number; live: LivePromotions }
  >({ max: MAX_SALES_CHANNELS });

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
