import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The user module owns these tables: the customer's §3 user data and registered devices. */
export const customer = pgTable(
  'customer',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** The RUT, formatted ('12.345.678-5'): one account per person. */
    document: text('document').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    homePhone: text('home_phone').notNull(),
    gtmSegment: text('gtm_segment').notNull().default(''),
    clusterSearch: boolean('cluster_search').notNull().default(false),
    clusterCencopay: boolean('cluster_cencopay').notNull().default(false),
    hasWallet: boolean('has_wallet').notNull().default(false),
    cencoPayLinked: boolean('cenco_pay_linked').notNull().default(false),
    primeMember: boolean('prime_member').notNull().default(false),
    primeCat: boolean('prime_cat').notNull().default(false),
    countOrder: integer('count_order').notNull().default(0),
    primeInvitationDate: timestamp('prime_invitation_date', { withTimezone: true }),
    loyaltyPoints: integer('loyalty_points').notNull().default(0),
    /** The cart last attached by POST /api/user/profile. */
    orderFormId: text('order_form_id'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('customer_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('customer_document_key').on(t.document),
  ],
);

/** Push-notification devices (§3 Device registration); a device may belong to a customer. */
export const customerDevice = pgTable('customer_device', {
  deviceId: text('device_id').primaryKey(),
  userId: text('user_id'),
  token: text('token').notNull(),
  isMobile: boolean('is_mobile').notNull(),
  device: text('device').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
