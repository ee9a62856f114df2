import { z } from 'zod';

/** Prime (§1 subscription, /mi-cuenta/prime): the shopper's membership. Money is CLP cents. */
export const primeMembership = z
  .object({
    /** active: renews at periodEnd; cancelled: a member until periodEnd, then not; ended: not a member. */
    status: z.enum(['active', 'cancelled', 'ended', 'none']),
    member: z.boolean(),
    monthlyPrice: z.number().int(),
    freeDeliveryMinimum: z.number().int(),
    benefits: z.array(z.string()),
    periodStart: z.string().nullable(),
    periodEnd: z.string().nullable(),
    /** The saved card (wallet card id) each period is charged to. */
    cardId: z.string().nullable(),
    cardLast4: z.string().nullable(),
  })
  .meta({ id: 'PrimeMembership' });
export type PrimeMembership = z.infer<typeof primeMembership>;

export const joinPrimeBody = z.object({ cardId: z.string().min(1).max(80) });
export type JoinPrimeBody = z.infer<typeof joinPrimeBody>;

/** A loyalty coupon (/mi-cupon): offered for points, or activated (its code applies in the cart). */
export const loyaltyCoupon = z.object({
  rewardId: z.string(),
  name: z.string(),
  description: z.string(),
  points: z.number().int(),
  /** Set once activated: the code the cart's coupon engine takes, and until when. */
  code: z.string().nullable(),
  validUntil: z.string().nullable(),
});
export type LoyaltyCoupon = z.infer<typeof loyaltyCoupon>;

/** §7 loyalty points call: the response carries points. */
export const loyaltyAccount = z
  .object({
    points: z.number().int(),
    offered: z.array(loyaltyCoupon),
    activated: z.array(loyaltyCoupon),
  })
  .meta({ id: 'LoyaltyAccount' });
export type LoyaltyAccount = z.infer<typeof loyaltyAccount>;

/** Activate a reward; with orderFormId the coupon is applied to that cart at once. */
export const activateCouponBody = z.object({
  rewardId: z.string().min(1).max(60),
  orderFormId: z.string().min(1).max(64).optional(),
});
export type ActivateCouponBody = z.infer<typeof activateCouponBody>;
export const activatedCoupon = z.object({ coupon: loyaltyCoupon, points: z.number().int() });
export type ActivatedCoupon = z.infer<typeof activatedCoupon>;
