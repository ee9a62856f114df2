import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The gift-card sandbox's cards (a provider, not a shop module): balances and lock-outs survive restarts. */
export const sandboxGiftCard = pgTable('sandbox_gift_card', {
  number: text('number').primaryKey(),
  password: text('password').notNull(),
  balanceCents: integer('balance_cents').notNull(),
  /**
   * active, or the state that refuses it: agreementLocked (E003), disabled (E005), deleted (E006),
   * locked (E012), empty (E015, never loaded), storeNotEnabled (E016), idNotAllowed (E027), unusable (E075).
   */
  state: text('state').notNull().default('active'),
  /** Wrong passwords in a row; the third locks the card (E012). */
  wrongPasswords: integer('wrong_passwords').notNull().default(0),
  /** The most one redemption may take (E030), when the card's agreement sets one. */
  maxRedeemCents: integer('max_redeem_cents'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** One redemption per reference: a retried redeem answers what the first did, a refund gives it back once. */
export const sandboxGiftCardRedemption = pgTable('sandbox_gift_card_redemption', {
  reference: text('reference').primaryKey(),
  number: text('number').notNull(),
  amountCents: integer('amount_cents').notNull(),
  balanceAfterCents: integer('balance_after_cents').notNull(),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
});
