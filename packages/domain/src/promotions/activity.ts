import type { Promotion } from './types';

/** The item facts promotion lists are matched against. Ids are compared as strings. */
export interface PromotionItem {
  productId: string;
  skuId: string;
  brandId: string;
  categoryIds: readonly string[];
  collectionIds: readonly string[];
  sellerId: string;
}

export interface PromotionContext {
  now: Date;
  salesChannel: number;
  item: PromotionItem;
}

const has = (list: readonly (string | number)[], id: string | number): boolean =>
  list.some((entry) => String(entry) === String(id));
const intersects = (list: readonly (string | number)[], ids: readonly (string | number)[]): boolean =>
  ids.some((id) => has(list, id));

export interface PromotionDates {
  start: string;
  end: string;
  startMs: number;
  endMs: number;
}

/**
 * Each promotion's dates, parsed once: every price shown checks every live promotion, and parsing its two
 * dates there was most of a product's render and of a cold autocomplete (issue 33). Kept by promotion and
 * checked against its texts, so a promotion given other dates is parsed again.
 */
const parsedDates = new WeakMap<Promotion, PromotionDates>();

/** The promotion's start and end in epoch ms (NaN for a date that does not parse), parsed once. */
export function promotionDates(promotion: Promotion): PromotionDates {
  const known = parsedDates.get(promotion);
  if (known && known.start === promotion.start && known.end === promotion.end) return known;
  const parsed = {
    start: promotion.start,
    end: promotion.end,
    startMs: Date.parse(promotion.start),
    endMs: Date.parse(promotion.end),
  };
  parsedDates.set(promotion, parsed);
  return parsed;
}

/** start <= now <= end; an unparseable date makes the promotion inactive rather than open-ended. */
function isWithinDates(promotion: Promotion, now: Date): boolean {
  const { startMs, endMs } = promotionDates(promotion);
  const t = now.getTime();
  return !Number.isNaN(startMs) && !Number.isNaN(endMs) && startMs <= t && t <= endMs;
}

function matchesSalesChannel(promotion: Promotion, salesChannel: number): boolean {
  // §5 "matches the inclusion or exclusion list": idsSalesChannel includes (empty = any), *Exclusive excludes.
  const included = promotion.idsSalesChannel.length === 0 || has(promotion.idsSalesChannel, salesChannel);
  return included && !has(promotion.idsSalesChannelExclusive, salesChannel);
}

/** True when any §3 exclusion list (product, sku, brand, category, collection, seller) names the item. */
export function isPromotionExcluded(promotion: Promotion, item: PromotionItem): boolean {
  const { exclusions } = promotion;
  return (
    has(exclusions.products, item.productId) ||
    has(exclusions.skus, item.skuId) ||
    has(exclusions.brands, item.brandId) ||
    intersects(exclusions.categories, item.categoryIds) ||
    intersects(exclusions.collections, item.collectionIds) ||
    has(exclusions.seller, item.sellerId)
  );
}

/**
 * §5: active only when now is within start and end, the sales channel matches, the value is not 0 and no
 * exclusion list matches. Inclusion lists are not part of §5's rule: check them with `promotionAppliesTo`.
 */
export function isPromotionActive(promotion: Promotion, context: PromotionContext): boolean {
  return isPromotionLive(promotion, context) && !isPromotionExcluded(promotion, context.item);
}

/**
 * The part of §5's rule that does not depend on the item (dates, sales channel, value), so a whole cart
 * can check it once per promotion instead of once per line. A promotion the chain paused is never live.
 */
export function isPromotionLive(
  promotion: Promotion,
  { now, salesChannel }: Omit<PromotionContext, 'item'>,
): boolean {
  return (
    promotion.active !== false &&
    isWithinDates(promotion, now) &&
    matchesSalesChannel(promotion, salesChannel) &&
    promotion.value !== 0
  );
}

/** An inclusion list lets the item in when it is empty or names it. */
function ok(list: readonly string[], match: boolean): boolean {
  return list.length === 0 || match;
}

/** The inclusion lists, most particular first. */
const INCLUSION_LISTS = ['skus', 'products', 'brands', 'categories', 'collections'] as const;
export type InclusionList = (typeof INCLUSION_LISTS)[number];

/**
 * The list that bounds what a promotion can reach: it applies only to items every non-empty inclusion list
 * names, so its first one is enough; null when it has none (it may apply to any item).
 */
export function boundingList(promotion: Promotion): InclusionList | null {
  return INCLUSION_LISTS.find((list) => promotion.inclusions[list].length > 0) ?? null;
}

/** §5 with the item, the live part checked apart (isPromotionLive): its lists include it, none excludes it. */
export function promotionMatchesItem(promotion: Promotion, item: PromotionItem): boolean {
  return promotionAppliesTo(promotion, item) && !isPromotionExcluded(promotion, item);
}

/** Inclusion lists: every non-empty list must name the item; an empty list means any. */
export function promotionAppliesTo(promotion: Promotion, item: PromotionItem): boolean {
  const { inclusions } = promotion;
  return (
    ok(inclusions.products, has(inclusions.products, item.productId)) &&
    ok(inclusions.skus, has(inclusions.skus, item.skuId)) &&
    ok(inclusions.brands, has(inclusions.brands, item.brandId)) &&
    ok(inclusions.categories, intersects(inclusions.categories, item.categoryIds)) &&
    ok(inclusions.collections, intersects(inclusions.collections, item.collectionIds))
  );
}
