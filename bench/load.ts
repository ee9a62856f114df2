import fs from 'node:fs';
import path from 'node:path';
import { startCluster } from '../apps/server/src/cluster/cluster';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, withoutTimeouts } from '../apps/server/src/db/open';
import { seedIfEmpty } from '../apps/server/src/seed/seed';
import { freePort } from '../apps/server/test/support/server-process';
import { runMix, type MixStep } from './mix';
import { cliOption, table } from './support';

/**
 * `npm run bench:load [-- --instances 2 --shoppers 200 --seconds 60]` (issue 16): a shopper mix through
 * HAProxy in front of N instances on one PostgreSQL (BENCH_DATABASE_URL, else an embedded one under
 * .bench/load): browsing categories, searching, product pages, adding to a cart and the delivery
 * selector's address lookup, each step with its share of the connections. Prints each step's p95 and
 * each instance's memory after warm-up and at the end (it should stay flat). Figures, not assertions.
 */
const instances = cliOption('instances', 2);
const shoppers = cliOption('shoppers', 200);
const seconds = cliOption('seconds', 60);
const KEY = { 'x-api-key': 'bench-key', 'x-consumer': 'web', 'x-account': 'despensa' };

const dataDir = path.resolve('.bench', 'load');
fs.mkdirSync(dataDir, { recursive: true });
const config = loadConfig({
  ...process.env,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT ?? '55433',
  API_KEYS: 'web:bench-key',
});
const database = await openDatabase(config, () => {});
await withoutTimeouts(database.url, (maintenance) =>
  seedIfEmpty(maintenance, {
    products: 3000,
    brandName: 'Despensa',
    helpPhone: '600 400 2000',
    log: () => {},
  }),
);
const cluster = await startCluster({
  instances,
  port: await freePort(),
  instancePorts: await Promise.all(Array.from({ length: instances }, () => freePort())),
  databaseUrl: database.url,
  dataDir: path.join(dataDir, 'cluster'),
  env: { API_KEYS: 'web:bench-key', LOG_LEVEL: 'error' },
});

const query = async <T>(sql: string) => (await database.pool.query(sql)).rows as T[];
const categories = await query<{ path: string }>(
  `SELECT '/' || p.slug || '/' || c.slug AS path FROM category c JOIN category p ON p.id = c.parent_id WHERE p.parent_id IS NULL LIMIT 20`,
);
const products = await query<{ slug: string }>('SELECT slug FROM product ORDER BY id LIMIT 300');
const skus = await query<{ id: number }>(
  `SELECT sku_id AS id FROM sku_offer WHERE sales_channel = 1 AND seller_id = '1' AND available_quantity > 100 LIMIT 100`,
);
const terms = [
  'leche',
  'pan',
  'arroz',
  'queso',
  'vino',
  'yoghurt',
  'aceite',
  'detergente',
  'pollo',
  'manzana',
];
/** Carts made through the cluster, each with the cookies its answer set (the cart cookie and its key). */
const carts: { id: string; cookie: string }[] = [];
for (let i = 0; i < 100; i++) {
  const response = await fetch(`${cluster.url}/api/orderForm`, {
    method: 'POST',
    headers: { ...KEY, 'content-type': 'application/json' },
    body: '{}',
  });
  const cookie = response.headers
    .getSetCookie()
    .map((each) => each.split(';')[0])
    .join('; ');
  carts.push({ id: ((await response.json()) as { orderFormId: string }).orderFormId, cookie });
}
const html = { 'accept-encoding': 'br, gzip' };
const share = (part: number) => Math.max(1, Math.round((shoppers * part) / 100));
const steps: MixStep[] = [
  {
    name: 'browse (category page)',
    connections: share(30),
    requests: categories.map((c) => ({ method: 'GET', path: c.path, headers: html })),
  },
  {
    name: 'search (results page)',
    connections: share(20),
    requests: terms.map((term) => ({ method: 'GET', path: `/busca?ft=${term}`, headers: html })),
  },
  {
    name: 'product page',
    connections: share(25),
    requests: products.map((p) => ({ method: 'GET', path: `/${p.slug}/p`, headers: html })),
  },
  {
    name: 'add to cart (PATCH items)',
    connections: share(15),
    requests: carts.map(({ id, cookie }, i) => ({
      method: 'PATCH',
      path: `/api/orderform/${id}/items`,
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        orderItems: [{ id: String(skus[i % skus.length]!.id), quantity: 1 + (i % 3), seller: '1' }],
      }),
    })),
  },
  {
    name: 'delivery selector (address to sales channel)',
    connections: share(10),
    requests: Array.from({ length: 50 }, (_, i) => ({
      method: 'GET',
      path: `/api/sales-channel/geolocation?lat=${(-33.45 + (i % 10) * 0.01).toFixed(3)}&lng=${(-70.63 + Math.floor(i / 10) * 0.01).toFixed(3)}`,
    })),
  },
];

/** Resident memory of each instance (its node process), in MB. */
function memory(): string[] {
  return cluster.instances.map((instance) => {
    const status = fs.readFileSync(`/proc/${instance.child.pid}/status`, 'utf8');
    return `${instance.name} ${Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)} MB`;
  });
}

try {
  // Issue 16's page goal first: the anonymous category page, cached, through the proxy at 50 connections.
  const category = categories[0]!.path;
  await runMix(
    cluster.url,
    [{ name: 'warm', connections: 10, requests: [{ method: 'GET', path: category, headers: html }] }],
    3,
  );
  const [cachedPage] = await runMix(
    cluster.url,
    [
      {
        name: `cached ${category} through HAProxy, 50 connections`,
        connections: 50,
        requests: [{ method: 'GET', path: category, headers: html }],
      },
    ],
    Math.min(20, seconds),
  );
  table([{ ...cachedPage!, goal: '≥ 500 pages/s, p95 ≤ 50 ms' }]);

  console.log(`${instances} instances behind HAProxy, ${shoppers} connections, ${seconds} s`);
  await runMix(cluster.url, steps, Math.min(10, seconds), KEY);
  const warm = memory();
  // Flat means flat all along, not only at both ends: a sample every 30 s of the run.
  const started = Date.now();
  const samples: string[] = [];
  const sampler = setInterval(() => {
    samples.push(`${Math.round((Date.now() - started) / 1000)} s: ${memory().join(', ')}`);
  }, 30_000);
  const rows = await runMix(cluster.url, steps, seconds, KEY).finally(() => clearInterval(sampler));
  table(rows);
  console.log(`memory after warm-up: ${warm.join(', ')}; at the end: ${memory().join(', ')}`);
  if (samples.length) console.log(`memory during the run:\n  ${samples.join('\n  ')}`);
} finally {
  await cluster.stop();
  await database.close();
}
