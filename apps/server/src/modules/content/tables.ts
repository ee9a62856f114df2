import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** CMS documents served at /api/cms/{key}.json. */
export const cmsDocument = pgTable('cms_document', {
  key: text('key').primaryKey(),
  data: jsonb('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An editor's draft of a document (issue 30): only the back office's preview shows it. */
export const cmsDraft = pgTable('cms_draft', {
  key: text('key').primaryKey(),
  data: jsonb('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A version of a document that goes live at `publishAt` (one per document: scheduling again replaces it).
 * Reads choose it by the clock from its time on, on every instance; the first instance to notice its time
 * (ContentService.datedChangesPassed, or a change signal) moves it into cms_document.
 */
export const cmsScheduled = pgTable('cms_scheduled', {
  key: text('key').primaryKey(),
  data: jsonb('data').notNull(),
  publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
});
