import {
  LOCALE,
  isInStock,
  priceLine,
  pricedCart,
  type CartPricing,
  type LivePromotions,
  type PricingLine,
} from '@despensa/domain';
import type { OrderFormItem } from '@despensa/contracts';
import type { Db, Tx } from '../../db/client';
import {
  promotionItemOf,
  skuDisplayName,
  type CatalogIndex,
  type Offer,
  type ProductDoc,
  type SkuDoc,
} from '../catalog/service';
import type { CartState, OrderFormItemRow } from './repo';
import type { LineMemo } from './line-memo';
import type { CartDeps, CartStore } from './store';

/** A cart line with what the catalogue says of it now. */
export interface ResolvedLine {
  item: OrderFormItemRow;
  product: ProductDoc | undefined;
  sku: SkuDoc | undefined;
  offer: Offer | undefined;
  availability: OrderFormItem['availability'];
}

export interface PricedCart {
  lines: ResolvedLine[];
  pricing: CartPricing;
  /** Pricing lines by sku, for the available lines only. */
  pricedBySku: Map<number, CartPricing['lines'][number]>;
  /** The cart's line memos, where render finds the item views of unchanged lines. */
  memos: Map<number, LineMemo>;
}

/**
 * Prices a cart on every read from the in-memory catalogue with the domain's engine, so a price or
 * promotion change shows at once; a line whose inputs did not change keeps its price (see LineMemo).
 */
export class CartPricer {
  constructor(
    private readonly deps: CartDeps,
    private readonly store: CartStore,
  ) {}

  /** `stored`: offers read from the database (by `sku|seller`) to price with instead of the index's. */
  async price(
    cart: CartState,
    db: Db | Tx = this.deps.database.db,
    stored?: Map<string, Offer>,
  ): Promise<PricedCart> {
    const index = this.deps.catalog.index;
    const salesChannel = cart.form.salesChannel;
    const lines = orderedLines(index, cart).map((item) => resolveLine(index, item, salesChannel, stored));
    const coupon = cart.form.coupon ? await this.deps.promotions.coupon(cart.form.coupon, db) : null;
    const live = this.store.liveFor(
      { promotions: index.promotions, coupon },
      salesChannel,
      this.deps.clock(),
      cart.form,
    );
    const { pricedBySku, memos } = this.priceLines(cart.form.id, lines, index, live);
    const pricing = pricedCart([...pricedBySku.values()], live);
    return { lines, pricing, pricedBySku, memos };
  }

  /**
   * Only what can be bought is priced and counted in the totals, as VTEX does. A line priced before with
   * the same inputs keeps its price (see LineMemo).
   */
  private priceLines(orderFormId: string, lines: ResolvedLine[], index: CatalogIndex, live: LivePromotions) {
    const memos = this.store.memosOf(orderFormId);
    const pricedBySku = new Map<number, CartPricing['lines'][number]>();
    for (const line of lines) {
      if (line.availability !== 'available') continue;
      const { item, offer } = line;
      const key = `${item.sellerId}|${item.quantity}|${offer!.price}|${offer!.listPrice}|${offer!.availableQuantity}`;
      let memo = memos.get(item.skuId);
      if (!memo || memo.key !== key || memo.snapshot !== index || memo.live !== live) {
        memo = { key, snapshot: index, live, priced: priceLine(pricingLine(line), live), view: null };
        memos.set(item.skuId, memo);
      }
      pricedBySku.set(item.skuId, memo.priced);
    }
    // Lines gone from the cart (or unavailable now) take their memos with them.
    if (memos.size > pricedBySku.size) {
      for (const skuId of memos.keys()) if (!pricedBySku.has(skuId)) memos.delete(skuId);
    }
    this.store.keepMemos(orderFormId, memos);
    return { pricedBySku, memos };
  }
}

/** Lines in itemsOrdination order: add time (a counter) or name, ties by add time. */
export function orderedLines(index: CatalogIndex, cart: CartState): OrderFormItemRow[] {
  const { criteria, ascending } = cart.form.itemsOrdination;
  const direction = ascending ? 1 : -1;
  const nameOf = (item: OrderFormItemRow) => {
    const entry = index.skusById.get(item.skuId);
    return entry ? skuDisplayName(entry.product, entry.sku) : '';
  };
  const names = criteria === 'name' ? new Map(cart.items.map((item) => [item, nameOf(item)])) : null;
  return [...cart.items].sort(
    (a, b) =>
      direction *
      (names ? names.get(a)!.localeCompare(names.get(b)!, LOCALE) || a.seq - b.seq : a.seq - b.seq),
  );
}

function resolveLine(
  index: CatalogIndex,
  item: OrderFormItemRow,
  salesChannel: number,
  stored: Map<string, Offer> | undefined,
): ResolvedLine {
  const entry = index.skusById.get(item.skuId);
  const found = stored
    ? stored.get(`${item.skuId}|${item.sellerId}`)
    : entry && index.offersFor(entry.sku, salesChannel).find((each) => each.sellerId === item.sellerId);
  const offer = entry && found && found.listPrice > 0 ? found : undefined;
  const availability: ResolvedLine['availability'] = !offer
    ? 'cannotBeDelivered'
    : isInStock({ ListPrice: offer.listPrice, AvailableQuantity: offer.availableQuantity })
      ? 'available'
      : 'withoutStock';
  return { item, product: entry?.product, sku: entry?.sku, offer, availability };
}

/** The engine's line for an available cart line (or a sample cart's line: the back office's preview). */
export function pricingLine({
  item,
  product,
  sku,
  offer,
}: Pick<ResolvedLine, 'product' | 'sku' | 'offer'> & {
  item: Pick<OrderFormItemRow, 'sellerId' | 'quantity'>;
}): PricingLine {
  // Only called for available lines, which have all three.
  const p = product!;
  const s = sku!;
  return {
    ...promotionItemOf(p, s, item.sellerId),
    quantity: item.quantity,
    unitMultiplier: s.unitMultiplier,
    measurementUnit: s.measurementUnit,
    listPrice: offer!.listPrice,
    price: offer!.price,
    contentQuantity: s.contentQuantity,
    contentUnit: s.contentUnit,
  };
}
