import { describe, expect, it } from 'vitest';
import { clusterOfTwo } from './support/cluster';
import { newCustomer, PASSWORD } from './support/accounts';
import { browserCookies } from './support/cart';
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS } from '../src/modules/auth/service';
import { eventually } from './support/eventually';

/**
 * Two instances and HAProxy (issue 16): what a shopper does through one instance holds through the other,
 * and an instance killed under load loses no request that was answered.
 */
const KEY = { 'x-api-key': 'cluster-key', 'x-consumer': 'web', 'x-account': 'despensa' };

const shop = clusterOfTwo('cluster', 'cluster-key');

/** A limit for a hang under load, not a speed (the test's own timeout is 180 s). */
const LOAD_MS = 60_000;

// A JSON answer as the test reads it (each assertion names the fields it needs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON shape
type Answer = any;

async function call(
  method: string,
  url: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{
  status: number;
  servedBy: string | null;
  setCookies: string[];
  json: () => Promise<Answer>;
}> {
  const response = await fetch(`${shop.cluster.url}${url}`, {
    method,
    headers: { ...KEY, 'content-type': 'application/json', ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    servedBy: response.headers.get('x-served-by'),
    setCookies: response.headers.getSetCookie(),
    json: async () => JSON.parse(text),
  };
}

/** Calls until one lands on `instance` (round-robin: at most a few). */
async function callOn(
  instance: string,
  method: string,
  url: string,
  options: Parameters<typeof call>[2] = {},
) {
  for (let tries = 0; tries < 10; tries++) {
    const response = await call(method, url, options);
    if (response.servedBy === instance) return response;
  }
  throw new Error(`no answer from ${instance}`);
}

const startToken = async () =>
  (await (await call('GET', '/api/vtexid/pub/authentication/start')).json()).authenticationToken as string;

async function login(email: string, password: string, forwardedFor: string) {
  const body = { authenticationToken: await startToken(), login: email, password };
  return call('POST', '/api/vtexid/pub/authentication/classic/validate', {
    body,
    headers: { 'x-forwarded-for': forwardedFor },
  });
}

describe('two instances behind HAProxy', { timeout: 180_000 }, () => {
  it('spreads requests over both instances', async () => {
    const servedBy = new Set<string | null>();
    for (let i = 0; i < 6; i++) servedBy.add((await call('GET', '/api/health')).servedBy);
    expect(servedBy).toEqual(new Set(['app1', 'app2']));
  });

  it('a session opened on one instance is good on the other', async () => {
    const customer = newCustomer();
    expect((await call('POST', '/api/user', { body: customer })).status).toBe(201);
    const loggedIn = await login(customer.email, PASSWORD, '203.0.113.20');
    const token = (await loggedIn.json()).authCookie.Value as string;
    for (const instance of ['app1', 'app2']) {
      const addresses = await callOn(instance, 'GET', '/api/user/address', {
        headers: { 'x-access-token': token },
      });
      expect(addresses.status, instance).toBe(200);
      const stranger = await callOn(instance, 'GET', '/api/user/address', {
        headers: { 'x-access-token': 'x'.repeat(40) },
      });
      expect(stranger.status, instance).toBe(401);
    }
  });

  it('a cart made on one instance is changed on the other and reads the same on both', async () => {
    const created = await callOn('app1', 'POST', '/api/orderForm', { body: {} });
    const { orderFormId } = await created.json();
    const search = await call('GET', '/api/products/search/lacteos?sc=1');
    const products = (await search.json()) as {
      items: { itemId: string; sellers: { sellerId: string }[] }[];
    }[];
    const item = products[0]!.items[0]!;
    // The client holds the cart by the cookies app1 set (its id and key), whichever instance answers: the
    // instances share the key's secret through the database.
    const headers = { cookie: browserCookies(created.setCookies) };
    expect(headers.cookie).toMatch(/^checkout\.vtex\.com=__ofid=\w{32}; despensa_cart_key=[\w-]{43}$/);
    const changed = await callOn('app2', 'PATCH', `/api/orderform/${orderFormId}/items`, {
      body: { orderItems: [{ id: item.itemId, quantity: 3, seller: item.sellers[0]!.sellerId }] },
      headers,
    });
    expect(changed.status).toBe(200);
    for (const instance of ['app1', 'app2']) {
      const read = await (await callOn(instance, 'GET', `/api/orderform/${orderFormId}`, { headers })).json();
      expect(read.items.map((line: { id: string; quantity: number }) => [line.id, line.quantity])).toEqual([
        [item.itemId, 3],
      ]);
    }
  });

  it('rate limits count across instances, per account and per real client address', async () => {
    const victim = newCustomer();
    expect((await call('POST', '/api/user', { body: victim })).status).toBe(201);
    // Wrong passwords from one address, alternating instances: the account's limit from it holds, and the
    // shopper from another address still logs in (a stranger cannot lock them out).
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++)
      expect((await (await login(victim.email, 'clave-mala-000', '203.0.113.30')).json()).authStatus).toBe(
        'WrongCredentials',
      );
    expect((await (await login(victim.email, PASSWORD, '203.0.113.30')).json()).authStatus).toBe(
      'BlockedUser',
    );
    expect((await (await login(victim.email, PASSWORD, '203.0.113.60')).json()).authStatus).toBe('Success');

    // One address guessing many accounts is blocked; another shopper behind the same proxy is not.
    const attacker = '198.51.100.66';
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++)
      await login(`nadie${i}@correo.cl`, 'clave-mala-000', attacker);
    const shopper = newCustomer();
    expect((await call('POST', '/api/user', { body: shopper })).status).toBe(201);
    expect((await (await login(shopper.email, PASSWORD, attacker)).json()).authStatus).toBe('BlockedUser');
    expect((await (await login(shopper.email, PASSWORD, '198.51.100.67')).json()).authStatus).toBe('Success');
  });

  it('an instance killed under load loses no answered request', async () => {
    const answered: string[] = [];
    const failures: number[] = [];
    let reads = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const created = await call('POST', '/api/orderForm', { body: {} }).catch(() => null);
        if (created?.status === 200) answered.push((await created.json()).orderFormId);
        else failures.push(created?.status ?? 0);
        const health = await call('GET', '/api/health').catch(() => null);
        if (health?.status === 200) reads++;
        else failures.push(health?.status ?? 0);
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    // Counts, not a clock: a starved run (CI's API suite beside two journey lanes) answered one cart in
    // its first 1.5 s. Load both instances, kill one, and wait for the live one to carry the load.
    try {
      await eventually(() => answered.length >= 10, LOAD_MS);
      const before = { answered: answered.length, reads };
      shop.cluster.instances[0]!.child.kill('SIGKILL');
      // The proxy sends the dead instance's requests to the live one, before and after its health checks
      // mark it down (2 s apart): the shop keeps answering through that window and after it.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await eventually(() => answered.length >= before.answered + 20 && reads >= before.reads + 20, LOAD_MS);
    } finally {
      stop = true;
      await Promise.all(workers);
    }
    // Only requests caught inside the killed process may fail, never more than the connections at once.
    expect(failures.length).toBeLessThanOrEqual(8);
    // Every cart the shop answered for exists.
    const missing: string[] = [];
    for (const orderFormId of answered)
      if ((await call('GET', `/api/orderform/${orderFormId}`)).status !== 200) missing.push(orderFormId);
    expect(missing).toEqual([]);
  });
});
