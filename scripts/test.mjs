// Runs every test project, the API suites beside the browser journeys. Vitest itself would run the
// journeys (one file at a time: they share one shop) only after every API file, and on two cores the
// two halves fit side by side. Each half's lines carry its name; the exit code fails if either fails.
// Arguments go to both runs (e.g. `--reporter=verbose`).
import { spawn } from 'node:child_process';

const halves = [
  { name: 'api', projects: ['domain', 'server*'] },
  { name: 'web', projects: ['web*'] },
];

function run({ name, projects }) {
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    ...process.argv.slice(2),
  ];
  const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
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
const results = await Promise.all(halves.map(run));
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
for (const { name, code } of results) console.log(`${name}: ${code === 0 ? 'passed' : `failed (${code})`}`);
console.log(`every test project in ${minutes} min`);
process.exit(results.every(({ code }) => code === 0) ? 0 : 1);
