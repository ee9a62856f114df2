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
 * Whether a coupon's promotion may be kept on the cart now: unknown or not yet started reads as invalid,
 * past its end as expired. Whether it matches any product is decided by pricing the cart.
 */
export function couponValidity(
  promotion: Promotion | null,
  now: Date,
): 'valid' | 'couponInvalid' | 'couponExpired' {
  if (!promotion || !(Date.parse(promotion.start) <= now.getTime())) return 'couponInvalid';
  if (!(now.getTime() <= Date.parse(promotion.end))) return 'couponExpired';
  return 'valid';
}
