import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The mail outbox (issue 31): a mail is a row written with what asked for it, then delivered by the job
 * queue. `status` moves pending → sending → sent; a row is claimed (sending) before the SMTP call, so a crash
 * mid-send leaves it `sending` and it is never sent twice. A refused send goes back to pending with a later
 * `next_attempt_at` (backoff) until its attempts run out (failed).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The brand whose shop asked for the mail (§1 white-label), by name; its colours dress the HTML. */
    brandName: text('brand_name').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    check('mail_outbox_status', sql`${table.status} in ('pending', 'sending', 'sent', 'failed')`),
    index('mail_outbox_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);
