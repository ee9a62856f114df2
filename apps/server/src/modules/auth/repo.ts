import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accessKey, authenticationToken, customerCredential, customerSession, loginAttempt } from './tables';

export type CredentialRow = typeof customerCredential.$inferSelect;
export type SessionRow = typeof customerSession.$inferSelect;

export async function insertAuthenticationToken(db: Db, tokenHash: string, now: Date, expiresAt: Date) {
  await db.insert(authenticationToken).values({ tokenHash, createdAt: now, expiresAt });
}

export async function isLiveAuthenticationToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ expiresAt: authenticationToken.expiresAt })
    .from(authenticationToken)
    .where(and(eq(authenticationToken.tokenHash, tokenHash), gt(authenticationToken.expiresAt, now)));
  return row !== undefined;
}

export async function purgeExpired(db: Db, now: Date, attemptsBefore: Date): Promise<void> {
  await db.delete(authenticationToken).where(lt(authenticationToken.expiresAt, now));
  await db.delete(loginAttempt).where(lt(loginAttempt.at, attemptsBefore));
  await db.delete(accessKey).where(lt(accessKey.expiresAt, now));
}

export async function findCredential(db: Db, login: string): Promise<CredentialRow | null> {
  const [row] = await db
    .select()
    .from(customerCredential)
    .where(sql`lower(${customerCredential.login}) = lower(${login})`);
  return row ?? null;
}

export async function findCredentialByUser(db: Db, userId: string): Promise<CredentialRow | null> {
  const [row] = await db.select().from(customerCredential).where(eq(customerCredential.userId, userId));
  return row ?? null;
}

/** False when the login is taken (the unique index on lower(login)). */
export async function insertCredential(db: Db | Tx, row: CredentialRow): Promise<boolean> {
  const inserted = await db.insert(customerCredential).values(row).onConflictDoNothing().returning();
  return inserted.length === 1;
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string, now: Date) {
  await db
    .update(customerCredential)
    .set({ passwordHash, updatedAt: now })
    .where(eq(customerCredential.userId, userId));
}

/**
 * A new session in one statement: the session it replaces is revoked — the device's own (rotation at login:
 * the shopper stays logged in on their other devices) or, after a password change, every session of the
 * user — and the login's attempt rows cleared. The commit skips the WAL flush wait (set_config(…, true) is SET LOCAL): a
 * crash may forget the last instant's logins, and the customer logs in again; a login costs no fsync wait.
 */
/** What a new session ends: the device's previous session, or every session of the user. */
export type SessionsEnded = { deviceTokenHash: string | undefined } | 'every-other';

export async function replaceSessions(
  db: Db,
  row: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date },
  ends: SessionsEnded,
  clear: { ids: number[]; accountScope: string } = { ids: [], accountScope: '' },
): Promise<void> {
  const everyOther = ends === 'every-other';
  const deviceTokenHash = everyOther ? '' : (ends.deviceTokenHash ?? '');
  await db.execute(sql`
    WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true)),
    revoked AS (
      UPDATE ${customerSession} SET revoked_at = ${row.createdAt}
       WHERE revoked_at IS NULL
         AND (token_hash = ${deviceTokenHash} OR (${everyOther} AND user_id = ${row.userId}))
    ),
    added AS (
      INSERT INTO ${customerSession} (token_hash, user_id, created_at, expires_at)
      VALUES (${row.tokenHash}, ${row.userId}, ${row.createdAt}, ${row.expiresAt})
    ),
    cleared AS (
      DELETE FROM ${loginAttempt}
       WHERE id = ANY(${`{${clear.ids.join(',')}}`}::bigint[]) OR scope = ${clear.accountScope}
    )
    SELECT (SELECT 1 FROM relaxed)`);
}

/**
 * The live session behind a token hash with its customer's login, in one round trip (every logged-in page
 * and call asks): null when there is none or the customer has no credential any more.
 */
