import { createHash, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { PasswordWorkers } from './password-workers';

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, which this build cannot import). */
const ARGON2ID = 2;

/**
 * Passwords are hashed with Argon2id at OWASP's minimum (m = 19 MiB, t = 2, p = 1; about 18 ms of one core
 * here) on worker threads of their own at a low CPU priority (password-workers.ts), so a hash never blocks
 * the event loop and never takes a core from a shopper's request. The PHC string carries the parameters, so
 * they can be raised later: a hash made with other parameters, or an older scrypt hash
 * ('scrypt$N$r$p$salt$hash', N = 2^12 until issue 16), still verifies and is replaced at the next login.
 */
export const ARGON2_PARAMS = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;
const ARGON2_PREFIX = `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`;
const KEY_LENGTH = 32;

/**
 * At most one hash per core at a time: more only time-slice the cores (every login slower, the database
 * starved) without finishing any sooner. Waiting logins queue in arrival order. The workers' nice value is
 * 19 (the lowest priority): see password-workers.ts; PASSWORD_HASH_NICE changes it (0 = the loop's).
 */
export const HASH_NICE = Math.min(19, Math.max(0, Number(process.env.PASSWORD_HASH_NICE ?? 19) || 0));
export const passwordWorkers = new PasswordWorkers(Math.max(1, availableParallelism()), HASH_NICE);

async function deriveScrypt(
  password: string,
  salt: string,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  const key = await passwordWorkers.run<string>({
    op: 'scrypt',
    password: password.normalize('NFKC'),
    salt,
    keyLength: KEY_LENGTH,
    options: { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 },
  });
  return Buffer.from(key, 'base64url');
}

export function hashPassword(password: string): Promise<string> {
  return passwordWorkers.run<string>({
    op: 'argon2-hash',
    password: password.normalize('NFKC'),
    options: { ...ARGON2_PARAMS, algorithm: ARGON2ID, outputLen: KEY_LENGTH },
  });
}

/** Constant-time check; a malformed stored hash is a mismatch, never an error. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    return passwordWorkers
      .run<boolean>({ op: 'argon2-verify', stored, password: password.normalize('NFKC') })
      .catch(() => false);
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Number.isInteger(params.N) || !Number.isInteger(params.r) || !Number.isInteger(params.p)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await deriveScrypt(password, salt, params).catch(() => null);
  return actual !== null && expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A stored hash made some other way than today's (older scrypt, other Argon2 parameters): rehash it. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(ARGON2_PREFIX);
}

/** Tokens and access keys are stored as sha256 hex: enough for random secrets, and indexable. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Equality of two hex digests without an early exit. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
