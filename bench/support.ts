import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import type { BenchRequest } from './runner-job';
import {
  CART_KEY_COOKIE,
  ORDER_FORM_COOKIE,
  isInStock,
  itemPurchaseLimit,
  orderFormCookieValue,
} from '@despensa/domain';
import { buildApp, type App } from '../apps/server/src/app';
import { cartKeyOf } from '../apps/server/src/modules/cart/holding-key';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, withoutTimeouts, type OpenDatabase } from '../apps/server/src/db/open';
import { seedDatabase } from '../apps/server/src/seed/seed';

export const BENCH_KEY = { 'x-api-key': 'bench-key', 'x-consumer': 'web' };
/** The bench shop's CART_KEY_SECRET, so a benchmark holds the carts it made by their ids (holdingCart). */
const BENCH_CART_KEY_SECRET = 'bench-cart-key-secret-0123456789abcdef';

/**
 * The cookies of a client holding a cart, as POST /api/orderForm set them (the cart cookie and its key):
 * an anonymous cart opens with them.
 */
export function holdingCart(orderFormId: string): { cookie: string } {
  const key = cartKeyOf(BENCH_CART_KEY_SECRET, orderFormId);
  return { cookie: `${ORDER_FORM_COOKIE}=${orderFormCookieValue(orderFormId)}; ${CART_KEY_COOKIE}=${key}` };
}

/**
 * The cart's cookies for a call, as the client that created the cart it names (the path's /api/orderform/{id},
 * else the body's orderFormId); no header when it names none.
 */
export function holdingCartOf(path: string, body?: unknown): { cookie: string } | Record<string, never> {
  const id =
    /^\/api\/orderform\/([^/?]+)/.exec(path)?.[1] ?? (body as { orderFormId?: unknown })?.orderFormId;
  return typeof id === 'string' ? holdingCart(id) : {};
}
export const CONNECTIONS = 10;
const LOAD_GENERATOR = fileURLToPath(new URL('./load-generator.ts', import.meta.url));
const execFileAsync = promisify(execFile);

/**
 * A shop for benchmarks: its own embedded PostgreSQL under .bench/ (kept between runs), seeded once
 * with `products` products, served on a random port without request logging.
 */
export async function startBenchShop(
  products: number,
  options: { web?: boolean } = {},
): Promise<{
  url: string;
  shop: App;
  database: OpenDatabase;
  latency: ServerLatency;
  stop(): Promise<void>;
}> {
  const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? '.bench', `shop-${products}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    DATA_DIR: dataDir,
    // Its own port unless told (several worktrees may bench at once).
    EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT ?? '55432',
    API_KEYS: 'web:bench-key',
    LOG_LEVEL: 'silent',
    CART_KEY_SECRET: BENCH_CART_KEY_SECRET,
  });
  const database = await openDatabase(config, () => {});
  const { rows } = await database.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM product');
  if (rows[0]!.count !== products) {
    console.log(`seeding ${products} products (once; kept in ${dataDir})…`);
    await withoutTimeouts(database.url, (maintenance) =>
      seedDatabase(maintenance, { products, log: console.log, progress: true }),
    );
  }
  const shop = await buildApp({ config, database, logger: false, web: options.web ?? false });
  const latency = recordServerLatency(shop);
  const url = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    shop,
    database,
    latency,
    stop: async () => {
      await shop.close();
      await database.close();
    },
  };
}

/** The yardstick: a bare Fastify route answering a constant JSON, measured in the same run. */
export async function bareBaseline(seconds: number): Promise<number> {
  const bare = Fastify();
  bare.get('/constant', async () => ({ status: 'ok', items: [1, 2, 3] }));
  const url = await bare.listen({ port: 0, host: '127.0.0.1' });
  const result = await generateLoad(
    url,
    { headers: {}, requests: [{ method: 'GET', path: '/constant' }] },
    seconds,
  );
  await bare.close();
  return result.requests.average;
}

export interface LoadResult {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
}

/** Runs bench/load-generator.ts in a child process against `url` (see there) and reads its totals. */
async function generateLoad(
  url: string,
  load: {
    headers: Record<string, string>;
    requests: BenchRequest[];
    rate?: number | undefined;
  },
  seconds: number,
): Promise<LoadResult> {
  const file = path.join(os.tmpdir(), `despensa-load-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify({ url, connections: CONNECTIONS, seconds, ...load }));
  try {
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', LOAD_GENERATOR, file], {
      maxBuffer: 1024 * 1024,
    });
    const totals = JSON.parse(stdout) as { requests: number; non2xx: number; errors: number; ms: number };
    return {
      requests: { average: (totals.requests * 1000) / totals.ms, total: totals.requests },
      non2xx: totals.non2xx,
      errors: totals.errors,
    };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Requests a scenario may need in one run: more than 10 connections can make in `seconds` here. */
const REQUESTS_PER_SECOND_CEILING = 20_000;
const REQUEST_LIST_BYTES = 64 * 1024 * 1024;

