import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { computeRutCheckDigit } from '@despensa/domain';
import {
  ARGON2_PARAMS,
  HASH_NICE,
  HASH_WORKERS,
  hashPassword,
  passwordWorkers,
} from '../apps/server/src/modules/auth/password';
import { runPaced, type PacedResult, type PacedStep } from './mix';
import {
  cartableSkuIds,
  cliOption,
  BENCH_KEY,
  holdingCart,
  percentile,
  SEARCH_TERMS,
  startBenchShop,
  table,
} from './support';

/**
 * `npm run bench:auth [-- --seconds S --rounds R --rate L --singles N --load F --burst B --via web|api]`
 * (issue 16, part 3; needs `npm run build -w @despensa/web`): the login goals, printed against them.
 *
 * 1. One Argon2id hash (m 19 MiB, t 2, p 1) here: wall and CPU time.
 * 2. Logins one at a time ("single"), N (60) each through the API (POST …/classic/validate) and through the
 *    web app's login form (POST /login-page: the login, the profile and the cart attached): p95 against
 *    150 ms.
 * 3. What other shoppers do, sent open-loop at fixed rates (paced, not a closed loop: a slow answer does
 *    not slow the arrivals): a product page and a category page from the page cache, a logged-in
 *    shopper's category page (the shared page) and their own parts (GET /comprador/partes, rendered for
 *    them: the session, profile, hearts, lists and cart), a cart add (PATCH …/items) and a search (POST
 *    /api/search), each p95 measured alone and then while L (20) logins per second run (also paced), in R
 *    (3) rounds of S (20) seconds alternating alone / with logins, each ratio against the 2× goal. `--load F`
 *    scales the shoppers' rates.
 * 4. B (1,000) concurrent wrong passwords on one account, counted by authStatus (the per-account limit).
 *
 * Each phase starts with every page freshly cached (pages live 60 s: keep S under 50). `--timeline` prints,
 * every 0.5 s of each phase, the event loop's busy share, the database pool and the hash queue;
 * `--profile FILE` writes a CPU profile of the event loop during each phase with logins.
 *
 * Times are the client's (send to last byte) from a load process of their own. Figures, not assertions;
 * print `uptime` beside them: this machine's other work moves them.
 */
const seconds = cliOption('seconds', 20);
const rounds = cliOption('rounds', 3);
const loginRate = cliOption('rate', 20);
const singles = cliOption('singles', 60);
const load = cliOption('load', 1);
const burst = cliOption('burst', 1000);
const accountCount = cliOption('accounts', 60);
const viaAt = process.argv.indexOf('--via');
const via = viaAt >= 0 && process.argv[viaAt + 1] === 'api' ? 'api' : 'web';
const PASSWORD = 'clave-de-bench-123';
const LOGIN_GOAL_MS = 150;
const RATIO_GOAL = 2;
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

console.log(`load average at the start: ${loadAverage()}`);
// As behind the shop's load balancer: each login comes from a shopper's own address (X-Forwarded-For from a
// trusted proxy), so the per-address limit counts each shopper, not the bench's 127.0.0.1 for all of them.
process.env.TRUSTED_PROXIES = '127.0.0.1';
const { url, shop, database, latency, stop } = await startBenchShop(3000, { web: true });
// The bench's database is kept between runs: forget earlier runs' attempts, or 127.0.0.1 starts blocked.
await database.pool.query('DELETE FROM login_attempt');
const api = { ...BENCH_KEY, 'content-type': 'application/json', 'x-account': 'despensa' };
const browser = { 'accept-encoding': 'br, gzip', 'user-agent': 'Mozilla/5.0 Chrome/130.0 Safari/537.36' };

async function post(path: string, body: unknown) {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: api, body: JSON.stringify(body) });
  return { response, json: (await response.json()) as Record<string, unknown> };
}
async function start(): Promise<string> {
  const response = await fetch(`${url}/api/vtexid/pub/authentication/start`, { headers: api });
  return ((await response.json()) as { authenticationToken: string }).authenticationToken;
}

// 1. One hash, in this process, one at a time.
const hashWall: number[] = [];
const cpuBefore = process.cpuUsage();
for (let i = 0; i < 20; i++) {
  const started = performance.now();
  await hashPassword(`clave-${i}`);
  hashWall.push(performance.now() - started);
}
const cpu = process.cpuUsage(cpuBefore);
const hashCpuMs = (cpu.user + cpu.system) / 1000 / 20;

