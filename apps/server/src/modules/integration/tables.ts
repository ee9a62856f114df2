import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { IntegrationScope } from '@despensa/contracts';

/** The integration module owns the app keys an ERP calls the VTEX-shaped APIs with. */
export const integrationAppKey = pgTable('integration_app_key', {
  appKey: text('app_key').primaryKey(),
  /** sha256 of the token: it is random and long, so a fast hash is enough and the token is never kept. */
  tokenHash: text('token_hash').notNull(),
  label: text('label').notNull(),
  scopes: text('scopes')
    .array()
    .$type<IntegrationScope[]>()
    .notNull()
    .default(sql`'{}'::text[]`),
  ratePerSecond: integer('rate_per_second').notNull(),
  burst: integer('burst').notNull(),
  /** The staff member (an administrator) who created it. */
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});
