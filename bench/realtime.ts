import { randomUUID } from 'node:crypto';
import { computeRutCheckDigit, DELIVERY_METHODS } from '@despensa/domain';
import type { Order } from '@despensa/contracts';
import { SEED_OPERATOR_PASSWORD } from '../apps/server/src/modules/operations/service';
import { cliOption, percentile, table, BENCH_KEY, startBenchShop } from './support';

/**
 * `npm run bench:realtime [-- --products N --messages M]`: server-sent events under 200 open connections
 * (190 shoppers each following an order, 10 operator consoles following the store). Prints the p50/p95
 * of a chat message reaching the other side (goal p95 ≤ 200 ms), both ways, and of a status change
 * reaching the shopper's open page (goal p95 ≤ 500 ms). Events go through PostgreSQL NOTIFY, as they do
 * between instances. Figures, not assertions.
 */
const products = cliOption('products', 2000);
const messages = cliOption('messages', 200);
const SHOPPERS = 190;
const OPERATORS = 10;

const { url, shop, database, stop } = await startBenchShop(products);
const headers = { ...BENCH_KEY, 'content-type': 'application/json' };

async function call<T = unknown>(
  method: string,
  path: string,
  body: unknown,
  extra: Record<string, string>,
): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...headers, ...extra },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

// One shopper owning SHOPPERS paid orders of one store (written as the orders module keeps them).
const { rows: stores } = await database.pool.query<{ id: string; sales_channel: number }>(
  'SELECT id, sales_channel FROM store WHERE active ORDER BY id LIMIT 1',
);
const store = stores[0]!;
const stamp = String(Date.now()).slice(-7);
const rut = String(10_000_000 + Number(stamp));
const email = `bench-${randomUUID()}@correo.cl`;
await call(
  'POST',
  '/api/user',
  {
    firstName: 'Banco',
    lastName: 'Pruebas',
    document: `${rut}-${computeRutCheckDigit(rut)}`,
    email,
    homePhone: '+56912345678',
    password: 'clave-segura-123',
    termsAccepted: true,
  },
  {},
);
const { authenticationToken } = await call<{ authenticationToken: string }>(
  'GET',
  '/api/vtexid/pub/authentication/start',
  undefined,
  {},
);
const login = await call<{ userId: string; authCookie: { Value: string } }>(
  'POST',
  '/api/vtexid/pub/authentication/classic/validate',
  {
    authenticationToken,
    login: email,
    password: 'clave-segura-123',
  },
  {},
);
const userId: string = login.userId;
const shopper = { 'x-access-token': login.authCookie.Value };
const operator = {
  'x-staff-token': (
    await call<{ token: string }>(
      'POST',
      '/api/operations/session',
      {
        login: `operador.${store.id}@despensa.cl`,
        password: SEED_OPERATOR_PASSWORD,
      },
      {},
    )
  ).token as string,
};

const product = shop.services.catalog.index.products.find((each) =>
  each.skus.some((sku) => sku.measurementUnit !== 'kg'),
)!;
const sku = product.skus.find((each) => each.measurementUnit !== 'kg')!;
const now = new Date();
const orderIds = Array.from({ length: SHOPPERS }, (_, i) => `${Date.now()}${String(i).padStart(3, '0')}-01`);
for (const orderId of orderIds) {
  const detail: Omit<Order, 'status' | 'statusDescription' | 'lastChange'> = {
    orderId,
    orderGroup: orderId.slice(0, -3),
    sellerOrderId: `00-${orderId}`,
    orderFormId: randomUUID().replace(/-/g, ''),
    value: 1000,
    creationDate: now.toISOString(),
    items: [
      {
        id: String(sku.id),
        productId: String(product.id),
        name: 'Producto de prueba',
        quantity: 1,
        seller: '1',
        measurementUnit: 'un',
        unitMultiplier: 1,
        price: 1000,
        listPrice: 1000,
        sellingPrice: 1000,
        imageUrl: '',
      },
    ],
    totals: [{ id: 'Items', name: 'Total de los ítems', value: 1000 }],
    sellers: [{ id: '1', name: 'Despensa' }],
    clientProfileData: { email, firstName: 'Banco', lastName: 'Pruebas', document: null, phone: null },
    shippingData: {
      address: null,
      selectedSla: DELIVERY_METHODS.homeDelivery.id,
      deliveryWindow: {
        startDateUtc: now.toISOString(),
        endDateUtc: new Date(now.getTime() + 7_200_000).toISOString(),
      },
    },
    paymentData: { transactions: [] },
    orderInfo: { skuData: {}, substituteType: 6, receiverData: null },
  };
  await database.pool.query(
    `INSERT INTO shop_order (order_id, order_group, order_form_id, user_id, seller_id, sales_channel, status, value, detail, created_at, last_change)
     VALUES ($1, $2, $3, $4, '1', $5, 'ready-for-handling', 1000, $6, now(), now())`,
    [orderId, detail.orderGroup, detail.orderFormId, userId, store.sales_channel, JSON.stringify(detail)],
  );
}

