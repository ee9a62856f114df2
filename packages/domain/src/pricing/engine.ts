import { pricePerUnitOfMeasure } from '../catalog/ppum';
import { CENTS_PER_PESO, TOTALIZER_IDS, type TotalizerId } from '../constants';
import { roundToWholePesos } from '../money';
import { measureOf } from './amounts';
import {
  isPromotionLive,
  promotionDates,
  promotionMatchesItem,
  type PromotionItem,
} from '../promotions/activity';
import type { Promotion } from '../promotions/types';
import { PRIME_PLAN, PRIME_PRICE_TAG_ID, hasMemberPrice } from '../prime/benefits';
import type {
  CartPricing,
  LinePrice,
  PaymentOption,
  PaymentTotals,
  PriceTag,
  PricedLine,
  PricingInput,
  PricingLine,
} from './types';

/** §6: collaborators get 10 % off with the group card or debit. */
export const COLLABORATOR_DISCOUNT_PERCENT = 10;
export const COLLABORATOR_PRICE_TAG_ID = 'collaborator';

/**
 * How each way of paying is priced. Card-only (tcenco) promotions belong to the group card alone: the
 * wallet (CencoPay) and its balance pay the shelf price, because a promotion has no flag that opts the
 * wallet in, and guessing one would promise a price the payment step might not honour. The collaborator
 * discount follows §6 literally: group card or debit.
 */
export const PAYMENT_PRICING: Record<PaymentOption, { cardPromotions: boolean; collaborator: boolean }> = {
  regular: { cardPromotions: false, collaborator: false },
  tcenco: { cardPromotions: true, collaborator: true },
  cencoPay: { cardPromotions: false, collaborator: false },
  balanceCencoPay: { cardPromotions: false, collaborator: false },
  debit: { cardPromotions: false, collaborator: true },
};
const PAYMENT_OPTIONS = Object.keys(PAYMENT_PRICING) as PaymentOption[];

/**
 * The totalizers pair a gross figure with its (negative) discounts per way of paying, like VTEX's
 * Items/Discounts: the gross is the same offer-price subtotal for all, the discounts differ.
 */
const TOTALIZERS: Record<TotalizerId, { option: PaymentOption; field: 'items' | 'discounts'; name: string }> =
  {
    Items: { option: 'regular', field: 'items', name: 'Total productos' },
    Discounts: { option: 'regular', field: 'discounts', name: 'Descuentos' },
    Tcenco: { option: 'tcenco', field: 'items', name: 'Total productos con Tarjeta' },
    DiscountsTcenco: { option: 'tcenco', field: 'discounts', name: 'Descuentos con Tarjeta' },
    CencoPay: { option: 'cencoPay', field: 'items', name: 'Total productos con CencoPay' },
    DiscountsCencoPay: { option: 'cencoPay', field: 'discounts', name: 'Descuentos con CencoPay' },
    BalanceCencoPay: {
      option: 'balanceCencoPay',
      field: 'items',
      name: 'Total productos con saldo CencoPay',
    },
    DiscountsBalanceCencoPay: {
      option: 'balanceCencoPay',
      field: 'discounts',
      name: 'Descuentos con saldo CencoPay',
    },
  };

/** Prices a cart: per line and per way of paying, the promotions applied and the totals. Pure. */
export function priceCart(input: PricingInput): CartPricing {
  const live = livePromotions(input);
  return pricedCart(
    input.lines.map((line) => priceLine(line, live)),
    live,
  );
}

/**
 * What pricing any line starts from: the promotions live in a sales channel at a moment, and whether the
 * shopper is a collaborator. It holds until `validUntil`, so a caller may keep it and the lines priced
 * with it (a line's price depends on nothing else: see priceLine).
 */
export interface LivePromotions {
  /** Sorted by id, so every later choice (best-of ties, tag order) is independent of the input order. */
  promotions: Promotion[];
  collaborator: boolean;
  /** The shopper is a Prime member: member prices on the lines that have one (every way of paying). */
  prime: boolean;
  /** When a promotion starts or ends and prices may change; null when none is scheduled. */
  validUntil: Date | null;
}

export function livePromotions(input: Omit<PricingInput, 'lines'>): LivePromotions {
  // Dates and channel are the same for every line, so they are checked once.
  return {
    promotions: input.promotions.filter((promotion) => isPromotionLive(promotion, input)).sort(byId),
    collaborator: input.collaborator ?? false,
    prime: input.prime ?? false,
    validUntil: nextPromotionChange(input.promotions, input.now),
  };
}

/** The cart of priced lines: totals per way of paying and the §3 totalizers. */
export function pricedCart(lines: PricedLine[], live: LivePromotions): CartPricing {
  const totals = Object.fromEntries(
    PAYMENT_OPTIONS.map((option) => [option, sumTotals(lines.map((line) => line.prices[option]))]),
  ) as Record<PaymentOption, PaymentTotals>;
  const totalizers = TOTALIZER_IDS.map((id) => {
    const { option, field, name } = TOTALIZERS[id];
    return { id, name, value: totals[option][field] };
  });
  return { lines, totals, totalizers, priceValidUntil: live.validUntil };
}

