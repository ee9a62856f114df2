import {
  Failure,
  type AuditActor,
  type CalculatorConfiguration,
  type CouponPromotionBody,
} from '@despensa/contracts';
import { couponPromotionId, isCampaignCouponCode, promotionProblem } from '@despensa/domain';
import type { Tx } from '../db/client';
import { calculatorConfigurationOf } from '../modules/promotions/calculator-configuration';
import { defineFlow } from './flow';
import { priceablePromotion, type PromotionChangeModules } from './promotion-change';

/** The coupon `code` as a flow changing it finds it: its promotion, or null when the code is free. */
async function lockedCampaignCoupon(modules: PromotionChangeModules, tx: Tx, code: string) {
  if (!isCampaignCouponCode(code)) throw new Failure('couponCodeTaken');
  const kept = await modules.promotions.lockCoupon(tx, code);
  if (kept === 'taken') throw new Failure('couponCodeTaken');
  return kept;
}

/**
 * The back office creates or replaces a campaign's coupon, in ONE transaction: the promotion it unlocks
 * checked by the engine's rules (as any promotion), the coupon written through the promotions module and
 * the audit row with before and after. A code a shopper's loyalty coupon holds is refused.
 */
export function saveCouponFlow(modules: PromotionChangeModules) {
  return defineFlow<{ actor: AuditActor; code: string; body: CouponPromotionBody }, CalculatorConfiguration>(
    'save-coupon',
    async ({ actor, code, body }, { tx, step }) => {
      const before = await step('lockCoupon', () => lockedCampaignCoupon(modules, tx, code));
      const promotion = {
        ...priceablePromotion(body, modules.catalog, before),
        id: couponPromotionId(code),
      };
      await step('storeCoupon', () => modules.promotions.saveCampaignCoupon(tx, code, promotion));
      const after = calculatorConfigurationOf(promotion);
      await step('audit', () =>
        modules.audit.record(tx, {
          actor,
          action: before ? 'coupon.update' : 'coupon.create',
          subject: `coupon:${code}`,
          before: before && calculatorConfigurationOf(before),
          after,
        }),
      );
      return after;
    },
  );
}

/** Pauses a campaign's coupon (a shopper typing it reads it is not valid) or resumes it, with its audit row. */
export function setCouponActiveFlow(modules: PromotionChangeModules) {
  return defineFlow<{ actor: AuditActor; code: string; isActive: boolean }, CalculatorConfiguration>(
    'coupon-active',
    async ({ actor, code, isActive }, { tx, step }) => {
      const before = await step('lockCoupon', () => lockedCampaignCoupon(modules, tx, code));
      if (!before) throw new Failure('couponNotFound');
      const promotion = { ...before, active: isActive };
      const problem = isActive ? promotionProblem(promotion, modules.catalog.index.salesChannels) : null;
      if (problem) throw new Failure('promotionNotPriceable', { message: problem.message });
      await step('storeCoupon', () => modules.promotions.saveCampaignCoupon(tx, code, promotion));
      const after = calculatorConfigurationOf(promotion);
      await step('audit', () =>
        modules.audit.record(tx, {
          actor,
          action: isActive ? 'coupon.resume' : 'coupon.pause',
          subject: `coupon:${code}`,
          before: calculatorConfigurationOf(before),
          after,
        }),
      );
      return after;
    },
  );
}
