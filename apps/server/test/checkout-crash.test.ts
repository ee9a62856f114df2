import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, TransactionAnswer } from '@despensa/contracts';
import { CART_HEADERS } from './support/cart';
import { TEST_CART_KEY_SECRET } from './support/constants';
import { VISA, completeCart, overHttp, payAtAcquirer } from './support/checkout';
import { freePort, startServerProcess, type ServerProcess } from './support/server-process';

/** The process answers the API test keys, and reconciles a payment pending for more than a second. */
const ENV = {
  API_KEYS: 'web:test-web-key,osm:test-osm-key,app:test-app-key',
  PAYMENT_RECONCILE_AFTER_MS: '1000',
  // The test clients hold the carts they make with keys under the tests' secret (support/cart.ts).
  CART_KEY_SECRET: TEST_CART_KEY_SECRET,
};

let dataDir: string;
let server: ServerProcess | undefined;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'despensa-crash-'));
  // embedded PostgreSQL's initdb runs as another user when we are root and must enter it.
  fs.chmodSync(dataDir, 0o755);
});
afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function get<T>(baseUrl: string, url: string, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    headers: { ...CART_HEADERS, ...(token ? { 'x-access-token': token } : {}) },
  });
  return (await response.json()) as T;
}

describe('a server killed between the acquirer approval and the order', { timeout: 400_000 }, () => {
  it('restarts on the same data and its reconciliation ends the payment as a paid order', async () => {
    const ports = { port: await freePort(), databasePort: await freePort() };
    server = await startServerProcess(dataDir, ports, { env: ENV });
    const shop = overHttp(server.baseUrl);
    const at = await get<{ payload: { store: { sc: string | number } | null } }>(
      server.baseUrl,
      '/api/sales-channel/geolocation?lat=-33.43333&lng=-70.61667',
    );
    const sc = Number(at.payload.store!.sc);
    const found = await get<
      { items: { itemId: string; sellers: { commertialOffer: { AvailableQuantity: number } }[] }[] }[]
    >(server.baseUrl, `/api/products/search/despensa?sc=${sc}&_from=0&_to=19`);
    const sku = found
      .flatMap((product) => product.items)
      .find((item) => (item.sellers[0]?.commertialOffer.AvailableQuantity ?? 0) >= 5)!.itemId;
    const cart = await completeCart(shop, { sc, items: [{ id: sku, quantity: 2 }] });
    const placed = await cart.call('POST', '/api/checkout/pub/orderform/transaction', {
      referenceId: cart.id,
      value: cart.total,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const answer: TransactionAnswer = placed.json();
    // The shopper pays at the acquirer; before the shop hears of it, the server dies.
    await payAtAcquirer(shop, answer.redirectUrl, VISA, cart.shopper);
    server.child.kill('SIGKILL');
    await server.exited;

    server = await startServerProcess(dataDir, ports, { env: ENV });
    const deadline = Date.now() + 120_000;
    let orders: Order[] = [];
    while (Date.now() < deadline) {
      orders = await get<Order[]>(
        server.baseUrl,
        `/api/checkout/pub/orders/group/${answer.orderId}`,
        cart.shopper.token,
      );
      if (orders[0]?.status !== 'payment-pending') break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(orders[0]).toMatchObject({ status: 'ready-for-handling', value: cart.total });
    const payment = await get<{ status: string }>(
      server.baseUrl,
      `/api/pvt/transactions/${answer.tId}`,
      cart.shopper.token,
    );
    expect(payment.status).toBe('Approved');
  });
});
