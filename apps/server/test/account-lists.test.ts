import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS } from '@despensa/domain';
import { FlagsService } from '../src/modules/flags/service';
import { createTestApp, type TestApp } from './support/app';
import { accountsClient } from './support/accounts';
import { sellableSkus } from './support/cart';
import { TEST_KEY, TEST_OSM_KEY } from './support/constants';
import { eventually } from './support/eventually';

let shop: TestApp;
let client: ReturnType<typeof accountsClient>;
let ana: { token: string };
let beto: { token: string };
beforeAll(async () => {
  shop = await createTestApp();
  client = accountsClient(shop);
  ana = await client.loggedIn();
  beto = await client.loggedIn();
});
afterAll(async () => {
  await shop?.close();
});

const setFlag = (flag: string, enabled: boolean, headers: Record<string, string> = TEST_OSM_KEY) =>
  shop.app.inject({
    method: 'PUT',
    url: `/api/operations/feature-flags/${flag}`,
    headers,
    payload: { enabled },
  });

describe('feature flags', () => {
  it('starts with the §9 defaults: Prime and prepaid off, gift card, wallet and reviews on', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/feature-flags', headers: TEST_KEY });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT_FEATURE_FLAGS);
    expect(response.json()).toMatchObject({
      prime: false,
      prepaid: false,
      giftCard: true,
      wallet: true,
      productReviews: true,
    });
  });

  it('only the staff key changes a flag; an unknown flag is a 404', async () => {
    const refused = await setFlag('prime', true, TEST_KEY);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'staffOnly',
      message: 'Solo el personal de la tienda puede ver esto o hacer este cambio.',
    });
    const unknown = await setFlag('teleport', true);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('featureFlagNotFound');
  });

  it('changes at run time and every instance sharing the database follows (LISTEN/NOTIFY)', async () => {
    const other = new FlagsService(shop.database, () => new Date());
    await other.start();
    try {
      expect(await other.isEnabled('prime')).toBe(false);
      const changed = await setFlag('prime', true);
      expect(changed.statusCode).toBe(200);
      expect(changed.json().prime).toBe(true);
      await eventually(() => other.isEnabled('prime'));
      // A write by hand (SQL console) reaches this instance too.
      await shop.database.pool.query(`UPDATE feature_flag SET enabled = false WHERE key = 'prime'`);
      await eventually(async () => !(await shop.services.flags.isEnabled('prime')));
      await eventually(async () => !(await other.isEnabled('prime')));
    } finally {
      await other.stop();
    }
  });

  it('a switched-off feature answers 404 featureDisabled on its API routes', async () => {
    expect((await setFlag('shoppingLists', false)).statusCode).toBe(200);
    const off = await client.call('GET', '/api/user/shopping-list', { token: ana.token });
    expect(off.statusCode).toBe(404);
    expect(off.json()).toMatchObject({
      code: 'featureDisabled',
      message: 'Esta sección no está disponible por ahora.',
    });
    expect((await setFlag('shoppingLists', true)).statusCode).toBe(200);
    expect((await client.call('GET', '/api/user/shopping-list', { token: ana.token })).statusCode).toBe(200);
  });
});

