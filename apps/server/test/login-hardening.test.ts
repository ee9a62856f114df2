import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
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
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = Date.now();
    await Promise.all([1, 2, 3, 4].map(() => accounts.login(customer.email, 'otra-clave-999')));
    clearInterval(timer);
    const elapsed = Date.now() - started;
    // Four Argon2id hashes take well over 100 ms of CPU; a blocked loop would have ticked about never.
    expect(ticks).toBeGreaterThan(elapsed / 5 / 4);
  });
});

describe('the client address behind a load balancer', { timeout: 60_000 }, () => {
  it('reads X-Forwarded-For only from a configured proxy, so one address blocked is not everyone blocked', async () => {
    const config = loadConfig({
      API_KEYS: 'web:test-web-key',
      DATABASE_URL: shop.database.url,
      LOG_LEVEL: 'silent',
      TRUSTED_PROXIES: '10.9.0.0/16',
    });
    const behindProxy = await buildApp({
      config,
      database: shop.database,
      logger: false,
      web: false,
      jobs: false,
    });
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

  it('refuses a configuration that is not a list of addresses', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: 'everyone' })).toThrow(/TRUSTED_PROXIES/);
    expect(loadConfig({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8,::1' }).TRUSTED_PROXIES).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
  });
});