/**
 * The first moment after `now` a promotion becomes active (its start) or inactive (just after its end):
 * prices worked out at `now` hold until then.
 */
export function nextPromotionChange(promotions: readonly Promotion[], now: Date): Date | null {
  let next = Infinity;
  for (const promotion of promotions) {
    const { startMs, endMs } = promotionDates(promotion);
    for (const moment of [startMs, endMs + 1]) {
      if (moment > now.getTime() && moment < next) next = moment;
    }
  }
  return Number.isFinite(next) ? new Date(next) : null;
}

/** The promotions that apply to one line: §5 activity, inclusion lists and minQuantity. */
export function promotionsForLine(
  line: PricingLine,
  promotions: readonly Promotion[],
  context: { salesChannel: number; now: Date },
): Promotion[] {
  return matchingLine(
    line,
    promotions.filter((promotion) => isPromotionLive(promotion, context)),
  );
}

/** The item-dependent part: exclusion and inclusion lists, and minQuantity. */
function matchingLine(line: PricingLine, livePromotions: readonly Promotion[]): Promotion[] {
  const item = promotionItem(line);
  return livePromotions.filter(
    (promotion) => line.quantity >= promotion.minQuantity && promotionMatchesItem(promotion, item),
  );
}

/** One line per way of paying: what it depends on is the line and the live promotions, nothing else. */
export function priceLine(line: PricingLine, live: LivePromotions): PricedLine {
  const promotions = matchingLine(line, live.promotions);
  // The ways of paying mostly share a selling price: its per-unit price (and label) is worked out once.
  const perUnit = new Map<number, LinePrice['pricePerUnitOfMeasure']>();
  const unitPrice = (sellingPrice: number) => {
    if (!perUnit.has(sellingPrice)) perUnit.set(sellingPrice, unitOfMeasurePrice(line, sellingPrice));
    return perUnit.get(sellingPrice)!;
  };
  const prices = Object.fromEntries(
    PAYMENT_OPTIONS.map((option) => [
      option,
      linePrice(
        line,
        promotions,
        PAYMENT_PRICING[option],
        live.collaborator,
        unitPrice,
        live.prime && hasMemberPrice(line),
      ),
    ]),
  ) as Record<PaymentOption, LinePrice>;
  return { line, promotions, prices };
}

/** What pricing a line reads of a promotion; a catalogue card's promotions carry just this. */
export type LinePromotion = Pick<
  Promotion,
  | 'id'
  | 'name'
  | 'type'
  | 'discountType'
  | 'value'
  | 'quantity'
  | 'quantityAffected'
  | 'minQuantity'
  | 'cumulative'
  | 'tcenco'
>;

/** What pricing reads of a line once its promotions are known. */
export type QuotedLine = Pick<
  PricingLine,
  'quantity' | 'unitMultiplier' | 'price' | 'listPrice' | 'contentQuantity' | 'contentUnit'
>;

/**
 * One line's price for one way of paying, from promotions already known to match its item (activity,
 * channel and lists checked, as the catalogue does for a product card): the same computation priceCart
 * makes, so a card quotes exactly what the cart will charge.
 */
export function quoteLine(
  line: QuotedLine,
  promotions: readonly LinePromotion[],
  option: PaymentOption = 'regular',
): LinePrice {
  const reached = promotions.filter((promotion) => line.quantity >= promotion.minQuantity).sort(byId);
  return linePrice(line, reached, PAYMENT_PRICING[option], false);
}

