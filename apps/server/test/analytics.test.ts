import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from '@despensa/contracts';
import { createTestApp, type TestApp } from './support/app';
import { TEST_KEY, TEST_NOW } from './support/constants';
import { shopDay } from '../src/modules/analytics/service';
import { SEED_MERCHANDISER, SEED_OPERATOR_PASSWORD } from '../src/modules/operations/service';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

const at = (hoursBefore: number) => TEST_NOW.getTime() - hoursBefore * 3600_000;
const base = { at: at(1), pageType: 'home' as const, path: '/' };

function send(body: unknown, userAgent = DESKTOP, headers: Record<string, string> = TEST_KEY, query = '') {
  return app.app.inject({
    method: 'POST',
    url: `/api/analytics/events${query}`,
    headers: { ...headers, 'user-agent': userAgent },
    payload: body as object,
  });
}

async function storedCount(): Promise<number> {
  const { rows } = await app.database.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM analytics_event',
  );
  return rows[0]!.count;
}

describe('POST /api/analytics/events (§7 analytics batching)', () => {
  it('stores a batch with one multi-row insert and answers how many it kept', async () => {
    const before = await storedCount();
    const response = await send({
      consent: true,
      visitorId: 'visitor-0001',
      sessionId: 'session-0001',
      appVersion: '0.1.0+test',
      events: [
        { ...base, type: 'page_view' },
        {
          ...base,
          type: 'search',
          term: '  Plátano ',
          results: 3,
          pageType: 'listing',
          path: '/busca?ft=platano',
        },
        { ...base, type: 'add_to_cart', skuId: '123', quantity: 2 },
      ],
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 3 });
    expect(await storedCount()).toBe(before + 3);
    const { rows } = await app.database.pool.query(
      "SELECT term, results, device, app_version FROM analytics_event WHERE type = 'search' AND session_id = 'session-0001'",
    );
    // Terms are kept normalised (§5: accents removed, lowercased), so 'Plátano' and 'platano' count together.
    expect(rows).toEqual([{ term: 'platano', results: 3, device: 'desktop', app_version: '0.1.0+test' }]);
  });

  it('refuses malformed batches with a 400 naming the field, and stores none of it', async () => {
    const before = await storedCount();
    const cases = [
      { consent: true, events: [] },
      { consent: true, events: [{ ...base, type: 'teleport' }] },
      { consent: true, events: [{ ...base, type: 'search', term: 'leche', results: -1 }] },
      { consent: true, events: [{ ...base, type: 'web_vital', name: 'FID', value: 3 }] },
      { consent: 'yes', events: [{ ...base, type: 'page_view' }] },
      { consent: true, events: Array.from({ length: 101 }, () => ({ ...base, type: 'page_view' })) },
    ];
    for (const body of cases) {
      const response = await send(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalidInput' });
    }
    expect(await storedCount()).toBe(before);
  });

  it('takes the key in the query for navigator.sendBeacon, which cannot set headers', async () => {
    const response = await send(
      { consent: true, sessionId: 'session-beacon', events: [{ ...base, type: 'page_view' }] },
      DESKTOP,
      {},
      '?apiKey=test-web-key&consumer=web',
    );
    expect(response.statusCode).toBe(202);
    const wrong = await send(
      { consent: true, events: [{ ...base, type: 'page_view' }] },
      DESKTOP,
      {},
      '?apiKey=nope&consumer=web',
    );
    expect(wrong.statusCode).toBe(401);
  });

  it('answers each of many batches sent at once only with its own rows stored (group commit)', async () => {
    const before = await storedCount();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        send({
          consent: true,
          sessionId: `session-group-${i}`,
          events: Array.from({ length: 1 + (i % 20) }, () => ({ ...base, type: 'page_view' })),
        }),
      ),
    );
    expect(answers.map((answer) => answer.json())).toEqual(
      Array.from({ length: 30 }, (_, i) => ({ accepted: 1 + (i % 20) })),
    );
    const { rows } = await app.database.pool.query<{ session: string; n: number }>(
      "SELECT session_id AS session, count(*)::int AS n FROM analytics_event WHERE session_id LIKE 'session-group-%' GROUP BY 1",
    );
    expect(Object.fromEntries(rows.map((row) => [row.session, row.n]))).toEqual(
      Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`session-group-${i}`, 1 + (i % 20)])),
    );
    expect(await storedCount()).toBe(
      before + answers.reduce((sum, answer) => sum + answer.json().accepted, 0),
    );
  });

  it('keeps nothing a bot sends (§4 bots by user agent)', async () => {
    const before = await storedCount();
    const response = await send(
      { consent: true, sessionId: 'session-bot1', events: [{ ...base, type: 'page_view' }] },
      GOOGLEBOT,
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 0 });
    expect(await storedCount()).toBe(before);
  });

  it('without consent keeps only anonymous web vitals', async () => {
    const response = await send(
      {
        consent: false,
        visitorId: 'visitor-noconsent',
        sessionId: 'session-noconsent',
        events: [
          { ...base, type: 'page_view' },
          { ...base, type: 'purchase', orderId: 'G-1', email: 'ana@correo.cl' },
          { ...base, type: 'web_vital', name: 'LCP', value: 1200 },
        ],
      },
      PHONE,
    );
    expect(response.json()).toEqual({ accepted: 1 });
    const { rows } = await app.database.pool.query(
      "SELECT count(*)::int AS n FROM analytics_event WHERE visitor_id = 'visitor-noconsent' OR email = 'ana@correo.cl'",
    );
    expect(rows[0].n).toBe(0);
  });
});

