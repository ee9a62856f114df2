import type { PricePerUnit } from '../catalog/ppum';
import type { Promotion } from '../promotions/types';
import type { TotalizerId } from '../constants';

/** One cart line as the engine prices it. Money is integer CLP cents. */
export interface PricingLine {
  skuId: string;
  productId: string;
  brandId: string;
  categoryIds: readonly string[];
  collectionIds: readonly string[];
  sellerId: string;
  /** Units for unit items; steps of `unitMultiplier` kg for weighed ones. */
  quantity: number;
  /** 1 for unit items; kg per step for weighed ones (0.5 = half a kilo). */
  unitMultiplier: number;
  measurementUnit: string;
  /** Per measurement unit (per unit, or per kg for weighed items). */
  listPrice: number;
  price: number;
  /** Net content of one unit, for the price per unit of measure ('500', 'g'). */
  contentQuantity?: number;
  contentUnit?: string;
}

/**
 * The ways of paying that get their own price (§3 derived prices, §6 collaborator). `regular` is the
 * shelf price anyone pays; `debit` only differs from it for collaborators.
 */
export type PaymentOption = 'regular' | 'tcenco' | 'cencoPay' | 'balanceCencoPay' | 'debit';

/** A discount applied to a line, in the VTEX priceTags shape. */
export interface PriceTag {
  /** The promotion id ('collaborator' for the §6 discount). */
  identifier: string;
  name: string;
  isPercentual: boolean;
  /** The promotion's value as a shopper reads it: a percent, or pesos for nominal discounts. */
  rawValue: number;
  /** Cents taken off the whole line, negative as in VTEX. */
  value: number;
}

export interface LinePrice {
  /** The line at the offer price: round(price × quantity × unitMultiplier), whole pesos. */
  base: number;
  /** The line at the list price, for the crossed-out figure. */
  listTotal: number;
  /** Cents off the line (positive); never more than `base`. */
  discount: number;
  /** What the line costs: base − discount. */
  total: number;
  /** Price per measurement unit after discounts, whole pesos. */
  sellingPrice: number;
  priceTags: PriceTag[];
  pricePerUnitOfMeasure: PricePerUnit | null;
}

export interface PricedLine {
  line: PricingLine;
  /** Promotions that match this line (active, included, minQuantity reached), sorted by id. */
  promotions: Promotion[];
  prices: Record<PaymentOption, LinePrice>;
}

export interface PaymentTotals {
  /** Sum of line bases. */
  items: number;
  /** Sum of line discounts, negative. */
  discounts: number;
  /** items + discounts. */
  value: number;
}

export interface Totalizer {
  id: TotalizerId;
  name: string;
  value: number;
}

export interface CartPricing {
  lines: PricedLine[];
  totals: Record<PaymentOption, PaymentTotals>;
  /** The eight §3 totalizers, in TOTALIZER_IDS order. */
  totalizers: Totalizer[];
  /** When a promotion starts or ends and these prices may change; null when none is scheduled. */
  priceValidUntil: Date | null;
}

export interface PricingInput {
  lines: readonly PricingLine[];
  /** Candidate promotions; the engine keeps the ones active for each line (§5). Their order does not matter. */
  promotions: readonly Promotion[];
  salesChannel: number;
  now: Date;
  /** The shopper is in the collaborator (employee) segment (§6). */
  collaborator?: boolean;
  /** The shopper is a Prime member (member prices). */
  prime?: boolean;
}
