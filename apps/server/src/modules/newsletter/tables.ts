import { sql } from 'drizzle-orm';
import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Newsletter subscriptions ('Suscríbete'): one row per e-mail, whatever its case. */
export const newsletterSubscription = pgTable(
  'newsletter_subscription',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** The RUT, formatted ('12.345.678-5'). */
    document: text('document').notNull(),
    /** The x-consumer that sent it ('web', 'app'). */
    consumer: text('consumer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('newsletter_subscription_email_key').on(sql`lower(${table.email})`)],
);
