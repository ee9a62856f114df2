import { promotionDates } from '../promotions/activity';
import type { Promotion } from '../promotions/types';

/** The outcomes of entering a coupon; each one has its own message for the shopper. */
export type CouponOutcome = 'couponApplied' | 'couponNotApplicable' | 'couponInvalid' | 'couponExpired';

export const COUPON_MESSAGES: Record<CouponOutcome, (code: string) => string> = {
  couponApplied: (code) => `Cupón ${code} aplicado`,
  couponNotApplicable: (code) => `El cupón ${code} no aplica a los productos de tu carro`,
  couponInvalid: (code) => `El cupón ${code} no es válido`,
  couponExpired: (code) => `El cupón ${code} está vencido`,
};

/** 'Aplicar' on an empty field: what is missing. */
export const COUPON_MISSING_MESSAGE = 'Ingresa el código del cupón';

/** Codes are typed by hand: case and surrounding spaces do not matter. */
export function normalizeCouponCode(text: string): string {
  return text.trim().toUpperCase();
}

/**
 * Whether a coupon's promotion may be kept on the cart now: unknown, paused or not yet started reads as invalid,
 * past its end as expired. Whether it matches any product is decided by pricing the cart.
 */
export function couponValidity(
  promotion: Promotion | null,
  now: Date,
): 'valid' | 'couponInvalid' | 'couponExpired' {
  if (!promotion || promotion.active === false) return 'couponInvalid';
  const { startMs, endMs } = promotionDates(promotion);
  if (!(startMs <= now.getTime())) return 'couponInvalid';
  if (!(now.getTime() <= endMs)) return 'couponExpired';
  return 'valid';
}

/** A shopper's loyalty coupon starts so (its code is drawn for them); a campaign's code never does. */
export const LOYALTY_COUPON_PREFIX = 'PUNTOS-';

/** A campaign's code as the chain writes it: 3 to 30 capital letters, digits or dashes, typeable by hand. */
export const CAMPAIGN_COUPON_CODE = /^[A-Z0-9][A-Z0-9-]{2,29}$/;

/** Whether `code` (normalised) may name a campaign's coupon. */
export function isCampaignCouponCode(code: string): boolean {
  return CAMPAIGN_COUPON_CODE.test(code) && !code.startsWith(LOYALTY_COUPON_PREFIX);
}

/** The id of the promotion a coupon unlocks, a campaign's or a shopper's loyalty coupon alike. */
export function couponPromotionId(code: string): string {
  return `coupon-${code}`;
}