function linePrice(
  line: QuotedLine,
  promotions: readonly LinePromotion[],
  rule: { cardPromotions: boolean; collaborator: boolean },
  collaborator: boolean,
  unitPrice: (sellingPrice: number) => LinePrice['pricePerUnitOfMeasure'] = (sellingPrice) =>
    unitOfMeasurePrice(line, sellingPrice),
  memberPrice = false,
): LinePrice {
  const measure = measureOf(line);
  const base = roundToWholePesos(nonNegative(line.price) * measure);
  const listTotal = roundToWholePesos(nonNegative(line.listPrice) * measure);
  const offered = promotions
    .filter((promotion) => rule.cardPromotions || !promotion.tcenco)
    .map((promotion) => ({ promotion, amount: promotionDiscount(promotion, line) }))
    .filter((offer) => offer.amount > 0);
  // Non-cumulative promotions compete and only the best one applies; cumulative ones all stack on it.
  let best: (typeof offered)[number] | undefined;
  for (const offer of offered) {
    if (!offer.promotion.cumulative && (!best || offer.amount > best.amount)) best = offer;
  }
  const applied = offered.filter((offer) => offer.promotion.cumulative || offer === best);

  const priceTags: PriceTag[] = [];
  let discount = 0;
  for (const { promotion, amount } of applied) {
    // Each discount is computed on the offer price, then capped by what is left, so prices never go negative.
    const taken = Math.min(amount, base - discount);
    if (taken <= 0) break;
    discount += taken;
    priceTags.push(promotionTag(promotion, taken));
  }
  // The member price comes off what the promotions left, like the collaborator discount after it.
  if (memberPrice) {
    const taken = roundToWholePesos(((base - discount) * PRIME_PLAN.memberPricePercent) / 100);
    if (taken > 0) {
      discount += taken;
      priceTags.push({
        identifier: PRIME_PRICE_TAG_ID,
        name: `Precio Prime ${PRIME_PLAN.memberPricePercent} %`,
        isPercentual: true,
        rawValue: PRIME_PLAN.memberPricePercent,
        value: -taken,
      });
    }
  }
  if (rule.collaborator && collaborator) {
    const taken = roundToWholePesos(((base - discount) * COLLABORATOR_DISCOUNT_PERCENT) / 100);
    if (taken > 0) {
      discount += taken;
      priceTags.push({
        identifier: COLLABORATOR_PRICE_TAG_ID,
        name: `Colaborador ${COLLABORATOR_DISCOUNT_PERCENT} %`,
        isPercentual: true,
        rawValue: COLLABORATOR_DISCOUNT_PERCENT,
        value: -taken,
      });
    }
  }
  const total = base - discount;
  const sellingPrice = measure > 0 ? roundToWholePesos(total / measure) : roundToWholePesos(line.price);
  return {
    base,
    listTotal,
    discount,
    total,
    sellingPrice,
    priceTags,
    pricePerUnitOfMeasure: unitPrice(sellingPrice),
  };
}

/**
 * Cents one promotion takes off a whole line, before capping. Discounts act on the price per measurement
 * unit (per unit, or per kg of a weighed item), so a nominal discount is "pesos off each unit or kg".
 * for_the_price_of and progressive count complete groups of `quantity` units: 3x2 (quantity 3,
 * quantityAffected 1) discounts one unit in every three; '2da al 50 %' (quantity 2) one unit in every two.
 */
export function promotionDiscount(promotion: LinePromotion, line: QuotedLine): number {
  const price = nonNegative(line.price);
  const offPerMeasure =
    promotion.discountType === 'percentual'
      ? (price * Math.min(nonNegative(promotion.value), 100)) / 100
      : Math.min(nonNegative(promotion.value), price);
  const affectedUnits = affectedUnitsOf(promotion, line.quantity);
  // Rounded per unit (or per weighed step), then counted: n units cost n times the unit price the shopper
  // reads, never a peso more or less.
  return Math.min(
    roundToWholePesos(offPerMeasure * nonNegative(line.unitMultiplier)) * affectedUnits,
    roundToWholePesos(price * measureOf(line)),
  );
}

function affectedUnitsOf(promotion: LinePromotion, quantity: number): number {
  const units = Math.max(0, Math.floor(quantity));
  if (promotion.type === 'regular') return units;
  const groupSize = Math.floor(promotion.quantity);
  if (!(groupSize >= 1)) return 0;
  // A progressive promotion names the nth unit; quantityAffected, when set, widens it to the last n units.
  const perGroup =
    promotion.type === 'progressive'
      ? Math.min(Math.max(1, Math.floor(promotion.quantityAffected)), groupSize)
      : Math.floor(promotion.quantityAffected);
  // 'Buy 3, get 3' would be free goods: a pack must leave at least one paid unit.
  if (promotion.type === 'for_the_price_of' && !(perGroup >= 1 && perGroup < groupSize)) return 0;
  return Math.floor(units / groupSize) * perGroup;
}

function promotionTag(promotion: LinePromotion, taken: number): PriceTag {
  const isPercentual = promotion.discountType === 'percentual';
  return {
    identifier: promotion.id,
    name: promotion.name,
    isPercentual,
    rawValue: isPercentual ? promotion.value : promotion.value / CENTS_PER_PESO,
    value: -taken,
  };
}

/** Price per 1 kg, 1 l… of the selling price (weighed items are already priced per kg). */
function unitOfMeasurePrice(line: QuotedLine, sellingPrice: number) {
  if (line.contentQuantity === undefined || line.contentUnit === undefined) return null;
  return pricePerUnitOfMeasure(sellingPrice, line.contentQuantity, line.contentUnit);
}

function sumTotals(prices: LinePrice[]): PaymentTotals {
  let items = 0;
  let discount = 0;
  for (const price of prices) {
    items += price.base;
    discount += price.discount;
  }
  return { items, discounts: -discount || 0, value: items - discount };
}

function promotionItem(line: PricingLine): PromotionItem {
  return {
    productId: line.productId,
    skuId: line.skuId,
    brandId: line.brandId,
    categoryIds: line.categoryIds,
    collectionIds: line.collectionIds,
    sellerId: line.sellerId,
  };
}

function nonNegative(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

function byId(a: LinePromotion, b: LinePromotion): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
