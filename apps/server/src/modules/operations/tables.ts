import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StaffRole } from '@despensa/domain';

/**
 * The operations module owns the staff: accounts with a role per store, their sessions (a cookie of their
 * own, never the shopper's) and the audit of every operator action.
 */
export const staffMember = pgTable(
  'staff_member',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** What the role may do: see @despensa/domain's staff roles. */
    role: text('role').$type<StaffRole>().notNull(),
    storeId: text('store_id').notNull(),
    /** scrypt, as the shoppers' (auth module's hashPassword). */
    passwordHash: text('password_hash').notNull(),
    /** A deactivated account cannot log in, and its sessions end. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('staff_member_email_key').on(sql`lower(${t.email})`)],
);

export const staffSession = pgTable(
  'staff_session',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staffMember.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_session_staff_idx').on(t.staffId)],
);

/** Who did what to which order, when, and the state before and after. */
export const operationAudit = pgTable(
  'operation_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    staffId: text('staff_id').notNull(),
    storeId: text('store_id').notNull(),
    orderId: text('order_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('operation_audit_order_idx').on(t.orderId, t.id)],
);
