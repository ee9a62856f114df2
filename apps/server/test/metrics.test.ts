import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { TEST_KEY } from './support/constants';
import { parsePrometheusText } from './support/prometheus-text';
import { sellableSkus } from './support/cart';
import {
  CHECKOUT_START,
  MASTERCARD,
  VISA,
  completeCart,
  deliveringChannel,
  payAtAcquirer,
  placeTransaction,
  postForm,
} from './support/checkout';

const METRICS_KEY = 'metrics-key-for-the-test-0001';
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ jobs: true, clock: () => CHECKOUT_START, env: { METRICS_KEY } });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
});

async function scrape() {
  const response = await app.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_KEY}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return parsePrometheusText(response.body);
}

describe('/metrics (issue 31 item 4)', () => {
  it('answers only the bearer of METRICS_KEY', async () => {
    expect((await app.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-key-for-the-test-0002' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('parses as Prometheus text: requests by route and status, the pool, the queue, the process', async () => {
    const missing = await app.app.inject({
      method: 'GET',
      url: '/api/catalog/product/999999999',
      headers: TEST_KEY,
    });
    expect(missing.statusCode).toBe(404);
    await app.app.inject({ method: 'GET', url: '/api/catalog/product/1' });
    const families = await scrape();
    const family = (name: string) => {
      const found = families.get(name);
      expect(found, name).toBeDefined();
      return found!;
    };

    const requests = family('despensa_http_request_duration_seconds');
    expect(requests.type).toBe('histogram');
    const counts = requests.samples.filter((sample) => sample.name.endsWith('_count'));
    for (const status of ['404', '401']) {
      expect(counts).toContainEqual({
        name: 'despensa_http_request_duration_seconds_count',
        labels: { method: 'GET', route: '/api/catalog/product/:id', status },
        value: 1,
      });
    }
    const failures = family('despensa_failures_total');
    expect(failures.type).toBe('counter');
    for (const code of ['missingApiKey', missing.json<{ code: string }>().code]) {
      expect(failures.samples).toContainEqual({
        name: 'despensa_failures_total',
        labels: { code },
        value: 1,
      });
    }

    const pool = family('despensa_db_pool_clients');
    expect(pool.type).toBe('gauge');
    expect(pool.samples.map((sample) => sample.labels.state).sort()).toEqual(['idle', 'total', 'waiting']);
    expect(family('despensa_jobs').samples.map((sample) => sample.labels.queue)).toContain(
      'reconcile-payments',
    );
    expect(family('despensa_page_cache_lookups').samples.map((sample) => sample.labels.outcome)).toEqual([
      'hit',
      'stale',
      'miss',
    ]);
    expect(family('nodejs_eventloop_lag_p99_seconds').type).toBe('gauge');
  });
});

describe('/api/ready apart from /api/health', () => {
  it('is ready when migrated and reachable, and not ready while draining, when it is still alive', async () => {
    const ready = await app.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    app.drain();
    const draining = await app.app.inject({ method: 'GET', url: '/api/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'not-ready', reasons: ['draining'] });
    expect((await app.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('counts orders and payments by outcome: one paid, one declined', async () => {
    const sc = await deliveringChannel(app);
    const [sku] = await sellableSkus(app, { salesChannel: sc, limit: 1 });
    const sample = (
      families: Map<string, { samples: { name: string; labels: Record<string, string>; value: number }[] }>,
      name: string,
      labels: Record<string, string>,
    ) =>
      families
        .get(name)
        ?.samples.find((each) => Object.entries(labels).every(([k, v]) => each.labels[k] === v))?.value ?? 0;
    const before = await scrape();
    for (const card of [VISA, MASTERCARD]) {
      const cart = await completeCart(app, { sc, items: [{ id: String(sku!.id), quantity: 1 }] });
      const placed = await placeTransaction(cart);
      const { back } = await payAtAcquirer(app, placed.redirectUrl, card, cart.shopper);
      await postForm(app, back.action, back.fields);
    }
    const after = await scrape();
    const grew = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(grew('despensa_orders_total', { outcome: 'placed' })).toBe(2);
    expect(grew('despensa_orders_total', { outcome: 'confirmed' })).toBe(1);
    expect(grew('despensa_orders_total', { outcome: 'canceled' })).toBe(1);
    expect(grew('despensa_payments_total', { channel: 'webpayRedirect', outcome: 'approved' })).toBe(1);
    expect(grew('despensa_payments_total', { channel: 'webpayRedirect', outcome: 'declined' })).toBe(1);
  });
});
