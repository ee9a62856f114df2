import { randomBytes, scryptSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { HASH_NICE, hashPassword, verifyPassword } from '../src/modules/auth/password';
import { PasswordWorkers } from '../src/modules/auth/password-workers';
import { failureStatus } from '../src/http/failure-status';
import { failureMessages } from '@despensa/contracts';
import { TEST_KEY } from './support/constants';
import { createTestApp, type TestApp } from './support/app';
import { PASSWORD, accountsClient } from './support/accounts';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop?.close());

const storedHash = async (userId: string) =>
  (
    await shop.database.pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM customer_credential WHERE user_id = $1',
      [userId],
    )
  ).rows[0]!.password_hash;

/** A hash as the shop stored them before issue 16: scrypt N = 2^12, r = 8, p = 1. */
function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** 12, r: 8, p: 1 });
  return ['scrypt', 4096, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('passwords (OWASP minimum)', { timeout: 60_000 }, () => {
  it('stores new passwords as Argon2id with m = 19 MiB, t = 2, p = 1', async () => {
    const customer = await accountsClient(shop).register();
    expect(await storedHash(customer.userId)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('upgrades an old scrypt hash at the next login, and keeps it on a wrong password', async () => {
    const accounts = accountsClient(shop, '10.0.0.7');
    const customer = await accounts.register();
    const legacy = legacyScryptHash(PASSWORD);
    await shop.database.pool.query('UPDATE customer_credential SET password_hash = $1 WHERE user_id = $2', [
      legacy,
      customer.userId,
    ]);
    const wrong = await accounts.login(customer.email, 'otra-clave-999');
    expect(wrong.json().authStatus).toBe('WrongCredentials');
    expect(await storedHash(customer.userId)).toBe(legacy);

    const right = await accounts.login(customer.email);
    expect(right.json().authStatus).toBe('Success');
    const upgraded = await storedHash(customer.userId);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The new hash verifies the same password.
    expect((await accounts.login(customer.email)).json().authStatus).toBe('Success');
  });

  it('hashes off the event loop: timers keep firing while logins hash', async () => {
    const accounts = accountsClient(shop, '10.0.0.8');
    const customer = await accounts.register();
    /** How often a 5 ms timer fired while `work` ran. */
    const ticking = async (work: () => Promise<unknown>) => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      const started = Date.now();
      await work();
      clearInterval(timer);
      return { ticks, elapsed: Date.now() - started };
    };
    const logins = await ticking(() =>
      Promise.all([1, 2, 3, 4].map(() => accounts.login(customer.email, 'otra-clave-999'))),
    );
    // The same loop left alone as long, under whatever else the machine is doing meanwhile (a loaded CI
    // machine fires a 5 ms timer far less often than every 5 ms).
    const idle = await ticking(() => new Promise((resolve) => setTimeout(resolve, logins.elapsed)));
    // Four Argon2id hashes on the loop leave it ticking never while they run (measured: 0 against 9–20).
    expect(logins.ticks).toBeGreaterThan(idle.ticks / 4);
  });
});

/** Nice value of each thread of this process (Linux: /proc/self/task/{tid}/stat, field 19). */
function threadNiceValues(): number[] {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('password workers', { timeout: 60_000 }, () => {
  it('hash and verify on threads of their own at the lowest CPU priority, the event loop keeping its own', async () => {
    // The loop's nice value as the process was started (npm test starts the API suite at 10).
    const loopNice = os.getPriority();
    expect(loopNice).toBeLessThan(19);
    const stored = await hashPassword('una-clave-larga-1');
    expect(await verifyPassword('una-clave-larga-1', stored)).toBe(true);
    expect(await verifyPassword('otra-clave-larga-1', stored)).toBe(false);
    // A stored hash that is not one: a mismatch, never an error.
    expect(await verifyPassword('una-clave-larga-1', '$argon2id$v=19$m=19456,t=2,p=1$roto')).toBe(false);
    expect(await verifyPassword('una-clave-larga-1', 'scrypt$x$8$1$c2Fs$aGFzaA')).toBe(false);
    expect(HASH_NICE).toBe(19);
    // Linux keeps a nice value per thread: the workers' threads run at 19, this one (the loop's) at its own.
    expect(threadNiceValues()).toContain(19);
    expect(os.getPriority()).toBe(loopNice);
  });

  it('run one hash per worker at a time and queue the rest in arrival order', async () => {
    const workers = new PasswordWorkers(1, 19);
    try {
      const finished: number[] = [];
      const jobs = [0, 1, 2].map((i) =>
        workers
          .run<string>({
            op: 'argon2-hash',
            password: `clave-${i}`,
            options: { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1, algorithm: 2 },
          })
          .then((hash) => {
            finished.push(i);
            return hash;
          }),
      );
      expect(workers.pending).toEqual({ waiting: 2, running: 1 });
      const hashes = await Promise.all(jobs);
      expect(finished).toEqual([0, 1, 2]);
      expect(await verifyPassword('clave-2', hashes[2]!)).toBe(true);
      expect(workers.pending).toEqual({ waiting: 0, running: 0 });
    } finally {
      await workers.close();
    }
  });

  it('refuse a hash at once with loginsBusy when the line is full, and take the next once it moves', async () => {
    const workers = new PasswordWorkers(1, 19, 2);
    const hash = (i: number) =>
      workers.run<string>({
        op: 'argon2-hash',
        password: `clave-${i}`,
        options: { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1, algorithm: 2 },
      });
    try {
      const accepted = [hash(0), hash(1), hash(2)];
      expect(workers.pending).toEqual({ waiting: 2, running: 1 });
      await expect(hash(3)).rejects.toMatchObject({ code: 'loginsBusy' });
      expect(failureStatus.loginsBusy).toBe(503);
      expect(failureMessages.loginsBusy).toBe(
        'Estamos recibiendo muchos ingresos a la vez. Inténtalo de nuevo en unos segundos.',
      );
      await Promise.all(accepted);
      expect(await verifyPassword('clave-4', await hash(4))).toBe(true);
    } finally {
      await workers.close();
    }
  });

  it('fail the job of a worker that dies, and start another for the next job', async () => {
    const workers = new PasswordWorkers(1, 19);
    const legacy = legacyScryptHash('clave-antigua-1');
    const [, n, r, p, salt] = legacy.split('$');
    const job = {
      op: 'scrypt' as const,
      password: 'clave-antigua-1',
      salt: salt!,
      keyLength: 32,
      options: { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 },
    };
    const lost = workers.run(job);
    await workers.close();
    await expect(lost).rejects.toThrow();
    // The next job gets a new worker, and the key it derives is the stored one.
    expect(legacy.endsWith(`$${await workers.run<string>(job)}`)).toBe(true);
    await workers.close();
  });
});

/** The API on the test database, trusting the load balancers of 10.9.0.0/16 (X-Forwarded-For). */
function appBehindProxy() {
  const config = loadConfig({
    API_KEYS: 'web:test-web-key',
    DATABASE_URL: shop.database.url,
    LOG_LEVEL: 'silent',
    TRUSTED_PROXIES: '10.9.0.0/16',
  });
  return buildApp({ config, database: shop.database, logger: false, web: false, jobs: false });
}

describe('the client address behind a load balancer', { timeout: 60_000 }, () => {
  it('reads X-Forwarded-For only from a configured proxy, so one address blocked is not everyone blocked', async () => {
    const behindProxy = await appBehindProxy();
    try {
      const seen: string[] = [];
      behindProxy.app.addHook('onRequest', async (request) => {
        seen.push(request.ip);
      });
      const get = (remoteAddress: string, forwardedFor: string) =>
        behindProxy.app.inject({
          method: 'GET',
          url: '/api/health',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
        });
      await get('10.9.0.5', '203.0.113.7');
      await get('198.51.100.2', '203.0.113.99');
      expect(seen).toEqual(['203.0.113.7', '198.51.100.2']);
    } finally {
      await behindProxy.close();
    }
  });

  it("counts failures per shopper's address behind the proxy, and the web form's logins on the same limits", async () => {
    const behindProxy = await appBehindProxy();
    try {
      const customer = await accountsClient(shop, '10.0.0.9').register();
      const login = async (forwardedFor: string, email: string, password: string) => {
        const start = await behindProxy.app.inject({
          method: 'GET',
          url: '/api/vtexid/pub/authentication/start',
          remoteAddress: '10.9.0.5',
          headers: TEST_KEY,
        });
        const answer = await behindProxy.app.inject({
          method: 'POST',
          url: '/api/vtexid/pub/authentication/classic/validate',
          remoteAddress: '10.9.0.5',
          headers: { ...TEST_KEY, 'x-forwarded-for': forwardedFor },
          payload: { authenticationToken: start.json().authenticationToken, login: email, password },
        });
        return answer.json().authStatus as string;
      };
      // 30 failures from one shopper's address (across accounts) block that address, not the proxy's.
      for (let i = 0; i < 30; i++) await login('203.0.113.50', `sonda${i}@correo.cl`, 'mala-clave-1');
      expect(await login('203.0.113.50', customer.email, PASSWORD)).toBe('BlockedUser');
      expect(await login('203.0.113.51', customer.email, PASSWORD)).toBe('Success');

      // The web form's login (in process, no authentication token) counts on the account and address like
      // the API's.
      const auth = behindProxy.services.auth;
      for (let i = 0; i < 5; i++)
        expect(
          (await auth.passwordLogin(customer.email, 'mala-clave-1', '203.0.113.60')).result.authStatus,
        ).toBe('WrongCredentials');
      expect(await login('203.0.113.60', customer.email, PASSWORD)).toBe('BlockedUser');
      expect((await auth.passwordLogin(customer.email, PASSWORD, '203.0.113.60')).result.authStatus).toBe(
        'BlockedUser',
      );
    } finally {
      await behindProxy.close();
    }
  });

  it('a stranger cannot lock a shopper out: failures lock the account from their address only (issue 27)', async () => {
    const accounts = accountsClient(shop, '198.51.100.20');
    const customer = await accounts.register();
    const stranger = accountsClient(shop, '198.51.100.66');
    for (let i = 0; i < 6; i++) await stranger.login(customer.email, 'mala-clave-1');
    expect((await stranger.login(customer.email)).json().authStatus).toBe('BlockedUser');
    // The shopper, from their own address, with the right password.
    expect((await accounts.login(customer.email)).json().authStatus).toBe('Success');
    expect(
      (await shop.services.auth.passwordLogin(customer.email, PASSWORD, '198.51.100.21')).result.authStatus,
    ).toBe('Success');
    // The staff console's logins are limited the same way.
    for (let i = 0; i < 5; i++)
      await shop.services.auth.limitLogin('staff', 'operador@despensa.cl', '198.51.100.66');
    await expect(
      shop.services.auth.limitLogin('staff', 'operador@despensa.cl', '198.51.100.66'),
    ).rejects.toThrow(failureMessages.tooManyRequests);
    await expect(
      shop.services.auth.limitLogin('staff', 'operador@despensa.cl', '198.51.100.21'),
    ).resolves.toBeDefined();
  });

  it('refuses a configuration that is not a list of addresses', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: 'everyone' })).toThrow(/TRUSTED_PROXIES/);
    expect(loadConfig({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8,::1' }).TRUSTED_PROXIES).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
  });
});
