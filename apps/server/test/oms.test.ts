import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ADMINISTRATOR } from '../src/modules/operations/service';
import { createTestApp, type TestApp } from './support/app';
import { sellableSkus } from './support/cart';
import { CHECKOUT_START, completeCart, deliveringChannel, placeTransaction } from './support/checkout';
import { erpCall, refusalOf, staffCall, staffLogin } from './support/integration';

let shop: TestApp;
let ordersKey: { appKey: string; appToken: string };
let catalogKey: { appKey: string; appToken: string };
/** Two orders of two customers. */
const placed: { orderId: string; email: string }[] = [];

beforeAll(async () => {
  // The card redirect's clock and address, as the purchase tests have them.
  shop = await createTestApp({ clock: () => CHECKOUT_START });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const sc = await deliveringChannel(shop);
  const admin = await staffLogin(shop, SEED_ADMINISTRATOR.email, SEED_ADMINISTRATOR.password);
  const key = async (scopes: string[]) =>
    (await staffCall(shop, admin, 'POST', '/api/admin/app-keys', { label: 'ERP', scopes })).json();
  ordersKey = await key(['orders-read']);
  catalogKey = await key(['catalog']);
  const skus = await sellableSkus(shop, { salesChannel: sc, limit: 2 });
  for (const sku of skus) {
    const cart = await completeCart(shop, { sc, items: [{ id: String(sku.id), quantity: 1 }] });
    const answer = await placeTransaction(cart);
    placed.push({ orderId: `${answer.orderId}-01`, email: cart.shopper.email });
  }
}, 120_000);
afterAll(() => shop?.close());

const oms = (url: string, key: { appKey: string; appToken: string } | null = ordersKey) =>
  erpCall(shop.app, key, 'GET', url);

describe("VTEX's OMS for the chain's ERP (scope orders-read)", () => {
  it("lists every customer's orders, newest first, paged, by status and by creation", async () => {
    const all = await oms('/api/oms/pvt/orders?per_page=1');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().paging).toEqual({ total: 2, pages: 2, currentPage: 1, perPage: 1 });
    expect(all.json().list[0]).toMatchObject({ status: 'payment-pending' });
    const second = await oms('/api/oms/pvt/orders?per_page=1&page=2');
    const pages = [all.json().list[0], second.json().list[0]];
    expect(pages.map((row) => row.orderId).sort()).toEqual(placed.map((row) => row.orderId).sort());
    // Newest first (this shop's clock stands still: one instant, then by id).
    expect(pages[0].creationDate >= pages[1].creationDate).toBe(true);

    expect((await oms('/api/oms/pvt/orders?f_status=invoiced')).json().list).toEqual([]);
    const pending = await oms('/api/oms/pvt/orders?f_status=payment-pending,ready-for-handling');
    expect(pending.json().paging.total).toBe(2);
    const day = CHECKOUT_START;
    const range = (from: Date, to: Date) =>
      `/api/oms/pvt/orders?f_creationDate=${encodeURIComponent(`creationDate:[${from.toISOString()} TO ${to.toISOString()}]`)}`;
    const around = await oms(
      range(new Date(day.getTime() - 86_400_000), new Date(day.getTime() + 86_400_000)),
    );
    expect(around.json().paging.total).toBe(2);
    const before = await oms(
      range(new Date('2020-01-01T00:00:00.000Z'), new Date('2020-12-31T23:59:59.999Z')),
    );
    expect(before.json().paging.total).toBe(0);
  });

  it("reads any customer's order whole", async () => {
    const answer = await oms(`/api/oms/pvt/orders/${placed[0]!.orderId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      orderId: placed[0]!.orderId,
      clientProfileData: { email: placed[0]!.email },
    });
    expect(answer.json().items).toHaveLength(1);
  });

  it('refuses an unknown order, malformed filters, a key without the scope and a call without a key', async () => {
    expect(refusalOf(await oms('/api/oms/pvt/orders/999999999999-01'))).toEqual([404, 'orderNotFound']);
    for (const url of [
      '/api/oms/pvt/orders/1%27%20OR%201=1',
      '/api/oms/pvt/orders?f_status=perdido',
      '/api/oms/pvt/orders?f_creationDate=ayer',
      '/api/oms/pvt/orders?per_page=1000',
    ])
      expect((await oms(url)).statusCode, url).toBe(400);
    expect(refusalOf(await oms('/api/oms/pvt/orders', catalogKey))).toEqual([403, 'appKeyScopeForbidden']);
    expect(refusalOf(await oms('/api/oms/pvt/orders', null))).toEqual([401, 'appKeyMissing']);
  });
});
