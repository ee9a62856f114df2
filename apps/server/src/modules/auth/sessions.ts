import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE, SESSION_COOKIE_MAX_AGE_S } from '@despensa/domain';
import type { LoginOutcome } from '@despensa/contracts';
import type { Db } from '../../db/client';
import { sha256 } from './password';
import * as repo from './repo';
import type { SessionsEnded } from './repo';

/** The logged-in customer behind a session token. */
export interface Session {
  sessionId: number;
  userId: string;
  login: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Customers' sessions: opened by a login or a registration, found by token, ended by logout. */
export class Sessions {
  constructor(
    private readonly db: () => Db,
    private readonly now: () => Date,
  ) {}

  /** Starts a session for a user, ending `ends` and clearing the login's attempts `clear`. */
  async open(
    userId: string,
    ends: SessionsEnded = { deviceTokenHash: undefined },
    clear?: { ids: number[]; accountScope: string },
  ): Promise<LoginOutcome> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await repo.replaceSessions(
      this.db(),
      {
        tokenHash: sha256(token),
        userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SESSION_COOKIE_MAX_AGE_S * 1000),
      },
      ends,
      clear,
    );
    return {
      sessionToken: token,
      result: {
        authStatus: 'Success',
        promptMFA: false,
        authCookie: { Name: SESSION_COOKIE, Value: token },
        expiresIn: SESSION_COOKIE_MAX_AGE_S,
        userId,
      },
    };
  }

  /** The live session behind a raw token, or null. */
  async find(token: string | undefined): Promise<Session | null> {
    if (!token || token.length > 200) return null;
    const row = await repo.findLiveSessionWithLogin(this.db(), sha256(token), this.now());
    if (!row) return null;
    return {
      sessionId: row.id,
      userId: row.userId,
      login: row.login,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
    };
  }

  async end(token: string | undefined): Promise<{ hadSession: boolean }> {
    if (!token || token.length > 200) return { hadSession: false };
    return { hadSession: await repo.revokeSession(this.db(), sha256(token), this.now()) };
  }

  /** Every session of the user ends (after a password change by someone else, for instance). */
  endAll(userId: string): Promise<void> {
    return repo.revokeUserSessions(this.db(), userId, this.now());
  }
}

/** The session a login on this device replaces (an over-long token is nobody's). */
export function device(token: string | undefined): SessionsEnded {
  return { deviceTokenHash: token && token.length <= 200 ? sha256(token) : undefined };
}
