import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** CMS documents served at /api/cms/{key}.json. */
export const cmsDocument = pgTable('cms_document', {
  key: text('key').primaryKey(),
  data: jsonb('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
