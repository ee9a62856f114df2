import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Order, OrderStatus } from '@despensa/contracts';
import type { LineState, ReplacementAnswer } from '@despensa/domain';
import type { PaymentChannel } from '@despensa/domain';

/** One payment entry of a transaction: its system and value, and the saved card of a one-click one. */
export interface ChargedEntry {
  paymentSystem: number;
  value: number;
  accountId?: string;
}

/**
 * The orders module owns these tables. One placement makes an order group with one order per seller
 * (VTEX: `{orderGroup}-01`, `-02`…) and one payment transaction for the group.
 */
export const shopOrder = pgTable(
  'shop_order',
  {
    orderId: text('order_id').primaryKey(),
    orderGroup: text('order_group').notNull(),
    orderFormId: text('order_form_id').notNull(),
    /** The customer who placed it; null for an anonymous cart (then the cart id is the key). */
    userId: text('user_id'),
    sellerId: text('seller_id').notNull(),
    /** The sales channel of the store that fulfils it (the cart's at placement). */
    salesChannel: integer('sales_channel'),
    status: text('status').$type<OrderStatus>().notNull(),
    value: integer('value').notNull(),
    /** The order as answered (items with prices, totals, shipping, profile, order info). */
    detail: jsonb('detail').$type<Omit<Order, 'status' | 'statusDescription' | 'lastChange'>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastChange: timestamp('last_change', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('shop_order_group_idx').on(t.orderGroup),
    // A shopper's orders, newest first: /mis-compras and the header's chat check (every 10 s per open tab).
    index('shop_order_user_idx').on(t.userId, t.createdAt),
    // The store console's board: a channel's orders by status.
    index('shop_order_channel_status_idx').on(t.salesChannel, t.status),
    index('shop_order_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'payment-pending'`),
  ],
);

export type PaymentStatus = 'pending' | 'approved' | 'canceled' | 'refunded';

/** The payment of an order group at the acquirer. At most one pending or approved per cart. */
export const paymentTransaction = pgTable(
  'payment_transaction',
  {
    id: text('id').primaryKey(),
    orderGroup: text('order_group').notNull().unique(),
    orderFormId: text('order_form_id').notNull(),
    userId: text('user_id'),
    /** The payment system that prices the order (the card beside a gift card, when one pays part). */
    paymentSystem: integer('payment_system').notNull(),
    /** How it is paid (domain PaymentChannel): webpayRedirect, oneclick, wallet or giftCard. */
    channel: text('channel').$type<PaymentChannel>().notNull().default('webpayRedirect'),
    /** The §3 payment entries as charged: a gift card's part first, when there is one. */
    entries: jsonb('entries')
      .$type<ChargedEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** What a gift card pays of `value` (redeemed with the transaction id as reference); 0 without one. */
    giftCardValue: integer('gift_card_value').notNull().default(0),
    value: integer('value').notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    /** The acquirer's token (Webpay's token_ws), once the acquirer transaction exists. */
    acquirerToken: text('acquirer_token').unique(),
    /** Where the shopper posts the token to pay (Webpay's form URL). */
    acquirerUrl: text('acquirer_url'),
    /** Checkout's access token for the group (xChko). */
    accessToken: text('access_token').notNull(),
    /** What the acquirer answered on commit or status (authorization code, card, response code). */
    authorization: jsonb('authorization').$type<Record<string, unknown>>(),
    refunded: integer('refunded').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_transaction_active_cart')
      .on(t.orderFormId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A line of an order as the store picked it (fulfilment.ts). */
export interface PickedLine {
  state: LineState;
  realGrams: number | null;
  replacement: {
    id: string;
    name: string;
    quantity: number;
    sellingPrice: number;
    total: number;
    note: string | null;
    answer: ReplacementAnswer;
  } | null;
}

/** Picking, receipt and arrival of an order, from the moment handling starts. */
export const orderFulfilment = pgTable('order_fulfilment', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => shopOrder.orderId),
  /** One entry per order item, by the item's index. */
  lines: jsonb('lines').$type<PickedLine[]>().notNull(),
  receipt: jsonb('receipt').$type<{ number: string; issuedAt: string; total: number; refunded: number }>(),
  arrivedAt: timestamp('arrived_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A line support refunded (issue 30 §4), through the order's payment: a line is refunded at most once, so
 * a second request for it is refused rather than paid twice.
 */
export const orderLineRefund = pgTable(
  'order_line_refund',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => shopOrder.orderId),
    /** The order item's index. */
    line: integer('line').notNull(),
    amount: integer('amount').notNull(),
    staffId: text('staff_id').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('order_line_refund_key').on(t.orderId, t.line)],
);
