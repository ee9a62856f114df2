import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Prime memberships, one per shopper. active: the period renews at periodEnd; cancelled: a member until
 * periodEnd, then ended; ended: no longer a member (joining again starts a new period).
 */
export const primeMembership = pgTable(
  'prime_membership',
  {
    userId: text('user_id').primaryKey(),
    status: text('status').$type<'active' | 'cancelled' | 'ended'>().notNull(),
    /** The saved one-click card (wallet card id) each period is charged to. */
    cardId: text('card_id').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  // The renewal job's sweep: memberships whose period is over.
  (t) => [index('prime_membership_period_end_idx').on(t.periodEnd)],
);

/** Every period charged: its buy order is unique, so a period is never charged twice. */
export const primeCharge = pgTable('prime_charge', {
  buyOrder: text('buy_order').primaryKey(),
  userId: text('user_id').notNull(),
  amount: integer('amount').notNull(),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  authorizationCode: text('authorization_code').notNull(),
  cardLast4: text('card_last4').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
