import { describe, expect, it } from 'vitest';
import {
  CART_LIMIT_MESSAGES,
  COUPON_MESSAGES,
  cartUnitsOf,
  clampLineQuantity,
  couponValidity,
  isCampaignCouponCode,
  lineQuantityLimit,
  lineQuantityMax,
  normalizeCouponCode,
} from '../src/index';
import { promotion } from './pricing-support';

const request = {
  requested: 1,
  current: 0,
  cartLimit: null,
  measurementUnit: 'un',
  otherUnits: 0,
  express: false,
};

describe('cart limits (§5, §9)', () => {
  it('caps a line at 35 units, or the sku cart_limit when lower', () => {
    expect(lineQuantityLimit(null)).toEqual({ kind: 'maxQuantity', max: 35 });
    expect(lineQuantityLimit(80)).toEqual({ kind: 'maxQuantity', max: 35 });
    expect(lineQuantityLimit(12)).toEqual({ kind: 'cartLimit', max: 12 });
    expect(clampLineQuantity({ ...request, requested: 40 })).toEqual({
      quantity: 35,
      limit: { kind: 'maxQuantity', max: 35 },
    });
    expect(clampLineQuantity({ ...request, requested: 13, cartLimit: 12 }).quantity).toBe(12);
    expect(CART_LIMIT_MESSAGES.maxQuantity(35)).toBe('Puedes agregar hasta 35 unidades de este producto');
  });

  it('counts units of unit items and 1 per weighed line toward 300 (express 180)', () => {
    expect(cartUnitsOf({ quantity: 6, measurementUnit: 'un' })).toBe(6);
    expect(cartUnitsOf({ quantity: 6, measurementUnit: 'kg' })).toBe(1);
    expect(clampLineQuantity({ ...request, requested: 10, otherUnits: 295 })).toEqual({
      quantity: 5,
      limit: { kind: 'cartMaxItems', max: 300 },
    });
    expect(clampLineQuantity({ ...request, requested: 10, otherUnits: 175, express: true }).quantity).toBe(5);
    expect(
      clampLineQuantity({ ...request, requested: 4, measurementUnit: 'kg', otherUnits: 299 }).quantity,
    ).toBe(4);
    expect(
      clampLineQuantity({ ...request, requested: 4, measurementUnit: 'kg', otherUnits: 300 }).quantity,
    ).toBe(0);
  });

  it('never grows a unit line past the stock, says how many are left, and keeps a line stock fell under', () => {
    expect(clampLineQuantity({ ...request, requested: 30, available: 23 })).toEqual({
      quantity: 23,
      limit: { kind: 'stock', max: 23 },
    });
    expect(CART_LIMIT_MESSAGES.stock(23)).toBe('Solo quedan 23 unidades de este producto');
    expect(CART_LIMIT_MESSAGES.stock(1)).toBe('Solo queda 1 unidad de este producto');
    // The tighter limit speaks: a cart_limit of 12 under a stock of 23.
    expect(clampLineQuantity({ ...request, requested: 30, cartLimit: 12, available: 23 }).limit).toEqual({
      kind: 'cartLimit',
      max: 12,
    });
    expect(clampLineQuantity({ ...request, requested: 9, current: 8, available: 5 })).toEqual({
      quantity: 8,
      limit: { kind: 'stock', max: 5 },
    });
    expect(clampLineQuantity({ ...request, requested: 6, current: 8, available: 5 }).quantity).toBe(6);
    // The same rule bounds what + may reach on a line (the orderForm item's maxItems).
    expect(lineQuantityMax(null, 'un', 23)).toBe(23);
    expect(lineQuantityMax(12, 'un', 23)).toBe(12);
    expect(lineQuantityMax(null, 'kg', 3)).toBe(35);
    expect(lineQuantityMax(null, 'un', undefined)).toBe(35);
    // Weighed lines are weighed when picked: their stock is not counted in steps.
    expect(
      clampLineQuantity({ ...request, requested: 30, measurementUnit: 'kg', available: 3 }).quantity,
    ).toBe(30);
  });

  it('lets an over-full cart be trimmed but not grown', () => {
    expect(
      clampLineQuantity({ ...request, requested: 3, current: 5, otherUnits: 250, express: true }),
    ).toEqual({
      quantity: 3,
      limit: null,
    });
    expect(
      clampLineQuantity({ ...request, requested: 8, current: 5, otherUnits: 250, express: true }).quantity,
    ).toBe(5);
  });
});

describe('coupons', () => {
  const now = new Date('2026-11-01T12:00:00Z');
  const window = (start: string, end: string) => promotion({ start, end });

  it('is valid inside its window, invalid when unknown or not started, expired after its end', () => {
    expect(couponValidity(window('2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z'), now)).toBe('valid');
    expect(couponValidity(null, now)).toBe('couponInvalid');
    expect(couponValidity(window('2026-12-01T00:00:00Z', '2026-12-31T00:00:00Z'), now)).toBe('couponInvalid');
    expect(couponValidity(window('2024-01-01T00:00:00Z', '2024-03-31T00:00:00Z'), now)).toBe('couponExpired');
  });

  it('reads a paused coupon (the back office paused its promotion) as not valid', () => {
    const paused = { ...window('2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z'), active: false };
    expect(couponValidity(paused, now)).toBe('couponInvalid');
  });

  it("takes a campaign's code of 3 to 30 capitals, digits or dashes, never a loyalty coupon's PUNTOS-", () => {
    expect(isCampaignCouponCode('CYBER-25')).toBe(true);
    expect(isCampaignCouponCode('AB')).toBe(false);
    expect(isCampaignCouponCode('CON ESPACIO')).toBe(false);
    expect(isCampaignCouponCode('-CYBER')).toBe(false);
    expect(isCampaignCouponCode('PUNTOS-ABCDEFGH')).toBe(false);
    expect(isCampaignCouponCode('A'.repeat(31))).toBe(false);
  });

  it('reads codes without case or spaces and words each outcome', () => {
    expect(normalizeCouponCode('  bienvenida10 ')).toBe('BIENVENIDA10');
    expect(COUPON_MESSAGES.couponExpired('X')).toBe('El cupón X está vencido');
  });
});
