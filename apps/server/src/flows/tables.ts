import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Flows own this table: one row per idempotency key that finished, with what it answered. A repeat of
 * the key answers the stored result; the same key with a different input is refused.
 */
export const flowRun = pgTable(
  'flow_run',
  {
    flow: text('flow').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the input as JSON, to tell a repeat from a reused key. */
    inputHash: text('input_hash').notNull(),
    result: jsonb('result').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.flow, t.idempotencyKey] })],
);
