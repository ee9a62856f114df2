import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '../apps/server/test/support/server-process';
import { runMix, type MixStep } from './mix';
import { cliOption, table } from './support';

/**
 * `npm run bench:isolation [-- --products N --seconds S --renders C]` (issue 27, fault 10): do uncached
 * page renders starve the API? Starts the shop as `npm start` runs it (production, its own embedded
 * PostgreSQL) and measures, from a process of its own, the p99 of `/api/health`, an API call and a cached
 * page, first alone and then while C clients (20) ask for page variants nobody asked for before (each
 * misses the page cache and renders). Goal: p99 < 100 ms in both. Figures, not assertions; the machine's
 * load average is printed beside each run, since other work on the machine moves them.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const products = cliOption('products', 3000);
const seconds = cliOption('seconds', 15);
const renderClients = cliOption('renders', 20);
const GOAL_MS = 100;
const API_KEY = { 'x-api-key': 'despensa-web-dev-key', 'x-consumer': 'web' };
const CATEGORY = '/lacteos';

if (!fs.existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
  console.error('apps/web/build is missing: run `npm run build -w @despensa/web` first');
  process.exit(1);
}

// Kept between runs, as bench/support.ts keeps its shops: the seed is paid once per catalogue size.
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? '.bench', `isolation-${products}`);
fs.mkdirSync(dataDir, { recursive: true });
fs.chmodSync(dataDir, 0o755); // initdb runs as another user when we are root
console.log(`starting the shop with ${products} products (kept in ${dataDir})…`);
const server = await startServerProcess(dataDir, undefined, { seedProducts: products });

/** The light traffic whose latency is measured: one connection each. */
const watched: MixStep[] = [
  { name: 'GET /api/health', connections: 1, requests: [{ method: 'GET', path: '/api/health' }] },
  {
    name: `GET /api/products/search${CATEGORY}`,
    connections: 1,
    requests: [{ method: 'GET', path: `/api/products/search${CATEGORY}?sc=1`, headers: API_KEY }],
  },
  {
    name: `GET ${CATEGORY} (cached page)`,
    connections: 1,
    requests: [{ method: 'GET', path: CATEGORY, headers: { 'accept-encoding': 'br' } }],
  },
];
/** Every request a page variant of its own (an unknown query parameter): the page cache misses. */
const uncached: MixStep = {
  name: `GET ${CATEGORY}?variante=N (uncached renders)`,
  connections: renderClients,
  requests: Array.from({ length: 5_000 }, (_, i) => ({
    method: 'GET',
    path: `${CATEGORY}?variante=${i}`,
    headers: { 'accept-encoding': 'br' },
  })),
};

try {
  // Warm-up: V8 optimises the render path over the first few dozen renders; the cached page is rendered once.
  for (let i = 0; i < 40; i++)
    await fetch(`${server.baseUrl}${CATEGORY}?calentar=${i}`).then((r) => r.text());
  await fetch(`${server.baseUrl}${CATEGORY}`).then((r) => r.text());

  const loadAlone = os.loadavg()[0]!.toFixed(2);
  const alone = await runMix(server.baseUrl, watched, seconds);
  const loadBefore = os.loadavg()[0]!.toFixed(2);
  // The renders come from a load process of their own: a runner busy with 20 connections' requests would
  // read the watched answers late and count its own delay as the server's.
  const [watchedLoaded, rendersLoaded] = await Promise.all([
    runMix(server.baseUrl, watched, seconds),
    runMix(server.baseUrl, [uncached], seconds),
  ]);
  const loaded = [...watchedLoaded, ...rendersLoaded];
  const loadAfter = os.loadavg()[0]!.toFixed(2);

  const row = (result: Record<string, string | number>, load: string) => ({
    measure: String(result.step),
    requests: result.requests ?? '',
    p50: result.p50 ?? '',
    p99: result.p99 ?? '',
    statuses: result.statuses ?? '',
    'errors (of which 10 s timeouts)': `${result.errors} (${result['of which timeouts (10 s)']})`,
    'load average (1 min)': load,
  });
  console.log(`\nalone (${seconds} s):`);
  table(alone.map((result) => ({ ...row(result, loadAlone), goal: `p99 < ${GOAL_MS} ms` })));
  console.log(`\nwhile ${renderClients} clients ask for uncached page variants (${seconds} s):`);
  table(
    loaded.map((result, i) => ({
      ...row(result, `${loadBefore} → ${loadAfter}`),
      goal: i < watched.length ? `p99 < ${GOAL_MS} ms` : 'renders: answered (200) or refused fast (503)',
    })),
  );
  console.log(
    `uptime: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')} on ${os.cpus().length} cores`,
  );
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
}