// Accounts, each with its authentication token (30 minutes, enough for the run).
const run = Date.now().toString(36);
const accounts: { email: string; authenticationToken: string }[] = [];
for (let i = 0; accounts.length < accountCount && i < accountCount * 2; i++) {
  const rutBody = String(randomInt(5_000_000, 40_000_000));
  const email = `bench-${run}-${i}@correo.cl`;
  const created = await post('/api/user', {
    firstName: 'Bench',
    lastName: 'Cliente',
    document: `${rutBody}-${computeRutCheckDigit(rutBody)}`,
    email,
    homePhone: '+56912345678',
    password: PASSWORD,
    termsAccepted: true,
  });
  if (created.response.status !== 201) continue; // a RUT drawn twice: draw again
  accounts.push({ email, authenticationToken: await start() });
}

const shopperAddress = (i: number) => `198.51.100.${1 + (i % accounts.length)}`;
const apiLogin = (i: number) => {
  const account = accounts[i % accounts.length]!;
  return {
    method: 'POST',
    path: '/api/vtexid/pub/authentication/classic/validate',
    headers: { ...api, 'x-forwarded-for': shopperAddress(i) },
    body: JSON.stringify({
      authenticationToken: account.authenticationToken,
      login: account.email,
      password: PASSWORD,
    }),
  };
};
const webLogin = (i: number) => ({
  method: 'POST',
  path: '/login-page?callback=%2F',
  headers: {
    ...browser,
    'content-type': 'application/x-www-form-urlencoded',
    'x-forwarded-for': shopperAddress(i),
  },
  body: new URLSearchParams({
    intent: 'login',
    login: accounts[i % accounts.length]!.email,
    password: PASSWORD,
  }).toString(),
});

