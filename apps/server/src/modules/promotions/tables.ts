import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Promotion } from '@despensa/domain';

/** Promotions as the domain engine reads them; the whole §3 record is kept as one document. */
export const promotion = pgTable('promotion', {
  id: text('id').primaryKey(),
  data: jsonb('data').$type<Promotion>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
