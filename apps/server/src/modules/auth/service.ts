import { randomBytes, randomInt } from 'node:crypto';
import { SESSION_COOKIE, SESSION_COOKIE_MAX_AGE_S, isValidEmail, isValidPassword } from '@despensa/domain';
import {
  Failure,
  type AccessKeySendBody,
  type AccessKeyValidateBody,
  type AuthenticationStart,
  type AuthResult,
  type AuthStatus,
  type ClassicValidateBody,
  type LoginOutcome,
  type SetPasswordBody,
} from '@despensa/contracts';
import type { Database } from '../../db/client';
import type { Mailer } from '../../providers/mail/mailer';
import { hashPassword, needsRehash, sameDigest, sha256, verifyPassword } from './password';
import * as repo from './repo';
import type { SessionsEnded } from './repo';

const AUTHENTICATION_TOKEN_SECONDS = 30 * 60;
const ACCESS_KEY_MINUTES = 15;
const ACCESS_KEY_MAX_ATTEMPTS = 5;
/** Rate limits: failures per account and per client address in a sliding window. */
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** Higher than per account: many shoppers can share one address (mobile carriers, offices). */
export const MAX_FAILURES_PER_ADDRESS = 30;
/** Access-key e-mails per account and per client address in the same window (mail bombing, mail cost). */
export const MAX_SENDS_PER_ACCOUNT = 5;
export const MAX_SENDS_PER_ADDRESS = 20;

/** The logged-in customer behind a session token. */
export interface Session {
  sessionId: number;
  userId: string;
  login: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * VTEX ID for the shop (reference §5): authentication tokens, password and access-key logins, sessions.
 * Answers never tell whether an e-mail has an account: unknown logins cost a dummy hash and fail like a
 * wrong password.
 */
export class AuthService {
  private dummyHash: Promise<string> | undefined;
  private starts = 0;

  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly clock: () => Date = () => new Date(),
    private readonly brandName = 'Despensa',
  ) {}

  private get db() {
    return this.database.db;
  }

  private now(): Date {
    return new Date(this.clock().getTime());
  }

  async start(): Promise<AuthenticationStart> {
    const token = randomBytes(24).toString('base64url');
    const now = this.now();
    await repo.insertAuthenticationToken(
      this.db,
      sha256(token),
      now,
      new Date(now.getTime() + AUTHENTICATION_TOKEN_SECONDS * 1000),
    );
    await this.sweepNowAndThen(now);
    return {
      authenticationToken: token,
      oauthProviders: [],
      showClassicAuthentication: true,
      showAccessKeyAuthentication: true,
      showPasskeyAuthentication: false,
      isAuthenticated: false,
      expiresIn: AUTHENTICATION_TOKEN_SECONDS,
    };
  }

