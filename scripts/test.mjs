// Runs every test project: the API suites beside the browser journeys, which run in two lanes of their own
// (apps/web/vitest.config.ts). The API suite runs at a lower CPU priority: it only counts work, while the
// journeys wait on clocks and a page that renders late fails them, so on two cores the API fills the
// journeys' idle time instead of slowing them. Each run's lines carry its name; the exit code fails if any
// fails. Arguments go to every run (e.g. `--reporter=verbose`).
import { spawn } from 'node:child_process';

const runs = [
  // Two files at a time (Vitest's default on two cores is one): a file waits on PostgreSQL half the time.
  { name: 'api', projects: ['domain', 'server*'], nice: 10, args: ['--maxWorkers=2'] },
  { name: 'web1', projects: ['web*'], env: { JOURNEY_LANE: '1' } },
  { name: 'web2', projects: ['web*'], env: { JOURNEY_LANE: '2' } },
];

function run({ name, projects, nice = 0, env = {}, args: own = [] }) {
  const vitest = [
    'npx',
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    ...own,
    ...process.argv.slice(2),
  ];
  const [command, ...args] = nice ? ['nice', '-n', String(nice), ...vitest] : vitest;
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
    });
    stream.on('end', () => pending && process.stdout.write(`[${name}] ${pending}\n`));
  }
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ name, code: code ?? signal })),
  );
}

const started = Date.now();
const results = await Promise.all(runs.map(run));
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
for (const { name, code } of results) console.log(`${name}: ${code === 0 ? 'passed' : `failed (${code})`}`);
console.log(`every test project in ${minutes} min`);
process.exit(results.every(({ code }) => code === 0) ? 0 : 1);
