import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Promotion } from '@despensa/domain';

/** Promotions as the domain engine reads them; the whole §3 record is kept as one document. */
export const promotion = pgTable('promotion', {
  id: text('id').primaryKey(),
  data: jsonb('data').$type<Promotion>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Coupons (marketingData.coupon): a code that unlocks a promotion in the domain's shape. A campaign's coupon
 * is the chain's (the back office lists and edits it); the others are one shopper's loyalty coupon each.
 */
export const coupon = pgTable('coupon', {
  code: text('code').primaryKey(),
  promotion: jsonb('promotion').$type<Promotion>().notNull(),
  campaign: boolean('campaign').notNull().default(false),
});