export async function findLiveSessionWithLogin(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<(SessionRow & { login: string }) | null> {
  const [row] = await db
    .select({
      id: customerSession.id,
      tokenHash: customerSession.tokenHash,
      userId: customerSession.userId,
      createdAt: customerSession.createdAt,
      expiresAt: customerSession.expiresAt,
      revokedAt: customerSession.revokedAt,
      login: customerCredential.login,
    })
    .from(customerSession)
    .innerJoin(customerCredential, eq(customerCredential.userId, customerSession.userId))
    .where(
      and(
        eq(customerSession.tokenHash, tokenHash),
        isNull(customerSession.revokedAt),
        gt(customerSession.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** True when a live session was revoked. */
export async function revokeSession(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(customerSession)
    .set({ revokedAt: now })
    .where(
      and(
        eq(customerSession.tokenHash, tokenHash),
        isNull(customerSession.revokedAt),
        gt(customerSession.expiresAt, now),
      ),
    )
    .returning({ id: customerSession.id });
  return rows.length > 0;
}

export async function revokeUserSessions(db: Db, userId: string, now: Date) {
  await db
    .update(customerSession)
    .set({ revokedAt: now })
    .where(and(eq(customerSession.userId, userId), isNull(customerSession.revokedAt)));
}

/**
 * Records an attempt in each scope and counts each scope's attempts since `since`, this one included.
 * Recording before counting makes concurrent attempts see each other, so a burst cannot slip past the limit.
 * One statement with no WAL flush wait: losing the last instant's attempts in a crash only forgives them.
 */
export async function recordAttempt(
  db: Db,
  scopes: [string, string],
  now: Date,
  since: Date,
): Promise<{ ids: number[]; counts: number[] }> {
  const result = await db.execute<{ ids: string[]; account: number; address: number }>(sql`
    WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true)),
    added AS (
      INSERT INTO ${loginAttempt} (scope, at) VALUES (${scopes[0]}, ${now}), (${scopes[1]}, ${now})
      RETURNING id
    )
    SELECT (SELECT array_agg(id) FROM added) AS ids,
           (SELECT 1 FROM relaxed) AS relaxed,
           1 + (SELECT count(*) FROM ${loginAttempt} WHERE scope = ${scopes[0]} AND at > ${since})::int AS account,
           1 + (SELECT count(*) FROM ${loginAttempt} WHERE scope = ${scopes[1]} AND at > ${since})::int AS address`);
  const row = result.rows[0]!;
  return { ids: row.ids.map(Number), counts: [Number(row.account), Number(row.address)] };
}

/** A successful login forgets its own attempts and the account's; one never checked, only its own. */
export async function forgetAttempts(db: Db, ids: number[], accountScope?: string): Promise<void> {
  await db.execute(sql`
    DELETE FROM ${loginAttempt}
     WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[]) OR scope = ${accountScope ?? null}`);
}

export async function insertAccessKey(db: Db, row: typeof accessKey.$inferInsert): Promise<void> {
  await db.transaction(async (tx) => {
    // One live key per purpose and subject: a new send replaces the previous code.
    await tx
      .update(accessKey)
      .set({ usedAt: row.createdAt })
      .where(
        and(
          sql`lower(${accessKey.login}) = lower(${row.login})`,
          eq(accessKey.purpose, row.purpose),
          eq(accessKey.subject, row.subject ?? ''),
          isNull(accessKey.usedAt),
        ),
      );
    await tx.insert(accessKey).values(row);
  });
}

/** The live key for login/purpose/subject, with its attempt counter bumped (row-locked). */
export async function takeAccessKeyAttempt(
  db: Db,
  login: string,
  purpose: string,
  subject: string,
  now: Date,
): Promise<{ id: number; keyHash: string; attempts: number } | null> {
  const result = await db.execute<{ id: number; key_hash: string; attempts: number }>(sql`
    UPDATE ${accessKey} SET attempts = attempts + 1
     WHERE id = (SELECT id FROM ${accessKey}
                  WHERE lower(login) = lower(${login}) AND purpose = ${purpose} AND subject = ${subject}
                    AND used_at IS NULL AND expires_at > ${now}
                  ORDER BY id DESC LIMIT 1 FOR UPDATE)
    RETURNING id, key_hash, attempts`);
  const row = result.rows[0];
  return row ? { id: Number(row.id), keyHash: row.key_hash, attempts: row.attempts } : null;
}

/** Marks a key used; false when another request used it first. */
export async function useAccessKey(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(accessKey)
    .set({ usedAt: now })
    .where(and(eq(accessKey.id, id), isNull(accessKey.usedAt)))
    .returning({ id: accessKey.id });
  return rows.length > 0;
}

export async function hasLiveAccessKey(
  db: Db,
  login: string,
  purpose: string,
  subject: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: accessKey.id })
    .from(accessKey)
    .where(
      and(
        sql`lower(${accessKey.login}) = lower(${login})`,
        eq(accessKey.purpose, purpose),
        eq(accessKey.subject, subject),
        isNull(accessKey.usedAt),
        gt(accessKey.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}