  /**
   * Anyone may start a login or post the login form: expired tokens, attempts and keys are swept every
   * 100th time so the tables stay small.
   */
  private async sweepNowAndThen(now: Date): Promise<void> {
    if (++this.starts % 100 === 1)
      await repo.purgeExpired(this.db, now, new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000));
  }

  isAuthenticationTokenLive(token: string): Promise<boolean> {
    return repo.isLiveAuthenticationToken(this.db, sha256(token), this.now());
  }

  /**
   * POST …/classic/validate. `deviceToken` is the session this browser held, if any: the login rotates it
   * and leaves the customer's other devices logged in.
   */
  async validateClassic(
    body: ClassicValidateBody,
    clientAddress: string,
    deviceToken?: string,
  ): Promise<LoginOutcome> {
    if (!(await this.isAuthenticationTokenLive(body.authenticationToken))) return fail('InvalidToken');
    return this.checkPassword(body.login, body.password, clientAddress, deviceToken);
  }

  /**
   * The password login itself, rate-limited like every login. The web app's login form calls it in
   * process (its own same-origin check stands where the API's authenticationToken does), so a login from
   * the site costs no token written and read back.
   */
  async passwordLogin(
    login: string,
    password: string,
    clientAddress: string,
    deviceToken?: string,
  ): Promise<LoginOutcome> {
    // The form's logins sweep the tables now and then, as the API's starts do.
    await this.sweepNowAndThen(this.now());
    return this.checkPassword(login, password, clientAddress, deviceToken);
  }

  private checkPassword(
    login: string,
    password: string,
    clientAddress: string,
    deviceToken: string | undefined,
  ): Promise<LoginOutcome> {
    return this.attempt(login, clientAddress, device(deviceToken), async () => {
      const credential = await repo.findCredential(this.db, login.trim());
      // Unknown login: the same hashing cost, the same answer.
      const ok = await verifyPassword(password, credential?.passwordHash ?? (await this.dummy()));
      if (!ok || !credential) return null;
      // A hash of older parameters is replaced now that the password is known (issue 16: scrypt N = 2^12).
      if (needsRehash(credential.passwordHash))
        await repo.updatePasswordHash(this.db, credential.userId, await hashPassword(password), this.now());
      return credential.userId;
    });
  }

  /** POST …/accesskey/validate: logs in with the e-mailed code. */
  async validateAccessKey(
    body: AccessKeyValidateBody,
    clientAddress: string,
    deviceToken?: string,
  ): Promise<LoginOutcome> {
    if (!(await this.isAuthenticationTokenLive(body.authenticationToken))) return fail('InvalidToken');
    return this.attempt(body.login, clientAddress, device(deviceToken), async () => {
      const login = body.login.trim();
      if (!(await this.consumeAccessKey(login, 'login', '', body.accessKey))) return null;
      return (await repo.findCredential(this.db, login))?.userId ?? null;
    });
  }

  /**
   * POST …/classic/setpassword: a new password with an e-mailed code; logs in on success and ends every
   * other session of the customer (whoever knew the old password is out).
   */
  async setPassword(body: SetPasswordBody, clientAddress: string): Promise<LoginOutcome> {
    if (!(await this.isAuthenticationTokenLive(body.authenticationToken))) return fail('InvalidToken');
    if (!isValidPassword(body.newPassword)) throw new Failure('invalidPassword', { field: 'newPassword' });
    return this.attempt(body.login, clientAddress, 'every-other', async () => {
      const login = body.login.trim();
      if (!(await this.consumeAccessKey(login, 'login', '', body.accessKey))) return null;
      const credential = await repo.findCredential(this.db, login);
      if (!credential) return null;
      await repo.updatePasswordHash(
        this.db,
        credential.userId,
        await hashPassword(body.newPassword),
        this.now(),
      );
      return credential.userId;
    });
  }

  /**
   * POST …/accesskey/send. Answers the same whether or not the e-mail has an account; only accounts get
   * mail. A malformed e-mail is InvalidEmail, a dead token InvalidToken.
   */
  async sendAccessKey(
    body: AccessKeySendBody,
    clientAddress: string,
    brandName = this.brandName,
  ): Promise<AuthStatus> {
    if (!(await this.isAuthenticationTokenLive(body.authenticationToken))) return 'InvalidToken';
    const login = (body.login ?? body.email ?? '').trim();
    if (!isValidEmail(login)) return 'InvalidEmail';
    // Every send counts, known e-mail or not, so the limit says nothing about which e-mails have accounts.
    const now = this.now();
    const {
      counts: [forAccount = 0, forAddress = 0],
    } = await repo.recordAttempt(
      this.db,
      [`send:${login.toLowerCase()}`, `send-ip:${clientAddress}`],
      now,
      new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000),
    );
    if (forAccount > MAX_SENDS_PER_ACCOUNT || forAddress > MAX_SENDS_PER_ADDRESS) return 'BlockedUser';
    const credential = await repo.findCredential(this.db, login);
    if (credential) await this.issueAccessKey(credential.login, 'login', '', brandName);
    return 'Success';
  }

  /**
   * E-mails a fresh 6-digit key (15 minutes, single use) for a purpose; the previous one stops working. The
   * e-mail names the brand whose shop asked for it (§1 white-label), the chain's unless told.
   */
  async issueAccessKey(
    login: string,
    purpose: 'login' | 'address',
    subject: string,
    brandName = this.brandName,
  ): Promise<void> {
    const key = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.now();
    await repo.insertAccessKey(this.db, {
      login,
      purpose,
      subject,
      keyHash: sha256(`${purpose}:${subject}:${key}`),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ACCESS_KEY_MINUTES * 60_000),
    });
    const what = purpose === 'address' ? 'confirmar tu dirección' : 'ingresar a tu cuenta';
    await this.mailer.send({
      to: login,
      subject: `Tu código de acceso a ${brandName}`,
      text: `Tu código para ${what} es ${key}. Vence en ${ACCESS_KEY_MINUTES} minutos. Si no lo pediste, ignora este correo.`,
    });
  }

  hasLiveAccessKey(login: string, purpose: 'login' | 'address', subject: string): Promise<boolean> {
    return repo.hasLiveAccessKey(this.db, login, purpose, subject, this.now());
  }

  /** Checks and spends a key; after ACCESS_KEY_MAX_ATTEMPTS tries the key is dead even if right. */
  async consumeAccessKey(
    login: string,
    purpose: 'login' | 'address',
    subject: string,
    key: string,
  ): Promise<boolean> {
    const now = this.now();
    const live = await repo.takeAccessKeyAttempt(this.db, login, purpose, subject, now);
    if (!live || live.attempts > ACCESS_KEY_MAX_ATTEMPTS) return false;
    if (!sameDigest(live.keyHash, sha256(`${purpose}:${subject}:${key.trim()}`))) return false;
    return repo.useAccessKey(this.db, live.id, now);
  }

  /** Registration's half: the password. False when the login is taken. */
  async createCredential(userId: string, login: string, password: string): Promise<boolean> {
    if (!isValidPassword(password)) throw new Failure('invalidPassword', { field: 'password' });
    return repo.insertCredential(this.db, {
      userId,
      login,
      passwordHash: await hashPassword(password),
      updatedAt: this.now(),
    });
  }

  deleteCredential(userId: string): Promise<void> {
    return repo.deleteCredential(this.db, userId);
  }

  /** Starts a session for a user (registration logs the new customer in). */
  async openSession(
    userId: string,
    ends: SessionsEnded = { deviceTokenHash: undefined },
    clear?: { ids: number[]; accountScope: string },
  ): Promise<LoginOutcome> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await repo.replaceSessions(
      this.db,
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
  async session(token: string | undefined): Promise<Session | null> {
    if (!token || token.length > 200) return null;
    const row = await repo.findLiveSessionWithLogin(this.db, sha256(token), this.now());
    if (!row) return null;
    return {
      sessionId: row.id,
      userId: row.userId,
      login: row.login,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
    };
  }

  async logout(token: string | undefined): Promise<{ hadSession: boolean }> {
    if (!token || token.length > 200) return { hadSession: false };
    return { hadSession: await repo.revokeSession(this.db, sha256(token), this.now()) };
  }

  /** Every session of the user ends (after a password change by someone else, for instance). */
  revokeAll(userId: string): Promise<void> {
    return repo.revokeUserSessions(this.db, userId, this.now());
  }

  /**
   * The rate-limited core of every login: records the attempt per account and per client address, refuses
   * with BlockedUser past the limits, else runs `check` (user id on success, null on failure).
   */
  private async attempt(
    rawLogin: string,
    clientAddress: string,
    ends: SessionsEnded,
    check: () => Promise<string | null>,
  ): Promise<LoginOutcome> {
    const login = rawLogin.trim().toLowerCase();
    if (!isValidEmail(login)) return fail('InvalidEmail');
    const now = this.now();
    const accountScope = `login:${login}`;
    const { ids, counts } = await repo.recordAttempt(
      this.db,
      [accountScope, `ip:${clientAddress}`],
      now,
      new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000),
    );
    const [forAccount = 0, forAddress = 0] = counts;
    if (forAccount > MAX_FAILURES_PER_ACCOUNT || forAddress > MAX_FAILURES_PER_ADDRESS)
      return fail('BlockedUser');
    const userId = await check().catch(async (error: unknown) => {
      // Refused before its password was checked (loginsBusy): not a failed attempt.
      if (error instanceof Failure && error.code === 'loginsBusy') await repo.forgetAttempts(this.db, ids);
      throw error;
    });
    if (!userId) {
      return {
        result: {
          ...fail('WrongCredentials').result,
          lastAttemptAvailable: MAX_FAILURES_PER_ACCOUNT - forAccount,
        },
      };
    }
    return this.openSession(userId, ends, { ids, accountScope });
  }

  /**
   * The shoppers' login limits for another kind of login (the staff console's, `kind` 'staff'): the
   * attempt counts on the account and on the client address, and over either limit it is refused
   * (tooManyRequests) before any password is checked. `succeeded` forgets the account's attempts.
   */
  async limitLogin(
    kind: string,
    login: string,
    clientAddress: string,
  ): Promise<{ succeeded(): Promise<void> }> {
    const now = this.now();
    const accountScope = `${kind}:${login.trim().toLowerCase()}`;
    const { ids, counts } = await repo.recordAttempt(
      this.db,
      [accountScope, `ip:${clientAddress}`],
      now,
      new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000),
    );
    const [forAccount = 0, forAddress = 0] = counts;
    if (forAccount > MAX_FAILURES_PER_ACCOUNT || forAddress > MAX_FAILURES_PER_ADDRESS)
      throw new Failure('tooManyRequests');
    return { succeeded: () => repo.forgetAttempts(this.db, ids, accountScope) };
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}

/** The session a login on this device replaces (an over-long token is nobody's). */
function device(token: string | undefined): SessionsEnded {
  return { deviceTokenHash: token && token.length <= 200 ? sha256(token) : undefined };
}

function fail(authStatus: Exclude<AuthStatus, 'Success'>): LoginOutcome {
  const result: AuthResult = { authStatus, promptMFA: false, expiresIn: 0 };
  return { result };
}

/** The staff console's accounts hash and check passwords the same way as the shoppers'. */
export { hashPassword, verifyPassword, sha256 } from './password';