export interface Scenario {
  name: string;
  /** Server-side p95 goal in ms. */
  goalMs: number;
  method?: 'GET' | 'POST' | 'PATCH';
  /** Extra headers (the cart calls add x-account). */
  headers?: Record<string, string>;
  /** Called per request; returns the path (and body for POST and PATCH, and its own headers). */
  next(i: number): { path: string; body?: unknown; headers?: Record<string, string> };
  /** Requests per second, paced evenly; unset, the connections send as fast as they are answered. */
  rate?: number;
}

export interface ServerLatency {
  /** The samples (ms) since the last take. */
  take(): number[];
}

/** Server-side latency of every request (Fastify's own elapsed time), so the client's overhead is not counted. */
export function recordServerLatency(shop: App): ServerLatency {
  let samples: number[] = [];
  shop.app.addHook('onResponse', async (_request, reply) => {
    samples.push(reply.elapsedTime);
  });
  return {
    take: () => {
      const taken = samples;
      samples = [];
      return taken;
    },
  };
}

export async function runScenario(url: string, scenario: Scenario, seconds: number): Promise<LoadResult> {
  // The scenario's requests are drawn up front, in order, so the generator only has to send them (it
  // starts the list again if it runs out). Large bodies (100-item simulations) stop the list at
  // REQUEST_LIST_BYTES, far more than a run sends, so the list file stays a file and not a crash.
  // A paced scenario sends exactly its rate: its list is no longer than that (a list of hundreds of
  // megabytes would cost this process, the server's, collections for the whole run).
  const count = Math.min((scenario.rate ?? REQUESTS_PER_SECOND_CEILING) * seconds, 200_000);
  const requests: BenchRequest[] = [];
  let bytes = 0;
  for (let i = 0; i < count && bytes < REQUEST_LIST_BYTES; i++) {
    const { path: target, body, headers } = scenario.next(i);
    const text = body === undefined ? undefined : JSON.stringify(body);
    bytes += target.length + (text?.length ?? 0);
    requests.push({
      method: scenario.method ?? 'GET',
      path: target,
      ...(headers === undefined ? {} : { headers }),
      ...(text === undefined ? {} : { body: text }),
    });
  }
  return generateLoad(
    url,
    {
      headers: { ...BENCH_KEY, 'content-type': 'application/json', ...scenario.headers },
      requests,
      rate: scenario.rate,
    },
    seconds,
  );
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function table(rows: Record<string, string | number>[]): void {
  console.table(rows);
}

/** The machine's 1-minute load average and cores, printed beside figures a busy machine moves. */
export function machineLoad(): string {
  return `load average (1 min) ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;
}

/** `--name value` from the command line, as a number, or the fallback. */
export function cliOption(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
}

/**
 * Warms every scenario up for 2 s, then runs each for `seconds` and returns one table row per scenario:
 * throughput (and its ratio to `baseline` requests/s when given) and server-side p50/p95/p99 against its goal.
 */
export async function measureScenarios(
  url: string,
  latency: ServerLatency,
  scenarios: Scenario[],
  seconds: number,
  baseline?: number,
): Promise<Record<string, string | number>[]> {
  for (const scenario of scenarios) await runScenario(url, scenario, 2);
  latency.take();
  const rows: Record<string, string | number>[] = [];
  for (const scenario of scenarios) {
    const result = await runScenario(url, scenario, seconds);
    const samples = latency.take();
    const p95 = percentile(samples, 95);
    rows.push({
      scenario: scenario.name,
      'requests/s': Math.round(result.requests.average),
      ...(baseline ? { 'vs bare Fastify': (result.requests.average / baseline).toFixed(3) } : {}),
      'server p50 ms': percentile(samples, 50).toFixed(2),
      'server p95 ms': p95.toFixed(2),
      'server p99 ms': percentile(samples, 99).toFixed(2),
      'goal p95 ms': scenario.goalMs,
      met: p95 <= scenario.goalMs ? 'yes' : 'NO',
      errors: result.errors + result.non2xx,
    });
  }
  return rows;
}

/** What shoppers search for in the benches: common words, and a typo ('lehce'). */
export const SEARCH_TERMS = [
  'leche',
  'pan',
  'arroz',
  'queso',
  'yogur',
  'detergente',
  'vino tinto',
  'pollo',
  'cafe',
  'aceite',
  'platano',
  'lehce',
  'galletas',
  'jugo',
  'papel higienico',
  'cerveza',
  'manzana',
  'fideos',
  'atun',
  'shampoo',
];

/** Unit skus the chain sells in stock online with no cart limit of their own: any of them can take 35. */
export function cartableSkuIds(index: App['services']['catalog']['index']): string[] {
  return index.products
    .flatMap((product) => product.skus)
    .filter((sku) => {
      if (sku.measurementUnit === 'kg' || itemPurchaseLimit(sku.cartLimit) < 35) return false;
      const offer = index.offersFor(sku, 1).find((each) => each.sellerId === '1');
      return (
        offer !== undefined &&
        isInStock({ ListPrice: offer.listPrice, AvailableQuantity: offer.availableQuantity })
      );
    })
    .map((sku) => String(sku.id));
}
