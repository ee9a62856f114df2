import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { ADDRESS, PASSWORD, accountsClient, newCustomer } from './support/accounts';
import { TEST_KEY } from './support/constants';

let shop: TestApp;
let client: ReturnType<typeof accountsClient>;
let a: Awaited<ReturnType<ReturnType<typeof accountsClient>['loggedIn']>>;
let b: typeof a;
let aAddressId: string;
let aAddress: Record<string, unknown>;

/** Routes that answer without a session by design: registration, logout (idempotent), the newsletter. */
const PUBLIC = new Set(['POST /api/user', 'POST /api/user/logout', 'POST /api/user/newsletter/']);

/** A plausible body per route, so a call fails for the right reason (ownership), not for validation. */
function sampleBody(method: string, url: string, token: string): Record<string, unknown> | undefined {
  if (method === 'GET' || method === 'DELETE' || method === 'HEAD') return undefined;
  if (url === '/api/user' && method === 'POST') return newCustomer();
  if (url === '/api/user') return { firstName: 'Intruso', lastName: 'Intruso', homePhone: '+56911111111' };
  if (url.startsWith('/api/user/address/validate'))
    return { accessKey: '123456', authenticationToken: token };
  if (url.startsWith('/api/user/address'))
    return { ...ADDRESS, receiverName: 'Intruso', authenticationToken: token };
  if (url === '/api/user/profile') return {};
  if (url.startsWith('/api/user/shopping-list') && !url.endsWith('/skip'))
    return { name: 'Intrusa', skus: '{}', type: 'client' };
  if (url === '/api/user/bank-account')
    return {
      holderName: 'Intruso',
      holderRut: '11111111-1',
      bank: 'Banco de Chile',
      accountType: 1,
      accountNumber: '12345678',
    };
  if (url === '/api/user/newsletter/')
    return { email: 'intruso@correo.cl', document: newCustomer().document };
  return {};
}

beforeAll(async () => {
  shop = await createTestApp();
  client = accountsClient(shop);
  a = await client.loggedIn({ firstName: 'Aurelia', lastName: 'Alvarado' });
  b = await client.loggedIn({ firstName: 'Bruno', lastName: 'Bravo' });
  const created = await client.call('POST', '/api/user/address', {
    token: a.token,
    payload: { ...ADDRESS, receiverName: 'Aurelia Alvarado', street: 'Calle Secreta' },
  });
  aAddressId = created.json().addressId;
  aAddress = created.json();
});
afterAll(async () => {
  await shop?.close();
});

const userRoutes = () =>
  shop.routes.filter((r) => (r.url === '/api/user' || r.url.startsWith('/api/user/')) && r.method !== 'HEAD');

