import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A customer's saved one-click card (§3 wallet card). */
export const walletCard = pgTable(
  'wallet_card',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** The wallet's token for this card. */
    token: text('token').notNull(),
    /** Oneclick's enrolment id, needed to charge or delete the card at the acquirer; never shown. */
    tbkUser: text('tbk_user').notNull(),
    brand: text('brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    /** OneClick, DebitoOneClick or CATOneClick. */
    paymentMethod: text('payment_method').notNull(),
    autoDelete: boolean('auto_delete').notNull().default(false),
    /** The enrolment's token at the acquirer. */
    tokenizerTransaction: text('tokenizer_transaction').notNull(),
    favourite: boolean('favourite').notNull().default(false),
    /** An order paid with it is not yet collected and receipted: it cannot be deleted (§6). */
    inUse: boolean('in_use').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('wallet_card_user_idx').on(t.userId),
    uniqueIndex('wallet_card_favourite_idx')
      .on(t.userId)
      .where(sql`${t.favourite} and ${t.deletedAt} is null`),
  ],
);

/** An enrolment started at the acquirer, waiting for the shopper to come back with its token. */
export const walletEnrolment = pgTable('wallet_enrolment', {
  token: text('token').primaryKey(),
  userId: text('user_id').notNull(),
  email: text('email').notNull(),
  paymentMethod: text('payment_method').notNull(),
  /** Where the shopper is sent when the enrolment ends. */
  callback: text('callback').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** A wallet charge the customer asked for: who owns it and which transaction it pays. */
export const walletCharge = pgTable('wallet_charge', {
  internalCode: text('internal_code').primaryKey(),
  userId: text('user_id').notNull(),
  cardId: text('card_id').notNull(),
  tId: text('t_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
