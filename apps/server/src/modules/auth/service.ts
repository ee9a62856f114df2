import { randomBytes } from 'node:crypto';
import { isValidEmail, isValidPassword } from '@despensa/domain';
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
import type { Database, Tx } from '../../db/client';
import type { Mailer } from '../../providers/mail/mailer';
import { AccessKeys, type AccessKeyPurpose } from './access-keys';
import { LoginLimits, MAX_FAILURES_PER_ACCOUNT } from './login-limits';
import { hashPassword, needsRehash, sha256, verifyPassword } from './password';
import * as repo from './repo';
import type { SessionsEnded } from './repo';
import { Sessions, device, type Session } from './sessions';

const AUTHENTICATION_TOKEN_SECONDS = 30 * 60;

export {
  LOGIN_WINDOW_MINUTES,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  MAX_SENDS_PER_ACCOUNT,
  MAX_SENDS_PER_ADDRESS,
} from './login-limits';
export type { Session } from './sessions';

/**
 * VTEX ID for the shop (reference §5): authentication tokens, password and access-key logins, sessions.
 * Answers never tell whether an e-mail has an account: unknown logins cost a dummy hash and fail like a
 * wrong password. Limits, access keys and sessions are rooms of their own (login-limits, access-keys,
 * sessions).
 */
export class AuthService {
  private dummyHash: Promise<string> | undefined;
  private starts = 0;
  private readonly limits: LoginLimits;
  private readonly accessKeys: AccessKeys;
  private readonly sessions: Sessions;

  constructor(
    private readonly database: Database,
    mailer: Mailer,
    private readonly clock: () => Date = () => new Date(),
    private readonly brandName = 'Despensa',
  ) {
    const db = () => this.database.db;
    const now = () => this.now();
    this.limits = new LoginLimits(db, now);
    this.accessKeys = new AccessKeys(db, mailer, now);
    this.sessions = new Sessions(db, now);
  }

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
    if (++this.starts % 100 === 1) await repo.purgeExpired(this.db, now, this.limits.windowStart(now));
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
      if (!(await this.accessKeys.consume(login, 'login', '', body.accessKey))) return null;
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
      if (!(await this.accessKeys.consume(login, 'login', '', body.accessKey))) return null;
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
    if (await this.limits.sendBlocked(login, clientAddress)) return 'BlockedUser';
    const credential = await repo.findCredential(this.db, login);
    if (credential) await this.accessKeys.issue(credential.login, 'login', '', brandName);
    return 'Success';
  }

  /**
   * E-mails a fresh 6-digit key (15 minutes, single use) for a purpose; the previous one stops working. The
   * e-mail names the brand whose shop asked for it (§1 white-label), the chain's unless told.
   */
  issueAccessKey(
    login: string,
    purpose: AccessKeyPurpose,
    subject: string,
    brandName = this.brandName,
  ): Promise<void> {
    return this.accessKeys.issue(login, purpose, subject, brandName);
  }

  hasLiveAccessKey(login: string, purpose: AccessKeyPurpose, subject: string): Promise<boolean> {
    return this.accessKeys.hasLive(login, purpose, subject);
  }

  /** Checks and spends a key; after a few wrong tries the key is dead even if right. */
  consumeAccessKey(login: string, purpose: AccessKeyPurpose, subject: string, key: string): Promise<boolean> {
    return this.accessKeys.consume(login, purpose, subject, key);
  }

  /** Registration's half (flows/register): the password, in `tx`. False when the login is taken. */
  /**
   * A new password's hash, refused when it breaks §5's rule. Hashing is slow on purpose: it runs before the
   * registration's transaction, which must not hold a pooled connection while it works.
   */
  async newPasswordHash(password: string): Promise<string> {
    if (!isValidPassword(password)) throw new Failure('invalidPassword', { field: 'password' });
    return hashPassword(password);
  }

  async createCredential(tx: Tx, userId: string, login: string, passwordHash: string): Promise<boolean> {
    return repo.insertCredential(tx, { userId, login, passwordHash, updatedAt: this.now() });
  }

  /** Starts a session for a user (registration logs the new customer in). */
  openSession(
    userId: string,
    ends?: SessionsEnded,
    clear?: { ids: number[]; accountScope: string },
  ): Promise<LoginOutcome> {
    return this.sessions.open(userId, ends, clear);
  }

  /** The live session behind a raw token, or null. */
  session(token: string | undefined): Promise<Session | null> {
    return this.sessions.find(token);
  }

  logout(token: string | undefined): Promise<{ hadSession: boolean }> {
    return this.sessions.end(token);
  }

  /** Every session of the user ends (after a password change by someone else, for instance). */
  revokeAll(userId: string): Promise<void> {
    return this.sessions.endAll(userId);
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
    if (!isValidEmail(rawLogin.trim().toLowerCase())) return fail('InvalidEmail');
    const { ids, accountScope, forAccount, blocked } = await this.limits.attempt(
      'login',
      rawLogin,
      clientAddress,
    );
    if (blocked) return fail('BlockedUser');
    const userId = await check().catch(async (error: unknown) => {
      // Refused before its password was checked (loginsBusy): not a failed attempt.
      if (error instanceof Failure && error.code === 'loginsBusy') await this.limits.forget(ids);
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
    return this.sessions.open(userId, ends, { ids, accountScope });
  }

  /**
   * The shoppers' login limits for another kind of login (the staff console's, `kind` 'staff'): the
   * attempt counts on the account and on the client address, and over either limit it is refused
   * (tooManyRequests) before any password is checked. `succeeded` forgets the account's attempts.
   */
  limitLogin(kind: string, login: string, clientAddress: string): Promise<{ succeeded(): Promise<void> }> {
    return this.limits.limit(kind, login, clientAddress);
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}

function fail(authStatus: Exclude<AuthStatus, 'Success'>): LoginOutcome {
  const result: AuthResult = { authStatus, promptMFA: false, expiresIn: 0 };
  return { result };
}

/** The staff console's accounts hash and check passwords the same way as the shoppers'. */
export { hashPassword, verifyPassword, sha256 } from './password';

/** The web's server adapters turn a session token into its user with this one adapter. */
export { signedInUser } from './signed-in';