/** An open event stream; `waitFor` resolves when an event matching `match` arrives, with its arrival time. */
function follow(path: string, extra: Record<string, string>) {
  const waiters = new Set<{
    match: (event: { type: string; data: unknown }) => boolean;
    done: (at: number) => void;
  }>();
  const controller = new AbortController();
  const opened = fetch(`${url}${path}`, {
    headers: { ...headers, ...extra },
    signal: controller.signal,
  }).then(async (response) => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let text = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
        if (done) return;
        text += value;
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!data) continue;
          const at = performance.now();
          const event = JSON.parse(data) as { type: string; data: unknown };
          for (const waiter of waiters)
            if (waiter.match(event)) {
              waiters.delete(waiter);
              waiter.done(at);
            }
        }
      }
    })();
  });
  return {
    opened,
    close: () => controller.abort(),
    waitFor: (match: (event: { type: string; data: unknown }) => boolean) =>
      new Promise<number>((done) => waiters.add({ match, done })),
  };
}

const shopperStreams = orderIds.map((orderId) => follow(`/api/orders/${orderId}/events`, shopper));
const operatorStreams = Array.from({ length: OPERATORS }, () => follow('/api/operations/events', operator));
await Promise.all([...shopperStreams, ...operatorStreams].map((stream) => stream.opened));
console.log(`${shopperStreams.length + operatorStreams.length} event streams open`);

const hasText = (text: string) => (event: { type: string; data: unknown }) =>
  event.type === 'chat' && (event.data as { text: string }).text === text;

/** Sends `count` messages one after another and times each until it reached its reader. */
async function chatRound(direction: 'store → shopper' | 'shopper → store'): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < messages; i++) {
    const index = i % orderIds.length;
    const orderId = orderIds[index]!;
    const text = `${direction} ${i} ${randomUUID()}`;
    const reader = direction === 'store → shopper' ? shopperStreams[index]! : operatorStreams[i % OPERATORS]!;
    const arrived = reader.waitFor(hasText(text));
    const sent = performance.now();
    if (direction === 'store → shopper')
      await call('POST', `/api/operations/orders/${orderId}/chat`, { text }, operator);
    else await call('POST', `/api/orders/${orderId}/chat`, { text }, shopper);
    samples.push((await arrived) - sent);
  }
  return samples;
}

const storeToShopper = await chatRound('store → shopper');
const shopperToStore = await chatRound('shopper → store');
const statusSamples: number[] = [];
for (const [index, orderId] of orderIds.entries()) {
  const arrived = shopperStreams[index]!.waitFor((event) => event.type === 'status');
  const sent = performance.now();
  await call('POST', `/api/operations/orders/${orderId}/start-handling`, {}, operator);
  statusSamples.push((await arrived) - sent);
}

const row = (name: string, samples: number[], goal: number) => ({
  measure: name,
  samples: samples.length,
  'p50 ms': percentile(samples, 50).toFixed(1),
  'p95 ms': percentile(samples, 95).toFixed(1),
  'goal p95 ms': goal,
  verdict: percentile(samples, 95) <= goal ? 'met' : 'missed',
});
table([
  row('chat message, store → shopper (200 streams open)', storeToShopper, 200),
  row('chat message, shopper → store (200 streams open)', shopperToStore, 200),
  row("status change → shopper's open page", statusSamples, 500),
]);

for (const stream of [...shopperStreams, ...operatorStreams]) stream.close();
await database.pool.query('DELETE FROM order_fulfilment WHERE order_id = ANY($1)', [orderIds]);
await database.pool.query('DELETE FROM shop_order WHERE order_id = ANY($1)', [orderIds]);
await stop();
