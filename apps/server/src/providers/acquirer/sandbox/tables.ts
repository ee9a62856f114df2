import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The Transbank sandbox's own state (a provider, not a shop module): kept in PostgreSQL so a payment
 * started on one instance can be committed on another, and survives a restart.
 */
export const sandboxWebpayTransaction = pgTable(
  'sandbox_webpay_transaction',
  {
    token: text('token').primaryKey(),
    commerceCode: text('commerce_code').notNull(),
    buyOrder: text('buy_order').notNull(),
    sessionId: text('session_id').notNull(),
    /** Whole pesos, as Transbank counts. */
    amount: integer('amount').notNull(),
    returnUrl: text('return_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** What the shopper did on the payment page: pending, paid (card and bank step done), aborted, timeout, error. */
    outcome: text('outcome').notNull().default('pending'),
    cardNumber: text('card_number'),
    paymentTypeCode: text('payment_type_code'),
    responseCode: integer('response_code'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    /** INITIALIZED, AUTHORIZED, FAILED, REVERSED, NULLIFIED, PARTIALLY_NULLIFIED. */
    status: text('status').notNull().default('INITIALIZED'),
    /** Pesos refunded so far (NULLIFIED); the balance is amount minus this. */
    nullifiedAmount: integer('nullified_amount').notNull().default(0),
  },
  (t) => [index('sandbox_webpay_transaction_buy_order_idx').on(t.buyOrder)],
);

/** Oneclick Mall enrolments: started with a token, finished with a tbk_user. */
export const sandboxOneclickInscription = pgTable('sandbox_oneclick_inscription', {
  token: text('token').primaryKey(),
  commerceCode: text('commerce_code').notNull(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  responseUrl: text('response_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** pending, paid (card and bank step done), aborted. */
  outcome: text('outcome').notNull().default('pending'),
  cardNumber: text('card_number'),
  cardType: text('card_type'),
  paymentTypeCode: text('payment_type_code'),
  responseCode: integer('response_code'),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  tbkUser: text('tbk_user').unique(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** One store's charge of a Oneclick Mall authorization (a `details[]` entry). */
export const sandboxOneclickPayment = pgTable(
  'sandbox_oneclick_payment',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    commerceCode: text('commerce_code').notNull(),
    buyOrder: text('buy_order').notNull(),
    childCommerceCode: text('child_commerce_code').notNull(),
    childBuyOrder: text('child_buy_order').notNull(),
    tbkUser: text('tbk_user').notNull(),
    amount: integer('amount').notNull(),
    installmentsNumber: integer('installments_number').notNull().default(0),
    responseCode: integer('response_code').notNull(),
    status: text('status').notNull(),
    paymentTypeCode: text('payment_type_code').notNull(),
    cardNumber: text('card_number').notNull(),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }).notNull(),
    nullifiedAmount: integer('nullified_amount').notNull().default(0),
  },
  (t) => [
    uniqueIndex('sandbox_oneclick_payment_order_idx').on(t.commerceCode, t.buyOrder, t.childBuyOrder),
    index('sandbox_oneclick_payment_user_idx').on(t.tbkUser, t.authorizedAt),
  ],
);
