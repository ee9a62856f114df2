import { describe, expect, it } from 'vitest';
import {
  DELIVERY_METHODS,
  DELIVERY_PRICES_CENTS,
  LOYALTY_REWARDS,
  PRIME_PLAN,
  PRIME_PRICE_TAG_ID,
  deliveryFeeOf,
  loyaltyCouponPromotion,
  pointsForOrder,
  pointsLabel,
  priceCart,
  primePeriodEnd,
  seesLoyalty,
  showsPrimeInvitation,
} from '../src';
import { NOW, line, promotion } from './pricing-support';

const house = line({ skuId: '2001', collectionIds: [PRIME_PLAN.memberPriceCollectionId], price: 200000 });
const other = line({ skuId: '2002', price: 100000 });

describe('Prime benefits in the price engine', () => {
  it('gives a member 10 % off house-brand lines only, whatever the way of paying', () => {
    const member = priceCart({
      lines: [house, other],
      promotions: [],
      salesChannel: 1,
      now: NOW,
      prime: true,
    });
    const [houseLine, otherLine] = member.lines;
    for (const option of ['regular', 'tcenco', 'cencoPay', 'debit'] as const) {
      expect(houseLine!.prices[option].total).toBe(180000);
      expect(houseLine!.prices[option].priceTags.map((tag) => tag.identifier)).toEqual([PRIME_PRICE_TAG_ID]);
      expect(otherLine!.prices[option].total).toBe(100000);
    }
    expect(member.totals.regular).toEqual({ items: 300000, discounts: -20000, value: 280000 });
    const guest = priceCart({ lines: [house, other], promotions: [], salesChannel: 1, now: NOW });
    expect(guest.totals.regular.value).toBe(300000);
  });

  it('takes the member price off what the promotions left', () => {
    const priced = priceCart({
      lines: [house],
      promotions: [promotion({ value: 50 })],
      salesChannel: 1,
      now: NOW,
      prime: true,
    });
    // $2.000 − 50 % = $1.000, then 10 % = $900.
    expect(priced.lines[0]!.prices.regular.total).toBe(90000);
  });

  it('waives home and express delivery for a member whose basket reaches $30.000, never below', () => {
    const home = DELIVERY_METHODS.homeDelivery.id;
    const at = { prime: true, value: PRIME_PLAN.freeDeliveryMinimum };
    expect(deliveryFeeOf(home, true, at)).toBe(0);
    expect(deliveryFeeOf(DELIVERY_METHODS.express.id, false, at)).toBe(0);
    expect(deliveryFeeOf(home, true, { prime: true, value: PRIME_PLAN.freeDeliveryMinimum - 1 })).toBe(
      DELIVERY_PRICES_CENTS.homeDelivery,
    );
    expect(deliveryFeeOf(home, true, { prime: false, value: 10 * PRIME_PLAN.freeDeliveryMinimum })).toBe(
      DELIVERY_PRICES_CENTS.homeDelivery,
    );
    expect(deliveryFeeOf(home, false, at)).toBe(0);
  });

  it('bills by calendar month, the end of a short month taking the month’s last day', () => {
    expect(primePeriodEnd(new Date('2026-11-02T15:00:00Z')).toISOString()).toBe('2026-12-02T15:00:00.000Z');
    expect(primePeriodEnd(new Date('2027-01-31T10:00:00Z')).toISOString()).toBe('2027-02-28T10:00:00.000Z');
  });

  it('invites (§4, first reading) a non-member with 4 orders or none counted, never in checkout', () => {
    expect(showsPrimeInvitation({ member: false, countOrder: 4, inCheckout: false })).toBe(true);
    expect(showsPrimeInvitation({ member: false, countOrder: null, inCheckout: false })).toBe(true);
    expect(showsPrimeInvitation({ member: false, countOrder: 3, inCheckout: false })).toBe(false);
    expect(showsPrimeInvitation({ member: false, countOrder: 4, inCheckout: true })).toBe(false);
    expect(showsPrimeInvitation({ member: true, countOrder: 4, inCheckout: false })).toBe(false);
  });
});

describe('loyalty points and coupons', () => {
  it('earns one point per $100 of an invoiced order', () => {
    expect(pointsForOrder(0)).toBe(0);
    expect(pointsForOrder(9_999)).toBe(0);
    expect(pointsForOrder(10_000)).toBe(1);
    expect(pointsForOrder(3_456_700)).toBe(345);
  });

  it("shows the balance as §2 words it: 'Tienes N'", () => {
    expect(pointsLabel(0)).toBe('Tienes 0');
    expect(pointsLabel(1234)).toBe('Tienes 1.234');
  });

  it('turns a reward into a coupon promotion the cart engine applies for 30 days', () => {
    const reward = LOYALTY_REWARDS.find((each) => each.id === 'descuento-5')!;
    const coupon = loyaltyCouponPromotion(reward, 'PUNTOS-ABC', NOW);
    expect(coupon.end).toBe('2026-12-01T12:00:00.000Z');
    const priced = priceCart({ lines: [other], promotions: [coupon], salesChannel: 1, now: NOW });
    expect(priced.totals.regular.value).toBe(95000);
  });

  it('shows the page with the loyalty flag, and to employees under the employee flag (§6)', () => {
    expect(seesLoyalty({ loyalty: true, employeeLoyalty: false }, false)).toBe(true);
    expect(seesLoyalty({ loyalty: false, employeeLoyalty: true }, true)).toBe(true);
    expect(seesLoyalty({ loyalty: false, employeeLoyalty: true }, false)).toBe(false);
    expect(seesLoyalty({ loyalty: false, employeeLoyalty: false }, true)).toBe(false);
  });
});
