import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit module owns the back office's log: every change made through an integration key or a staff
 * member's back-office session, written in the change's own transaction (a change without its row never
 * commits). The store console's order actions keep their own log (operation_audit).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** 'appKey' or 'staff'. */
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id').notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_subject_idx').on(t.subject, t.id)],
);
