import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ClientProfileBody, ItemsOrdination, PaymentEntry } from '@despensa/contracts';
import type { CartDeliveryChoice, CartShippingData } from './shipping-data';

/**
 * The cart module owns these tables. A cart stores what the shopper chose (lines and metadata); prices,
 * totals and the rest of the orderForm are computed on read from the catalogue with the domain engine.
 */
export const orderForm = pgTable(
  'order_form',
  {
    /** 32 random hex characters. The id names the cart; holding it takes the cart's key too (issue 27). */
    id: text('id').primaryKey(),
    salesChannel: integer('sales_channel').notNull().default(1),
    /** Bumped by every change, so an instance can tell its rendered copy of the cart is still current. */
    version: integer('version').notNull().default(0),
    /** Hands out add-time positions; a counter, because two adds can share a timestamp. */
    nextSeq: integer('next_seq').notNull().default(0),
    itemsOrdination: jsonb('items_ordination')
      .$type<ItemsOrdination>()
      .notNull()
      .default(sql`'{"criteria":"add_time","ascending":false}'::jsonb`),
    postalCode: text('postal_code'),
    country: text('country').notNull().default('CHL'),
    /** A §3 delivery-method id; 'seller-1-sla-Express' turns on the express item cap. */
    selectedSla: text('selected_sla'),
    clientProfile: jsonb('client_profile').$type<ClientProfileBody>(),
    coupon: text('coupon'),
    /** The customer the cart belongs to once attached by POST /api/user/profile; null while anonymous. */
    userId: text('user_id'),
    /** The customer is in the collaborator segment (§6): the group card and debit take 10 % off. */
    collaborator: boolean('collaborator').notNull().default(false),
    /** The customer is a Prime member: member prices, and free delivery over the minimum. */
    prime: boolean('prime').notNull().default(false),
    /** customData.customApps as {appId: {field: value}}. */
    customData: jsonb('custom_data')
      .$type<Record<string, Record<string, string>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Order info (§3): the cart-wide substitution preference and the receiver. */
    substituteType: smallint('substitute_type').notNull().default(6),
    receiverData: jsonb('receiver_data').$type<{ name: string; phone?: string | undefined }>(),
    /** §7 shipping attachment (address, pickup points, per-item sla and window), set by the shipping module. */
    shippingData: jsonb('shipping_data').$type<CartShippingData>(),
    /** What the shopper chose for delivery (mode, store, address, window), kept apart from the items. */
    deliveryChoice: jsonb('delivery_choice').$type<CartDeliveryChoice>(),
    /** §3 payment entries the shopper chose (POST /api/orderform/{id}/payments). */
    payments: jsonb('payments')
      .$type<PaymentEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_form_updated_idx').on(t.updatedAt)],
);

/** One line per sku: adding a sku already in the cart updates its line, so duplicates cannot exist. */
export const orderFormItem = pgTable(
  'order_form_item',
  {
    orderFormId: text('order_form_id')
      .notNull()
      .references(() => orderForm.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id').notNull(),
    sellerId: text('seller_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** Add-time position (order_form.next_seq when added). */
    seq: integer('seq').notNull(),
    /** Per-sku substitution (order info skuData); null follows the cart-wide preference. */
    substituteType: smallint('substitute_type'),
    note: text('note'),
  },
  (t) => [primaryKey({ columns: [t.orderFormId, t.skuId] })],
);

/**
 * The secret cart keys are made with (issue 27, holding-key.ts) when CART_KEY_SECRET is not set: generated
 * on the very first start, then read by every start and every instance on this database. One row.
 */
export const cartKeySecret = pgTable(
  'cart_key_secret',
  {
    id: integer('id').primaryKey().default(1),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('cart_key_secret_single_row', sql`${table.id} = 1`)],
);

/**
 * A customer's cart left with products that got its reminder (flows/abandoned-carts): one row per cart, so
 * it is reminded once; the row goes when the cart becomes an order, and its next abandonment is new.
 */
export const abandonedCartReminder = pgTable('abandoned_cart_reminder', {
  orderFormId: text('order_form_id')
    .primaryKey()
    .references(() => orderForm.id, { onDelete: 'cascade' }),
  remindedAt: timestamp('reminded_at', { withTimezone: true }).notNull(),
});