// 2. Logins one at a time: server time (Fastify's) and the client's.
async function oneAtATime(
  request: (i: number) => { method: string; path: string; headers: Record<string, string>; body: string },
) {
  const client: number[] = [];
  let failed = 0;
  let cpuStart = process.cpuUsage();
  for (let i = -5; i < singles; i++) {
    if (i === 0) {
      latency.take(); // the first five warm up
      cpuStart = process.cpuUsage();
    }
    const { method, path, headers, body } = request(i + 5);
    const started = performance.now();
    const response = await fetch(`${url}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    if (i >= 0) client.push(performance.now() - started);
    if (response.status >= 400 || (path.startsWith('/api') && !text.includes('"Success"'))) failed++;
  }
  const used = process.cpuUsage(cpuStart);
  return { server: latency.take(), client, failed, cpuMs: (used.user + used.system) / 1000 / singles };
}
const singleApi = await oneAtATime(apiLogin);
const singleWeb = await oneAtATime(webLogin);
const loadAfterSingles = loadAverage();

// 3. Shoppers, alone and with logins.
const query = async <T>(sql: string) => (await database.pool.query(sql)).rows as T[];
const categories = (
  await query<{ path: string }>(
    `SELECT '/' || p.slug || '/' || c.slug AS path FROM category c JOIN category p ON p.id = c.parent_id
      WHERE p.parent_id IS NULL ORDER BY c.id LIMIT 20`,
  )
).map((row) => row.path);
const productPaths = (await query<{ slug: string }>('SELECT slug FROM product ORDER BY id LIMIT 60')).map(
  (row) => `/${row.slug}/p`,
);
const index = shop.services.catalog.index;
const skus = cartableSkuIds(index);
const carts: string[] = [];
for (let i = 0; i < 100; i++) {
  const { json } = await post('/api/orderForm?sc=1', {});
  carts.push(json.orderFormId as string);
}
// Logged-in shoppers: the shared page, then their own parts, read for them from their session.
const sessions: string[] = [];
for (let i = 0; i < 10; i++) {
  const response = await fetch(`${url}${apiLogin(i).path}`, {
    method: 'POST',
    headers: api,
    body: apiLogin(i).body,
  });
  const cookie = /despensa_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (cookie) sessions.push(cookie);
}
// The ten most common of the benches' searches.
const terms = SEARCH_TERMS.slice(0, 10);
const rate = (perSecond: number) => Math.max(1, Math.round(perSecond * load));
const shoppers: PacedStep[] = [
  {
    name: 'product page (cached)',
    rate: rate(10),
    requests: productPaths.map((path) => ({ method: 'GET', path, headers: browser })),
  },
  {
    name: 'category page (cached)',
    rate: rate(10),
    requests: categories.map((path) => ({ method: 'GET', path, headers: browser })),
  },
  {
    name: 'category page, logged in',
    rate: rate(2),
    requests: categories.map((path, i) => ({
      method: 'GET',
      path,
      headers: { ...browser, cookie: `despensa_session=${sessions[i % sessions.length]}` },
    })),
  },
  {
    name: "a logged-in shopper's parts (GET /comprador/partes)",
    rate: rate(2),
    requests: sessions.map((session) => ({
      method: 'GET',
      path: '/comprador/partes.data?_routes=routes%2Fshopper-parts',
      headers: { ...browser, cookie: `despensa_session=${session}` },
    })),
  },
  {
    name: 'cart add (PATCH /api/orderform/{id}/items)',
    rate: rate(10),
    requests: carts.map((id, i) => ({
      method: 'PATCH',
      path: `/api/orderform/${id}/items?sc=1`,
      headers: { ...api, ...holdingCart(id) },
      body: JSON.stringify({ orderItems: [{ id: skus[(i * 7) % skus.length], quantity: 1 }] }),
    })),
  },
  {
    name: 'search (POST /api/search)',
    rate: rate(10),
    requests: terms.map((term) => ({
      method: 'POST',
      path: '/api/search?page=1&sc=1',
      headers: api,
      body: JSON.stringify({ selectedFacets: [{ key: 'ft', value: term }] }),
    })),
  },
];
const logins: PacedStep = {
  name: `${loginRate} logins/s (${via === 'web' ? 'POST /login-page' : 'POST …/classic/validate'})`,
  rate: loginRate,
  ...(via === 'api' ? { expect: '"Success"' } : {}),
  requests: Array.from({ length: accounts.length }, (_, i) => (via === 'web' ? webLogin(i) : apiLogin(i))),
};

// Pages live 60 s in the shared cache: before each phase every page is rendered afresh, so no phase meets
// the re-renders of expired pages and both phases start from the same cache.
async function fillPageCache(): Promise<void> {
  shop.pageCache?.invalidateAll();
  for (const path of [...productPaths, ...categories]) await fetch(`${url}${path}`, { headers: browser });
  // A logged-in shopper's variant ('session', its account pending), the same for every session.
  const loggedIn = { ...browser, cookie: `despensa_session=${sessions[0]}` };
  for (const path of categories) await fetch(`${url}${path}`, { headers: loggedIn });
}
// A short warm-up of the whole mix.
await fillPageCache();
await runPaced(url, [...shoppers, logins], 3);
await database.pool.query('DELETE FROM login_attempt');

// `--profile FILE`: a CPU profile of the event loop during each phase with logins (FILE.1.cpuprofile, …).
const profileAt = process.argv.indexOf('--profile');
const profileFile = profileAt >= 0 ? process.argv[profileAt + 1] : undefined;
const profiler = profileFile ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
}
const pooled = { alone: new Map<string, PacedResult[]>(), with: new Map<string, PacedResult[]>() };
const loads: string[] = [];
for (let round = 0; round < rounds; round++) {
  for (const phase of ['alone', 'with'] as const) {
    await fillPageCache();
    const cpuStart = process.cpuUsage();
    const timeline: string[] = [];
    let last = performance.now();
    let lastElu = performance.eventLoopUtilization();
    const sampler = process.argv.includes('--timeline')
      ? setInterval(() => {
          const now = performance.now();
          const elu = performance.eventLoopUtilization(lastElu);
          lastElu = performance.eventLoopUtilization();
          const { waiting, running } = passwordWorkers.pending;
          timeline.push(
            `${phase} ${round + 1}: tick late ${Math.round(now - last - 500)} ms, loop ${Math.round(elu.utilization * 100)}%, ` +
              `pool ${database.pool.totalCount - database.pool.idleCount}/${database.pool.totalCount} busy, ${database.pool.waitingCount} waiting, ` +
              `hashes ${running} running ${waiting} queued`,
          );
          last = now;
        }, 500)
      : undefined;
    if (profiler && phase === 'with') await profiler.post('Profiler.start');
    const results = await runPaced(url, phase === 'alone' ? shoppers : [...shoppers, logins], seconds);
    if (profiler && phase === 'with') {
      const { profile } = await profiler.post('Profiler.stop');
      fs.writeFileSync(`${profileFile}.${round + 1}.cpuprofile`, JSON.stringify(profile));
    }
    clearInterval(sampler);
    if (timeline.length) console.log(timeline.join('\n'));
    const used = process.cpuUsage(cpuStart);
    for (const result of results)
      pooled[phase].set(result.step, [...(pooled[phase].get(result.step) ?? []), result]);
    // The shop's CPU (this process: event loop, thread pool, workers), as a share of one core.
    const busy = Math.round((used.user + used.system) / 10_000 / seconds);
    loads.push(`${phase} ${round + 1}: shop ${busy}% of a core, load average ${loadAverage()}`);
  }
}
const times = (results: PacedResult[] = []) => results.flatMap((result) => result.times);
const failures = (results: PacedResult[] = []) => results.reduce((sum, result) => sum + result.failed, 0);
const late = (results: PacedResult[] = []) => results.reduce((sum, result) => sum + result.late, 0);

// 4. Wrong passwords at once on one account.
const target = accounts[1]!;
await database.pool.query('DELETE FROM login_attempt');
const burstStart = performance.now();
const outcomes = await Promise.allSettled(
  Array.from({ length: burst }, () =>
    post('/api/vtexid/pub/authentication/classic/validate', {
      authenticationToken: target.authenticationToken,
      login: target.email,
      password: 'no-es-la-clave-1',
    }),
  ),
);
const burstMs = performance.now() - burstStart;
const counts: Record<string, number> = {};
for (const outcome of outcomes) {
  const key =
    outcome.status === 'rejected'
      ? 'network error'
      : outcome.value.response.status >= 500
        ? `HTTP ${outcome.value.response.status}`
        : String(outcome.value.json.authStatus ?? `HTTP ${outcome.value.response.status}`);
  counts[key] = (counts[key] ?? 0) + 1;
}
const afterwards = await post('/api/vtexid/pub/authentication/classic/validate', {
  authenticationToken: target.authenticationToken,
  login: target.email,
  password: PASSWORD,
});

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
console.log(
  `\nargon2id m=${ARGON2_PARAMS.memoryCost} KiB t=${ARGON2_PARAMS.timeCost} p=${ARGON2_PARAMS.parallelism}: one hash ` +
    `p50 ${ms(percentile(hashWall, 50))} ms wall, ${ms(hashCpuMs)} ms CPU (20, one at a time); ${accounts.length} accounts; ` +
    `${os.availableParallelism()} cores, ${HASH_WORKERS} hash worker(s) at nice ${HASH_NICE}`,
);
console.log(`\nLogins one at a time (${singles} each; load average ${loadAfterSingles}):`);
table(
  (
    [
      ['API: POST …/classic/validate', singleApi],
      ['web: POST /login-page (login, profile, cart)', singleWeb],
    ] as const
  ).map(([name, single]) => ({
    login: name,
    'server p50 ms': ms(percentile(single.server, 50)),
    'server p95 ms': ms(percentile(single.server, 95)),
    'client p95 ms': ms(percentile(single.client, 95)),
    'server CPU ms each': ms(single.cpuMs),
    'goal p95 ms': `≤ ${LOGIN_GOAL_MS}`,
    met: percentile(single.client, 95) <= LOGIN_GOAL_MS ? 'yes' : 'NO',
    failed: single.failed,
  })),
);
console.log(
  `\nShoppers alone and with ${loginRate} logins/s (open loop, ${rounds} rounds × ${seconds} s each, alternating; client ms):`,
);
table(
  [...shoppers, logins].map((step) => {
    const alone = times(pooled.alone.get(step.name));
    const during = times(pooled.with.get(step.name));
    const ratio = percentile(during, 95) / percentile(alone, 95);
    const isLogin = step === logins;
    return {
      request: step.name,
      'per s': step.rate,
      'alone p50': ms(percentile(alone, 50)),
      'alone p95': ms(percentile(alone, 95)),
      'with logins p50': ms(percentile(during, 50)),
      'with logins p95': ms(percentile(during, 95)),
      ratio: isLogin ? '' : ratio.toFixed(2),
      goal: isLogin ? '' : `≤ ${RATIO_GOAL}×`,
      met: isLogin ? '' : ratio <= RATIO_GOAL ? 'yes' : 'NO',
      failed: failures(pooled.alone.get(step.name)) + failures(pooled.with.get(step.name)),
      'sent late': late(pooled.alone.get(step.name)) + late(pooled.with.get(step.name)),
    };
  }),
);
console.log(`after each phase:\n  ${loads.join('\n  ')}`);
console.log(`\n${burst} concurrent wrong-password attempts on one account in ${Math.round(burstMs)} ms:`);
table(Object.entries(counts).map(([authStatus, count]) => ({ authStatus, count })));
console.log(`right password during the block: ${String(afterwards.json.authStatus)}`);
// The bench shop is kept between runs; its carts and accounts' sessions are not needed again.
await database.pool.query('DELETE FROM order_form WHERE id = ANY($1)', [carts]);
await stop();