async function staffToken(login: string, password: string): Promise<string> {
  const answer = await app.app.inject({
    method: 'POST',
    url: '/api/operations/session',
    headers: TEST_KEY,
    payload: { login, password },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().token;
}

const asStaff = (url: string, token?: string) =>
  app.app.inject({
    method: 'GET',
    url,
    headers: { ...TEST_KEY, ...(token ? { 'x-staff-token': token } : {}) },
  });

describe('GET /api/analytics/dashboard (merchandisers)', () => {
  let merchandiser: string;
  beforeAll(async () => {
    merchandiser = await staffToken(SEED_MERCHANDISER.email, SEED_MERCHANDISER.password);
  });

  it("is for a staff session whose role reads analytics: a merchandiser's or an admin's, not an operator's", async () => {
    const anonymous = await asStaff('/api/analytics/dashboard');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'notStaff' });

    const { rows } = await app.database.pool.query<{ id: string }>(
      "SELECT store_id AS id FROM staff_member WHERE role = 'operator' ORDER BY store_id LIMIT 1",
    );
    const operator = await staffToken(`operador.${rows[0]!.id}@despensa.cl`, SEED_OPERATOR_PASSWORD);
    const refused = await asStaff('/api/analytics/dashboard', operator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'staffRoleForbidden',
      message: 'Tu rol en la tienda no da acceso a esta sección.',
    });

    expect((await asStaff('/api/analytics/dashboard', merchandiser)).statusCode).toBe(200);
    // The merchandiser reads analytics, it does not open the store's orders.
    const orders = await asStaff('/api/operations/orders', merchandiser);
    expect(orders.statusCode).toBe(403);
    expect(orders.json()).toMatchObject({ code: 'staffRoleForbidden' });

    await app.services.operations.addStaff({
      email: 'admin@despensa.cl',
      name: 'Administración',
      storeId: rows[0]!.id,
      password: 'admin-despensa-1',
      role: 'admin',
    });
    const admin = await staffToken('admin@despensa.cl', 'admin-despensa-1');
    expect((await asStaff('/api/analytics/dashboard', admin)).statusCode).toBe(200);
    expect((await asStaff('/api/operations/orders', admin)).statusCode).toBe(200);
  });

  it('answers the numbers the events in the database give', async () => {
    await app.database.pool.query('DELETE FROM analytics_event');
    // Two days, two devices, sessions stopping at every step of the funnel.
    const sent: { userAgent: string; sessionId: string; events: AnalyticsEvent[] }[] = [];
    const steps = ['page_view', 'product_view', 'add_to_cart', 'checkout_step', 'purchase'] as const;
    for (let i = 0; i < 40; i++) {
      const hoursBefore = i % 2 === 0 ? 1 : 15; // 09:00 and 18:00 the day before, in Santiago
      const reach = i % steps.length;
      const event = (type: (typeof steps)[number]): AnalyticsEvent => {
        const common = { at: at(hoursBefore), pageType: 'product' as const, path: '/x/p' };
        switch (type) {
          case 'page_view':
            return { ...common, type };
          case 'product_view':
            return { ...common, type, productId: String(1 + (i % 3)) };
          case 'add_to_cart':
            return { ...common, type, skuId: '1', quantity: 1 };
          case 'checkout_step':
            return { ...common, type, step: 'shipping' };
          case 'purchase':
            return { ...common, type, orderId: `G-${i}` };
        }
      };
      sent.push({
        userAgent: i % 3 === 0 ? PHONE : DESKTOP,
        sessionId: `session-dash-${i}`,
        events: steps.slice(0, reach + 1).map(event),
      });
    }
    const terms = [
      ['leche', 12],
      ['leche', 12],
      ['Léche', 12],
      ['quinoa roja', 0],
      ['quinoa roja', 0],
      ['zzz', 0],
    ] as const;
    const vitals = [
      ['product', 'LCP', [1000, 2000, 3000, 4000]],
      ['home', 'CLS', [0.01, 0.02, 0.03, 0.5]],
      ['listing', 'INP', [80, 120, 160, 240]],
    ] as const;
    for (const batch of sent) {
      const response = await send(
        { consent: true, sessionId: batch.sessionId, events: batch.events },
        batch.userAgent,
      );
      expect(response.json()).toEqual({ accepted: batch.events.length });
    }
    await send({
      consent: true,
      sessionId: 'session-dash-search',
      events: terms.map(([term, results]) => ({
        ...base,
        type: 'search',
        term,
        results,
        pageType: 'listing',
      })),
    });
    await send({
      consent: false,
      events: vitals.flatMap(([pageType, name, values]) =>
        values.map((value) => ({ ...base, pageType, type: 'web_vital', name, value })),
      ),
    });

    const response = await asStaff(
      `/api/analytics/dashboard?from=${shopDay(new Date(at(24)))}&to=${shopDay(TEST_NOW)}`,
      merchandiser,
    );
    expect(response.statusCode).toBe(200);
    const dashboard = response.json();

    // The funnel computed here from what was sent.
    const expected = new Map<string, Record<string, number>>();
    for (const batch of [
      ...sent,
      { userAgent: DESKTOP, sessionId: 'session-dash-search', events: [{ ...base, type: 'search' }] },
    ]) {
      const day = shopDay(new Date(batch.events[0]!.at));
      const device = batch.userAgent === PHONE ? 'mobile' : 'desktop';
      const key = `${day}|${device}`;
      const row = expected.get(key) ?? { visits: 0, productViews: 0, addToCart: 0, checkout: 0, orders: 0 };
      const has = (type: string) => (batch.events.some((event) => event.type === type) ? 1 : 0);
      row.visits! += has('page_view');
      row.productViews! += has('product_view');
      row.addToCart! += has('add_to_cart');
      row.checkout! += has('checkout_step');
      row.orders! += has('purchase');
      expected.set(key, row);
    }
    const expectedFunnel = [...expected.entries()]
      .map(([key, row]) => ({ day: key.split('|')[0], device: key.split('|')[1], ...row }))
      .sort((a, b) => `${a.day}${a.device}`.localeCompare(`${b.day}${b.device}`));
    expect(dashboard.funnel).toEqual(expectedFunnel);
    expect(expectedFunnel.length).toBe(4);

    expect(dashboard.zeroResultSearches).toEqual([
      { term: 'quinoa roja', count: 2 },
      { term: 'zzz', count: 1 },
    ]);
    expect(dashboard.topSearches).toEqual([
      { term: 'leche', count: 3 },
      { term: 'quinoa roja', count: 2 },
      { term: 'zzz', count: 1 },
    ]);
    const views = new Map<string, number>();
    for (const batch of sent)
      for (const event of batch.events)
        if (event.type === 'product_view') views.set(event.productId, (views.get(event.productId) ?? 0) + 1);
    expect(
      dashboard.topProducts.map(({ productId, views }: { productId: string; views: number }) => [
        productId,
        views,
      ]),
    ).toEqual([...views.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
    expect(dashboard.topProducts[0].name).toEqual(expect.any(String));

    // p75 as percentile_cont: for four sorted values v, v[2] + 0.25 × (v[3] − v[2]).
    const p75 = (values: readonly number[]) => values[2]! + 0.25 * (values[3]! - values[2]!);
    expect(dashboard.webVitals).toEqual(
      expect.arrayContaining([
        { pageType: 'product', name: 'LCP', p75: p75([1000, 2000, 3000, 4000]), samples: 4, good: false },
        {
          pageType: 'home',
          name: 'CLS',
          p75: expect.closeTo(p75([0.01, 0.02, 0.03, 0.5]), 6),
          samples: 4,
          good: false,
        },
        { pageType: 'listing', name: 'INP', p75: 180, samples: 4, good: true },
      ]),
    );
  });
});
