import { randomBytes } from 'node:crypto';
import { Failure, customerViewer, type ActivatedCoupon } from '@despensa/contracts';
import { LOYALTY_COUPON_PREFIX, loyaltyCouponPromotion, loyaltyRewardById } from '@despensa/domain';
import type { Database } from '../db/client';
import type { CartService } from '../modules/cart/service';
import { activatedView, type LoyaltyService } from '../modules/loyalty/service';
import type { PromotionsService } from '../modules/promotions/service';
import { defineFlow, runFlow } from './flow';

interface Modules {
  loyalty: LoyaltyService;
  promotions: PromotionsService;
  cart: CartService;
}

/** 'PUNTOS-' and 8 characters no one confuses when typing them (no 0/O, 1/I). */
function newCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `${LOYALTY_COUPON_PREFIX}${[...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/**
 * Activating a loyalty coupon (/mi-cupon): the points are spent and a coupon code of the shopper's own
 * is issued to the promotions module in one transaction; the cart's coupon engine then applies it like
 * any typed code (to the shopper's cart at once when one is given).
 */
export class LoyaltyCoupons {
  private readonly activation = defineFlow<
    { userId: string; rewardId: string; code: string; now: string },
    ActivatedCoupon
  >('loyalty-coupon', async ({ userId, rewardId, code, now }, { tx, step }) => {
    const reward = loyaltyRewardById(rewardId);
    if (!reward) throw new Failure('loyaltyRewardNotFound');
    const promotion = loyaltyCouponPromotion(reward, code, new Date(now));
    const row = {
      code,
      rewardId,
      points: reward.points,
      activatedAt: new Date(now),
      validUntil: new Date(promotion.end),
    };
    const points = await step('points', () => this.modules.loyalty.spend(tx, userId, row));
    if (points === null) throw new Failure('loyaltyPointsShort');
    await step('coupon', () => this.modules.promotions.issueCoupon(tx, code, promotion));
    return { coupon: activatedView({ ...row, userId }), points };
  });

  constructor(
    private readonly database: Database,
    private readonly modules: Modules,
    private readonly clock: () => Date,
  ) {}

  async activate(userId: string, rewardId: string, orderFormId?: string): Promise<ActivatedCoupon> {
    const activated = await runFlow(this.database, this.activation, {
      userId,
      rewardId,
      code: newCode(),
      now: this.clock().toISOString(),
    });
    // The cart checks it is the shopper's own; its answer (applied, or not for these products) is its message.
    if (orderFormId)
      await this.modules.cart.addCoupon(customerViewer(userId), orderFormId, activated.coupon.code!);
    return activated;
  }
}
