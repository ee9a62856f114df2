import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Messages between a shopper and the store about one order; kept after delivery. */
export const chatMessage = pgTable(
  'chat_message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id').notNull(),
    author: text('author').$type<'shopper' | 'store'>().notNull(),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** When the other side read it (null: pending for them). */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('chat_message_order_idx').on(t.orderId, t.id)],
);
