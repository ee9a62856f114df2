import { randomInt } from 'node:crypto';
import { computeRutCheckDigit } from '@despensa/domain';
import { ARGON2_PARAMS } from '../apps/server/src/modules/auth/password';
import { cliOption, BENCH_KEY, CONNECTIONS, percentile, runScenario, startBenchShop, table } from './support';

/**
 * `npm run bench:auth [-- --seconds S --accounts N --burst B]`: password login under 10 concurrent
 * connections with the chosen Argon2id parameters (server-side p95, goal 250 ms), then B (1,000) concurrent
 * wrong-password attempts on one account, counted by authStatus. Figures, not assertions.
 */
const seconds = cliOption('seconds', 10);
const accountCount = cliOption('accounts', 40);
const burst = cliOption('burst', 1000);
const PASSWORD = 'clave-de-bench-123';

const { url, database, latency, stop } = await startBenchShop(1000);
// The bench's database is kept between runs: forget earlier runs' attempts, or 127.0.0.1 starts blocked.
await database.pool.query('DELETE FROM login_attempt');
const headers = { ...BENCH_KEY, 'content-type': 'application/json' };

async function post(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}
async function start(): Promise<string> {
  const response = await fetch(`${url}/api/vtexid/pub/authentication/start`, { headers });
  return ((await response.json()) as { authenticationToken: string }).authenticationToken;
}

const run = Date.now().toString(36);
const accounts: { email: string; authenticationToken: string }[] = [];
for (let i = 0; i < accountCount; i++) {
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
  if (created.status !== 201) continue; // a RUT drawn twice: skip it
  accounts.push({ email, authenticationToken: await start() });
}
console.log(
  `argon2id m=${ARGON2_PARAMS.memoryCost} KiB t=${ARGON2_PARAMS.timeCost} p=${ARGON2_PARAMS.parallelism}; ${accounts.length} accounts; ${CONNECTIONS} connections, ${seconds} s`,
);

latency.take();
const result = await runScenario(
  url,
  {
    name: 'login',
    goalMs: 250,
    method: 'POST',
    next: (i) => {
      const account = accounts[i % accounts.length]!;
      return {
        path: '/api/vtexid/pub/authentication/classic/validate',
        body: { authenticationToken: account.authenticationToken, login: account.email, password: PASSWORD },
      };
    },
  },
  seconds,
);
const samples = latency.take();
const success = await post('/api/vtexid/pub/authentication/classic/validate', {
  ...accounts[0],
  login: accounts[0]!.email,
  password: PASSWORD,
});

// 1,000 wrong passwords at once on one account.
const target = accounts[1]!;
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
      : outcome.value.status >= 500
        ? `HTTP ${outcome.value.status}`
        : String(outcome.value.json.authStatus ?? `HTTP ${outcome.value.status}`);
  counts[key] = (counts[key] ?? 0) + 1;
}
const health = await fetch(`${url}/api/health`);
const afterwards = await post('/api/vtexid/pub/authentication/classic/validate', {
  authenticationToken: target.authenticationToken,
  login: target.email,
  password: PASSWORD,
});

table([
  {
    scenario: 'login (POST …/classic/validate)',
    'req/s': Math.round(result.requests.average),
    'p50 ms': Math.round(percentile(samples, 50)),
    'p95 ms': Math.round(percentile(samples, 95)),
    'p99 ms': Math.round(percentile(samples, 99)),
    'goal p95 ms': 250,
    non2xx: result.non2xx,
    'check login': String(success.json.authStatus),
  },
]);
console.log(`${burst} concurrent wrong-password attempts on one account in ${Math.round(burstMs)} ms:`);
table(Object.entries(counts).map(([authStatus, count]) => ({ authStatus, count })));
console.log(
  `server alive afterwards: ${health.status === 200}; right password during the block: ${String(afterwards.json.authStatus)}`,
);
await stop();