describe('shopping lists', () => {
  it('needs a session: 401 notLoggedIn', async () => {
    const response = await client.call('GET', '/api/user/shopping-list');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('notLoggedIn');
  });

  it('creates, reads, renames and deletes a list with skus as a JSON string', async () => {
    const [a, b] = await sellableSkus(shop, { limit: 2 });
    const skus = JSON.stringify({ [a!.id]: 2, [b!.id]: 1 });
    const created = await client.call('POST', '/api/user/shopping-list', {
      token: ana.token,
      payload: { name: 'Once', skus, type: 'client' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json();
    expect(list).toMatchObject({
      name: 'Once',
      type: 'client',
      DocumentId: list.id,
      schedule: { status: 0 },
    });
    expect(typeof list.skus).toBe('string');
    expect(JSON.parse(list.skus)).toEqual({ [a!.id]: 2, [b!.id]: 1 });

    const renamed = await client.call('PUT', `/api/user/shopping-list/${list.id}`, {
      token: ana.token,
      payload: { name: 'Once del domingo', skus: JSON.stringify({ [a!.id]: 5 }), type: 'client' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Once del domingo', createdIn: list.createdIn });
    expect(JSON.parse(renamed.json().skus)).toEqual({ [a!.id]: 5 });

    const read = await client.call('GET', `/api/user/shopping-list/${list.id}`, { token: ana.token });
    expect(read.json()).toEqual(renamed.json());

    const deleted = await client.call('DELETE', `/api/user/shopping-list/${list.id}`, { token: ana.token });
    expect(deleted.json()).toEqual({ deleted: true });
    const gone = await client.call('GET', `/api/user/shopping-list/${list.id}`, { token: ana.token });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'shoppingListNotFound', message: 'No encontramos esa lista' });
  });

  it('lists newest first (createdIn descending)', async () => {
    let now = new Date('2026-11-01T10:00:00Z');
    const timed = await createTestApp({ clock: () => now });
    try {
      const timedClient = accountsClient(timed);
      const shopper = await timedClient.loggedIn();
      for (const [name, at] of [
        ['Primera', '2026-11-01T10:00:00Z'],
        ['Tercera', '2026-11-03T10:00:00Z'],
        ['Segunda', '2026-11-02T10:00:00Z'],
      ] as const) {
        now = new Date(at);
        await timedClient.call('POST', '/api/user/shopping-list', {
          token: shopper.token,
          payload: { name, skus: '{}', type: 'client' },
        });
      }
      const lists = (
        await timedClient.call('GET', '/api/user/shopping-list', { token: shopper.token })
      ).json();
      expect(lists.map((list: { name: string }) => list.name)).toEqual(['Tercera', 'Segunda', 'Primera']);
    } finally {
      await timed.close();
    }
  });

  it("another shopper's list is a 404, to read, change or delete", async () => {
    const mine = (
      await client.call('POST', '/api/user/shopping-list', {
        token: ana.token,
        payload: { name: 'Privada', skus: '{}', type: 'client' },
      })
    ).json();
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { name: 'Robada', skus: '{}', type: 'client' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await client.call(method, `/api/user/shopping-list/${mine.id}`, {
        token: beto.token,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, method).toBe(404);
      expect(response.json().code).toBe('shoppingListNotFound');
    }
    const others = (await client.call('GET', '/api/user/shopping-list', { token: beto.token })).json();
    expect(others.some((list: { id: string }) => list.id === mine.id)).toBe(false);
    expect(
      (await client.call('GET', `/api/user/shopping-list/${mine.id}`, { token: ana.token })).json().name,
    ).toBe('Privada');
  });

  it('refuses skus that are not a JSON object of sku id to quantity 1–35 with a 400', async () => {
    for (const skus of ['no json', '[1,2]', '{"abc":1}', '{"123":0}', '{"123":36}', '{"123":1.5}']) {
      const response = await client.call('POST', '/api/user/shopping-list', {
        token: ana.token,
        payload: { name: 'Mala', skus, type: 'client' },
      });
      expect(response.statusCode, skus).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'invalidListSkus',
        message: 'Los productos de la lista no son válidos.',
      });
    }
  });

  it('stores a §4 schedule and refuses one out of range', async () => {
    const ok = await client.call('POST', '/api/user/shopping-list', {
      token: ana.token,
      payload: {
        name: 'Semanal',
        skus: '{}',
        type: 'client',
        schedule: { status: 1, frequency: 2, deliveryDay: 6 },
      },
    });
    expect(ok.json().schedule).toEqual({ status: 1, frequency: 2, deliveryDay: 6 });
    for (const schedule of [
      { status: 3, frequency: 1, deliveryDay: 1 },
      { status: 1, frequency: 5, deliveryDay: 1 },
      { status: 1, frequency: 1, deliveryDay: 8 },
    ]) {
      const bad = await client.call('POST', '/api/user/shopping-list', {
        token: ana.token,
        payload: { name: 'Mala', skus: '{}', type: 'client', schedule },
      });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('finds the unavailable skus of a list, at most 10 per call', async () => {
    const [a, b] = await sellableSkus(shop, { limit: 2 });
    await shop.database.pool.query(`UPDATE sku_offer SET available_quantity = 0 WHERE sku_id = $1`, [b!.id]);
    // The catalogue index follows stock changes (stock_changed); wait for it.
    const ask = () =>
      client.call('GET', `/api/user/shopping-list/skus?skuIds=${a!.id},${b!.id},99999999&sc=1`, {
        token: ana.token,
      });
    await eventually(async () => (await ask()).json().unavailable?.includes(String(b!.id)));
    expect((await ask()).json()).toEqual({
      available: [String(a!.id)],
      unavailable: [String(b!.id), '99999999'],
    });
    const eleven = Array.from({ length: 11 }, (_, i) => 1000 + i).join(',');
    const tooMany = await client.call('GET', `/api/user/shopping-list/skus?skuIds=${eleven}`, {
      token: ana.token,
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
