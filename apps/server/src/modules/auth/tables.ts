import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The auth module owns these tables. Secrets (start tokens, session tokens, access keys) are stored as
 * sha256 hashes, so a database leak gives nothing that logs in; passwords as scrypt hashes.
 */

/** VTEX ID's authenticationToken (GET …/authentication/start): short-lived, needed by every login call. */
export const authenticationToken = pgTable(
  'authentication_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('authentication_token_expires_idx').on(t.expiresAt)],
);

/** One password per customer; `login` is the e-mail, compared case-insensitively. */
export const customerCredential = pgTable(
  'customer_credential',
  {
    userId: text('user_id').primaryKey(),
    login: text('login').notNull(),
    /** 'scrypt$N$r$p$salt$hash' (base64url), so the cost can be raised for new hashes later. */
    passwordHash: text('password_hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('customer_credential_login_key').on(sql`lower(${t.login})`)],
);

/** A login session: 30 days, replaced at each login, revoked by logout. */
export const customerSession = pgTable(
  'customer_session',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customer_session_token_key').on(t.tokenHash),
    index('customer_session_user_idx').on(t.userId),
  ],
);

/** 6-digit codes sent by e-mail: login, password reset, address confirmation. Single use, few attempts. */
export const accessKey = pgTable(
  'access_key',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    login: text('login').notNull(),
    /** 'login' (login and set password) or 'address'. */
    purpose: text('purpose').notNull(),
    /** What the key confirms within the purpose (the address id); '' for login. */
    subject: text('subject').notNull().default(''),
    keyHash: text('key_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('access_key_login_idx').on(sql`lower(${t.login})`, t.purpose, t.subject)],
);

/**
 * Login attempts not (yet) known to have succeeded, per scope ('login:{e-mail}@{address}', 'ip:{address}'). Counting
 * them in a window is the rate limit; a successful login removes its own rows.
 */
export const loginAttempt = pgTable(
  'login_attempt',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scope: text('scope').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_attempt_scope_idx').on(t.scope, t.at)],
);
