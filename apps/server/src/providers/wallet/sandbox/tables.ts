import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The wallet sandbox's customers, by e-mail: whether they have a wallet, linked it, and its balance. */
export const sandboxWalletAccount = pgTable('sandbox_wallet_account', {
  email: text('email').primaryKey(),
  hasWallet: boolean('has_wallet').notNull(),
  isLinked: boolean('is_linked').notNull(),
  balanceCents: integer('balance_cents').notNull(),
});

/** Cards the wallet tokenized, with how the sandbox settles their charges. */
export const sandboxWalletCard = pgTable('sandbox_wallet_card', {
  token: text('token').primaryKey(),
  email: text('email').notNull(),
  /** approve, decline, or processing (never settles). */
  behaviour: text('behaviour').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  removedAt: timestamp('removed_at', { withTimezone: true }),
});

/** One charge per transaction id; its outcome is known at once but told only once settlesAt has passed. */
export const sandboxWalletCharge = pgTable('sandbox_wallet_charge', {
  internalCode: text('internal_code').primaryKey(),
  tId: text('t_id').notNull().unique(),
  email: text('email').notNull(),
  /** Null: paid from the wallet's balance. */
  cardToken: text('card_token'),
  amountCents: integer('amount_cents').notNull(),
  /** 200-0 approved, 400-1 declined by the bank, 400-2 balance too low; 200-2 for a charge that never settles. */
  outcome: text('outcome').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  settlesAt: timestamp('settles_at', { withTimezone: true }).notNull(),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
});
