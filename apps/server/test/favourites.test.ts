import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { accountsClient } from './support/accounts';
import { sellableSkus } from './support/cart';
import { TEST_KEY, TEST_OSM_KEY } from './support/constants';

let shop: TestApp;
let client: ReturnType<typeof accountsClient>;
let ana: { token: string; userId: string };
beforeAll(async () => {
  shop = await createTestApp();
  client = accountsClient(shop);
  ana = await client.loggedIn();
});
afterAll(async () => {
  await shop?.close();
});

describe('favourites', () => {
  it('hearts a sku once, lists the newest first, takes the heart off', async () => {
    const [a, b] = await sellableSkus(shop, { limit: 2 });
    expect((await client.call('GET', '/api/user/favourites', { token: ana.token })).json()).toEqual({
      skuIds: [],
    });
    await client.call('PUT', `/api/user/favourites/${a!.id}`, { token: ana.token });
    await client.call('PUT', `/api/user/favourites/${a!.id}`, { token: ana.token });
    const both = await client.call('PUT', `/api/user/favourites/${b!.id}`, { token: ana.token });
    expect(both.statusCode).toBe(200);
    expect(new Set(both.json().skuIds)).toEqual(new Set([String(a!.id), String(b!.id)]));
    const one = await client.call('DELETE', `/api/user/favourites/${a!.id}`, { token: ana.token });
    expect(one.json()).toEqual({ skuIds: [String(b!.id)] });
    const again = await client.call('DELETE', `/api/user/favourites/${a!.id}`, { token: ana.token });
    expect(again.statusCode).toBe(404);
  });

  it('a sku the shop does not have is a 404; no session is a 401; another shopper sees only theirs', async () => {
    const missing = await client.call('PUT', '/api/user/favourites/99999999', { token: ana.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('productNotFound');
    expect((await client.call('GET', '/api/user/favourites')).statusCode).toBe(401);
    const beto = await client.loggedIn();
    expect((await client.call('GET', '/api/user/favourites', { token: beto.token })).json()).toEqual({
      skuIds: [],
    });
  });

  it('the favourites flag off answers 404 featureDisabled', async () => {
    const set = (enabled: boolean) =>
      shop.app.inject({
        method: 'PUT',
        url: '/api/operations/feature-flags/favourites',
        headers: TEST_OSM_KEY,
        payload: { enabled },
      });
    await set(false);
    const off = await client.call('GET', '/api/user/favourites', { token: ana.token });
    expect(off.statusCode).toBe(404);
    expect(off.json().code).toBe('featureDisabled');
    await set(true);
  });
});

describe('frequent products', () => {
  /** An order as place-order writes it (status and items are all the ranking reads). */
  async function placedOrder(
    userId: string,
    n: number,
    items: { id: number; quantity: number }[],
    status = 'payment-approved',
  ) {
    await shop.database.pool.query(
      `INSERT INTO shop_order (order_id, order_group, order_form_id, user_id, seller_id, status, value, detail, created_at, last_change)
       VALUES ($1, $2, 'of', $3, '1', $4, 1000, $5, now(), now())`,
      [
        `${userId}-${n}-01`,
        `${userId}-${n}`,
        userId,
        status,
        JSON.stringify({ items: items.map((item) => ({ id: String(item.id), quantity: item.quantity })) }),
      ],
    );
  }

  it("a logged-in shopper's own products, bought most often first, canceled orders left out", async () => {
    const shopper = await client.loggedIn();
    // Skus of four different products, so each counts as its own product.
    const { rows } = await shop.database.pool.query<{ id: number }>(
      `SELECT DISTINCT ON (s.product_id) s.id FROM sku s
         JOIN sku_offer o ON o.sku_id = s.id AND o.sales_channel = 1 AND o.list_price > 0
        ORDER BY s.product_id, s.id LIMIT 4`,
    );
    const [a, b, c, d] = rows;
    await placedOrder(shopper.userId, 1, [
      { id: a!.id, quantity: 1 },
      { id: b!.id, quantity: 9 },
    ]);
    await placedOrder(shopper.userId, 2, [
      { id: a!.id, quantity: 1 },
      { id: c!.id, quantity: 1 },
    ]);
    await placedOrder(shopper.userId, 3, [
      { id: a!.id, quantity: 2 },
      { id: c!.id, quantity: 1 },
    ]);
    await placedOrder(shopper.userId, 4, [{ id: d!.id, quantity: 30 }], 'canceled');
    const response = await client.call('GET', '/api/products/frequent?sc=1', { token: shopper.token });
    expect(response.statusCode).toBe(200);
    const skus = response
      .json()
      .map((product: { items: { itemId: string }[] }) => product.items.map((item) => item.itemId));
    expect(skus).toHaveLength(3);
    expect(skus[0]).toContain(String(a!.id));
    expect(skus[1]).toContain(String(c!.id));
    expect(skus[2]).toContain(String(b!.id));
    const two = await client.call('GET', '/api/products/frequent?sc=1&qty=2', { token: shopper.token });
    expect(two.json()).toHaveLength(2);
  });

  it('a visitor gets the best sellers, 36 by default', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/api/products/frequent?sc=1',
      headers: TEST_KEY,
    });
    expect(response.json()).toHaveLength(36);
  });
});
