import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every pushed event, kept so a reconnecting client resumes after its Last-Event-ID (a NOTIFY alone is
 * lost to whoever was not listening). `topic` is 'order:{orderId}' or 'store:{salesChannel}'.
 */
export const realtimeEvent = pgTable(
  'realtime_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    type: text('type').notNull(),
    orderId: text('order_id').notNull(),
    data: jsonb('data').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('realtime_event_topic_idx').on(t.topic, t.id)],
);
