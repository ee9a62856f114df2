import { formatDecimal } from '../number-format';
import type { Promotion } from '../promotions/types';
import { couponPromotionId } from '../cart/coupons';

/**
 * Loyalty points (§2 'Tienes N', §7 a call that carries points). Not in the spec: the rate and the
 * coupons. Money is CLP cents.
 */
/** One point for every $100 of an order once it is invoiced (its final total, after picking). */
export const LOYALTY_CENTS_PER_POINT = 10_000;
/** Orders in these states have been invoiced, so their points are earned. */
export const POINTS_EARNING_STATUSES = ['invoiced', 'delivered', 'collected'] as const;

export function pointsForOrder(invoicedValue: number): number {
  return Math.max(0, Math.floor(invoicedValue / LOYALTY_CENTS_PER_POINT));
}

/** The account menu's balance line (§2). */
export function pointsLabel(points: number): string {
  return `Tienes ${formatDecimal(points)}`;
}

/** A coupon a shopper activates with points; the cart's coupon engine then applies its promotion. */
export interface LoyaltyReward {
  id: string;
  name: string;
  description: string;
  points: number;
  /** Percent off, on the categories listed (none: the whole cart). */
  percent: number;
  categoryIds: readonly string[];
}

/** How long an activated coupon can be used. */
export const LOYALTY_COUPON_DAYS = 30;

export const LOYALTY_REWARDS: readonly LoyaltyReward[] = [
  {
    id: 'descuento-5',
    name: '5 % en tu compra',
    description: '5 % de descuento en todos los productos de tu carro.',
    points: 300,
    percent: 5,
    categoryIds: [],
  },
  {
    id: 'lacteos-15',
    name: '15 % en Lácteos',
    description: '15 % de descuento en los productos de Lácteos.',
    points: 200,
    percent: 15,
    categoryIds: ['1'],
  },
  {
    id: 'descuento-10',
    name: '10 % en tu compra',
    description: '10 % de descuento en todos los productos de tu carro.',
    points: 800,
    percent: 10,
    categoryIds: [],
  },
];

export function loyaltyRewardById(id: string): LoyaltyReward | undefined {
  return LOYALTY_REWARDS.find((reward) => reward.id === id);
}

/** The promotion an activated coupon unlocks (one code per activation, so a code is the shopper's own). */
export function loyaltyCouponPromotion(reward: LoyaltyReward, code: string, activatedAt: Date): Promotion {
  const end = new Date(activatedAt.getTime() + LOYALTY_COUPON_DAYS * 86_400_000);
  return {
    id: couponPromotionId(code),
    name: `Cupón ${reward.name}`,
    description: reward.description,
    type: 'regular',
    discountType: 'percentual',
    value: reward.percent,
    quantity: 1,
    quantityAffected: 1,
    minQuantity: 1,
    cumulative: true,
    tcenco: false,
    start: activatedAt.toISOString(),
    end: end.toISOString(),
    idsSalesChannel: [],
    idsSalesChannelExclusive: [],
    pricePpum: false,
    inclusions: { products: [], skus: [], brands: [], categories: [...reward.categoryIds], collections: [] },
    exclusions: { products: [], skus: [], brands: [], categories: [], collections: [], seller: [] },
  };
}

/** §6: the loyalty page is for everyone with the loyalty flag; employees also see it under the employee flag. */
export function seesLoyalty(
  flags: { loyalty: boolean; employeeLoyalty: boolean },
  collaborator: boolean,
): boolean {
  return flags.loyalty || (collaborator && flags.employeeLoyalty);
}
