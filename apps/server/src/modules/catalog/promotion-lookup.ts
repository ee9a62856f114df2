import {
  boundingList,
  isPromotionLive,
  promotionMatchesItem,
  type InclusionList,
  type Promotion,
  type PromotionItem,
} from '@despensa/domain';
import type { ProductDoc, SkuDoc } from './index-types';

/**
 * The promotions live in one channel at one instant, looked up by what their bounding inclusion lists name
 * (the domain's boundingList): most products have no candidate, and a channel's card prices skip building
 * the item the rule is checked against (at 500,000 products that was 5 s of one thread after every
 * promotion write). The cart's pricing filters the live ones the same way (the domain's livePromotions).
 */
class PromotionLookup {
  /** Promotions with no inclusion list: any item may get them. */
  private readonly anyItem = new Set<Promotion>();
  private readonly named = new Map<InclusionList, Map<string, Promotion[]>>();

  constructor(private readonly live: readonly Promotion[]) {
    for (const promotion of live) {
      const list = boundingList(promotion);
      if (list === null) this.anyItem.add(promotion);
      else for (const id of promotion.inclusions[list]) pushTo(this.listed(list), id, promotion);
    }
  }

  /** The live promotions for this seller's offer of the sku, in their order, by the §5 rule. */
  for(product: ProductDoc, sku: SkuDoc, sellerId: string): Promotion[] {
    const named = this.namedFor(product, sku);
    if (!named && this.anyItem.size === 0) return [];
    const item = promotionItemOf(product, sku, sellerId);
    return this.live.filter(
      (promotion) =>
        (this.anyItem.has(promotion) || named?.has(promotion)) && promotionMatchesItem(promotion, item),
    );
  }

  /** The promotions whose lists name the sku; null when none do (most products: no set is made). */
  private namedFor(product: ProductDoc, sku: SkuDoc): Set<Promotion> | null {
    let found: Set<Promotion> | null = null;
    found = this.addNamed(found, 'skus', sku.id);
    found = this.addNamed(found, 'products', product.id);
    found = this.addNamed(found, 'brands', product.brandId);
    for (const category of product.categoryChain) found = this.addNamed(found, 'categories', category.id);
    for (const collection of product.collectionIds) found = this.addNamed(found, 'collections', collection);
    return found;
  }

  private listed(list: InclusionList): Map<string, Promotion[]> {
    let ids = this.named.get(list);
    if (!ids) this.named.set(list, (ids = new Map()));
    return ids;
  }

  private addNamed(found: Set<Promotion> | null, list: InclusionList, id: number): Set<Promotion> | null {
    const named = this.named.get(list)?.get(String(id));
    if (!named) return found;
    const set = found ?? new Set<Promotion>();
    for (const promotion of named) set.add(promotion);
    return set;
  }
}

let last: {
  promotions: readonly Promotion[];
  salesChannel: number;
  time: number;
  lookup: PromotionLookup;
} | null = null;

/**
 * The promotions live in a channel at `now` (dates, channel, value: §5 without the item), kept for the
 * last channel and instant asked: a channel's card prices ask for every product at one instant.
 */
export function promotionLookup(
  promotions: readonly Promotion[],
  salesChannel: number,
  now: Date,
): PromotionLookup {
  const time = now.getTime();
  if (last?.promotions === promotions && last.salesChannel === salesChannel && last.time === time)
    return last.lookup;
  const lookup = new PromotionLookup(
    promotions.filter((promotion) => isPromotionLive(promotion, { now, salesChannel })),
  );
  last = { promotions, salesChannel, time, lookup };
  return lookup;
}

/** A sku of the catalogue as the §5 rule checks it, sold by `sellerId` (the cart's pricing line too). */
export function promotionItemOf(product: ProductDoc, sku: SkuDoc, sellerId: string): PromotionItem {
  return {
    productId: String(product.id),
    skuId: String(sku.id),
    brandId: String(product.brandId),
    categoryIds: product.categoryChain.map((category) => String(category.id)),
    collectionIds: product.collectionIds.map(String),
    sellerId,
  };
}

function pushTo(map: Map<string, Promotion[]>, id: string, promotion: Promotion): void {
  const list = map.get(id);
  if (list) list.push(promotion);
  else map.set(id, [promotion]);
}
