import { Failure } from '@despensa/contracts';
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
 * Hashes run on one core fewer than the machine has (one on two cores), at nice 19, queued in arrival order
 * (password-workers.ts). More at once would only share the cores without finishing sooner, and a hash on
 * every core leaves the event loop none of its own: measured here, 20 hashes a second on two workers made
 * the shoppers' p95 1.5–5× (at nice 0, 11–14×), on one worker 0.5–1× (`bench/auth.ts`, docs/scale.md).
 * One worker hashes ~50 passwords a second on this machine; a burst beyond waits its turn.
 */
export const HASH_NICE = 19;
export const HASH_WORKERS = Math.max(1, availableParallelism() - 1);
export const passwordWorkers = new PasswordWorkers(HASH_WORKERS, HASH_NICE);

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
      .catch(notAHash);
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Number.isInteger(params.N) || !Number.isInteger(params.r) || !Number.isInteger(params.p)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await deriveScrypt(password, salt, params).catch((error: unknown) => {
    notAHash(error);
    return null;
  });
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

/** A stored text the hasher cannot read is a mismatch; a full line of hashes (loginsBusy) is not. */
function notAHash(error: unknown): false {
  if (error instanceof Failure) throw error;
  return false;
}
