import type { OrderForm } from '@despensa/contracts';
import {
  cartableSkuIds,
  cliOption,
  machineLoad,
  measureScenarios,
  BENCH_KEY,
  holdingCartOf,
  startBenchShop,
  type Scenario,
} from './support';

/**
 * `npm run bench:cart [-- --products N --seconds S]`: the cart under 10 concurrent connections.
 * Prints the server-side p95 of adding an item (goal 10 ms) and of reading a 100-line cart (goal 3 ms, issue 33),
 * and checks that 50 concurrent changes to one cart lose nothing. Figures, not assertions.
 */
const products = cliOption('products', 50_000);
const seconds = cliOption('seconds', 8);

const { url, shop, database, latency, stop } = await startBenchShop(products);
const headers = { ...BENCH_KEY, 'content-type': 'application/json', 'x-account': 'despensa' };
const index = shop.services.catalog.index;

const skus = cartableSkuIds(index);

async function call(method: string, path: string, body?: unknown): Promise<OrderForm> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...headers, ...holdingCartOf(path) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as OrderForm;
}
const createCart = async () => (await call('POST', '/api/orderForm?sc=1', {})).orderFormId;

// Adding items: requests rotate over many carts, so each cart grows slowly and no lock is shared for long.
const addCarts = await Promise.all(Array.from({ length: 100 }, createCart));
// Reading: ten carts of 100 lines each.
const bigCarts = await Promise.all(
  Array.from({ length: 10 }, async (_, c) => {
    const id = await createCart();
    const orderItems = skus.slice(c * 100, c * 100 + 100).map((sku) => ({ id: sku, quantity: 2 }));
    await call('PATCH', `/api/orderform/${id}/items?sc=1`, { orderItems });
    return id;
  }),
);

const scenarios: Scenario[] = [
  {
    name: 'add an item (PATCH /api/orderform/{id}/items)',
    goalMs: 10,
    method: 'PATCH',
    headers: { 'x-account': 'despensa' },
    next: (i) => {
      const path = `/api/orderform/${addCarts[i % addCarts.length]}/items?sc=1`;
      const body = { orderItems: [{ id: skus[(i * 7) % skus.length], quantity: 1 + (i % 3) }] };
      return { path, body, headers: holdingCartOf(path) };
    },
  },
  {
    name: 'read a 100-line cart (GET /api/orderform/{id})',
    goalMs: 3,
    headers: { 'x-account': 'despensa' },
    next: (i) => {
      const path = `/api/orderform/${bigCarts[i % bigCarts.length]}`;
      return { path, headers: holdingCartOf(path) };
    },
  },
];

const rows = await measureScenarios(url, latency, scenarios, seconds);

// 50 concurrent changes to one cart against the same 50 applied one by one.
const changes = skus.slice(2000, 2050).map((sku, i) => ({ id: sku, quantity: 1 + (i % 5) }));
const concurrent = await createCart();
const started = performance.now();
await Promise.all(
  changes.map((change) => call('PATCH', `/api/orderform/${concurrent}/items?sc=1`, { orderItems: [change] })),
);
const concurrentMs = performance.now() - started;
const sequential = await createCart();
for (const change of changes)
  await call('PATCH', `/api/orderform/${sequential}/items?sc=1`, { orderItems: [change] });
const summary = (form: OrderForm) =>
  JSON.stringify({
    lines: form.items.map((item) => `${item.id}x${item.quantity}`).sort(),
    value: form.value,
  });
const [a, b] = await Promise.all([
  call('GET', `/api/orderform/${concurrent}`),
  call('GET', `/api/orderform/${sequential}`),
]);

console.log(`\n${products} products, ${seconds} s per scenario, 10 connections; ${machineLoad()}`);
console.table(rows);
console.log(
  `50 concurrent PATCHes to one cart: ${a.items.length}/50 lines kept, ${Math.round(concurrentMs)} ms in all, ` +
    `final cart ${summary(a) === summary(b) ? 'equals' : 'DIFFERS FROM'} the sequential one`,
);
// The bench shop is kept between runs; its carts are not.
await database.pool.query('DELETE FROM order_form WHERE id = ANY($1)', [
  [...addCarts, ...bigCarts, concurrent, sequential],
]);
await stop();