describe('one customer never reaches another', () => {
  it('finds the user routes in the route table', () => {
    const urls = userRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/user/address',
        'GET /api/user/address/:id',
        'DELETE /api/user/address/:id',
        'POST /api/user/address/validate/:id',
        'GET /api/user/address/verifyBlocked/:id',
        'PUT /api/user',
        'POST /api/user/profile',
      ]),
    );
  });

  it("answers B's calls on A's resources with 401/403/404 and never shows A's data", async () => {
    const secrets = [a.email, a.userId, 'Aurelia', 'Alvarado', 'Calle Secreta'];
    const start = await client.start();
    for (const route of userRoutes()) {
      const url = route.url.replace(/:\w+/g, aAddressId);
      const payload = sampleBody(route.method, route.url, start);
      const response = await client.call(route.method as 'GET', url, {
        token: b.token,
        ...(payload ? { payload } : {}),
      });
      const label = `${route.method} ${url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, label).toBeLessThan(500);
      if (route.url.includes(':')) expect([401, 403, 404], label).toContain(response.statusCode);
      for (const secret of secrets) expect(response.body, label).not.toContain(secret);
    }
    const still = await client.call('GET', `/api/user/address/${aAddressId}`, { token: a.token });
    expect(still.json()).toEqual(aAddress);
    const profile = await client.call('POST', '/api/user/profile', { token: a.token, payload: {} });
    expect(profile.json()).toMatchObject({ firstName: 'Aurelia', lastName: 'Alvarado', email: a.email });
  });

  it('answers 401 to every user route without a session', async () => {
    for (const route of userRoutes()) {
      if (PUBLIC.has(`${route.method} ${route.url}`)) continue;
      const url = route.url.replace(/:\w+/g, aAddressId);
      const payload = sampleBody(route.method, route.url, 'x');
      const response = await client.call(route.method as 'GET', url, payload ? { payload } : {});
      expect(response.statusCode, `${route.method} ${url}`).toBe(401);
      const forged = await client.call(route.method as 'GET', url, {
        token: 'x'.repeat(43),
        ...(payload ? { payload } : {}),
      });
      expect(forged.statusCode, `${route.method} ${url}`).toBe(401);
    }
  });
});

// Sweeps of every route, one request after another: ~3 s alone, past 60 s once in a full run on a slow day
// (the API files and both journey lanes sharing two cores). The limit is for a hang, not for the sweep.
describe('hostile input never gives a 500', { timeout: 300_000 }, () => {
  const bodyRoutes = () =>
    shop.routes.filter(
      (r) =>
        (r.method === 'POST' || r.method === 'PUT') &&
        /^\/api\/(user|vtexid|v1\/register-device)/.test(r.url),
    );

  it('malformed JSON → 400, oversized body → 413', async () => {
    for (const route of bodyRoutes()) {
      const url = route.url.replace(/:\w+/g, aAddressId);
      const headers = { ...TEST_KEY, 'x-access-token': a.token, 'content-type': 'application/json' };
      const broken = await shop.app.inject({
        method: route.method as 'POST',
        url,
        headers,
        payload: '{"login": "x",',
      });
      expect(broken.statusCode, `${route.method} ${url}`).toBe(400);
      const huge = await shop.app.inject({
        method: route.method as 'POST',
        url,
        headers,
        payload: JSON.stringify({ login: 'x'.repeat(300_000) }),
      });
      expect(huge.statusCode, `${route.method} ${url}`).toBe(413);
    }
  });

  it('SQL-looking strings in every field → 4xx or a plain answer, never 500', async () => {
    const sqlish = [
      "' OR '1'='1",
      "'; DROP TABLE customer; --",
      '" OR 1=1 --',
      '\\x00\u0000',
      '%27%20OR%201=1',
    ];
    const start = await client.start();
    const extra: Record<string, Record<string, unknown>> = {
      '/api/vtexid/pub/authentication/classic/validate': {
        authenticationToken: start,
        login: a.email,
        password: PASSWORD,
      },
      '/api/vtexid/pub/authentication/classic/setpassword': {
        authenticationToken: start,
        login: a.email,
        newPassword: 'nueva-clave-1',
        accessKey: '123456',
      },
      '/api/vtexid/pub/authentication/accesskey/send': { authenticationToken: start, login: a.email },
      '/api/vtexid/pub/authentication/accesskey/validate': {
        authenticationToken: start,
        login: a.email,
        accessKey: '123456',
      },
      '/api/v1/register-device': { deviceId: 'd1', token: 't1', isMobile: false, device: 'web' },
    };
    for (const route of bodyRoutes()) {
      const base = extra[route.url] ?? sampleBody(route.method, route.url, start) ?? {};
      const fields = Object.keys(base).filter((k) => typeof base[k] === 'string');
      for (const field of fields) {
        for (const value of sqlish) {
          const url = route.url.replace(/:\w+/g, encodeURIComponent(value));
          const response = await client.call(route.method as 'POST', url, {
            token: a.token,
            payload: { ...base, [field]: value },
          });
          expect(
            response.statusCode,
            `${route.method} ${url} ${field}=${value}: ${response.body}`,
          ).toBeLessThan(500);
        }
      }
    }
    for (const value of sqlish) {
      const response = await client.call('GET', `/api/user/address/${encodeURIComponent(value)}`, {
        token: a.token,
      });
      // 404, or 400 for text PostgreSQL cannot hold (a NUL).
      expect([400, 404]).toContain(response.statusCode);
    }
    // A's account still works: nothing was dropped or changed by the strings above.
    expect((await client.call('GET', '/api/user/vtex-auth/token', { token: a.token })).statusCode).toBe(200);
  });
});
