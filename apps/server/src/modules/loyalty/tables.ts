import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Coupons a shopper activated with points (/mi-cupon). The points a shopper has are those earned on
 * invoiced orders less those spent here; the code is the cart's coupon (the promotions module holds it).
 */
export const loyaltyCoupon = pgTable(
  'loyalty_coupon',
  {
    code: text('code').primaryKey(),
    userId: text('user_id').notNull(),
    rewardId: text('reward_id').notNull(),
    points: integer('points').notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  },
  (t) => [index('loyalty_coupon_user_idx').on(t.userId)],
);
