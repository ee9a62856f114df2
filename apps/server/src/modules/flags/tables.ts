import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * §9 feature flags, one row per flag. A trigger (migration feature_flags) notifies feature_flags_changed
 * on any write, so every app instance reloads them.
 */
export const featureFlag = pgTable('feature_flag', {
  key: text('key').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
