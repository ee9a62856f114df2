import { Failure } from '@despensa/contracts';
import type { Db } from '../../db/client';
import * as repo from './repo';

/**
 * Rate limits: failures per account from one client address, and per client address, in a sliding window.
 * An account is never locked from every address at once: a stranger's wrong passwords would lock its
 * shopper out (OWASP, lockout denial of service).
 */
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** Higher than per account: many shoppers can share one address (mobile carriers, offices). */
export const MAX_FAILURES_PER_ADDRESS = 30;
/** Access-key e-mails per account and per client address in the same window (mail bombing, mail cost). */
export const MAX_SENDS_PER_ACCOUNT = 5;
export const MAX_SENDS_PER_ADDRESS = 20;

/** One login attempt, recorded and counted: `blocked` past either limit. */
export interface LoginAttempt {
  ids: number[];
  /** The scope the account's failures count in, cleared by a successful login. */
  accountScope: string;
  /** The account's attempts in the window, this one included. */
  forAccount: number;
  blocked: boolean;
}

/** The attempt and send counters every login (shoppers' and staff's) and every access-key e-mail go through. */
export class LoginLimits {
  constructor(
    private readonly db: () => Db,
    private readonly now: () => Date,
  ) {}

  /** Records a login attempt of `kind` ('login', 'staff') on the account and on the client address. */
  async attempt(kind: string, login: string, clientAddress: string): Promise<LoginAttempt> {
    const accountScope = accountAtAddress(kind, login.trim().toLowerCase(), clientAddress);
    const { ids, counts } = await this.record([accountScope, `ip:${clientAddress}`]);
    const [forAccount = 0, forAddress = 0] = counts;
    const blocked = forAccount > MAX_FAILURES_PER_ACCOUNT || forAddress > MAX_FAILURES_PER_ADDRESS;
    return { ids, accountScope, forAccount, blocked };
  }

  /**
   * The shoppers' login limits for another kind of login (the staff console's, `kind` 'staff'): over either
   * limit it is refused (tooManyRequests) before any password is checked. `succeeded` forgets the account's
   * attempts.
   */
  async limit(kind: string, login: string, clientAddress: string): Promise<{ succeeded(): Promise<void> }> {
    const { ids, accountScope, blocked } = await this.attempt(kind, login, clientAddress);
    if (blocked) throw new Failure('tooManyRequests');
    return { succeeded: () => this.forget(ids, accountScope) };
  }

  /** Records an access-key e-mail to `login`; true past either send limit. */
  async sendBlocked(login: string, clientAddress: string): Promise<boolean> {
    const {
      counts: [forAccount = 0, forAddress = 0],
    } = await this.record([`send:${login.toLowerCase()}`, `send-ip:${clientAddress}`]);
    return forAccount > MAX_SENDS_PER_ACCOUNT || forAddress > MAX_SENDS_PER_ADDRESS;
  }

  /** Forgets the attempts `ids` and, when given, every attempt on the account's scope. */
  forget(ids: number[], accountScope?: string): Promise<void> {
    return repo.forgetAttempts(this.db(), ids, accountScope);
  }

  /** The oldest moment still in the window (older attempts are swept). */
  windowStart(now: Date): Date {
    return new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000);
  }

  private record(scopes: [string, string]) {
    const now = this.now();
    return repo.recordAttempt(this.db(), scopes, now, this.windowStart(now));
  }
}

/** The scope an account's failures count in: that account from that client address. */
function accountAtAddress(kind: string, login: string, clientAddress: string): string {
  return `${kind}:${login}@${clientAddress}`;
}
