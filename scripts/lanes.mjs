// Runs commands side by side, each line of their output prefixed by its lane's name, and resolves with each
// lane's exit code. Used by `npm test` for the checks before the tests (scripts/check.mjs) and for the test
// projects themselves (scripts/test.mjs). A CI log keeps only its last lines, where the API suite (which ends
// last) would have pushed a journey lane's failure out: so a failed lane's failures are printed again at the end.
import { spawn } from 'node:child_process';

/** Lines of a failed lane printed again at the end, at most. */
const DIGEST_LINES = 40;
/**
 * What names a failure: Vitest's failed-test mark, and a journey's report of its pages
 * (e2e/support/failure-report.ts); after Vitest's 'Failed Tests' heading, each failure, its error and where.
 */
const FAILED_TEST = /^\s*(×|✗) |The pages open when|^\s*(- https?:|alerts:|text:|5xx:)/;
const FAILURES_HEADING = /Failed Tests \d+/;
const FAILURE_DETAIL = /FAIL |Error:|❯ \S+:\d+/;

/** Collects the lines of a lane's output that say what failed (failed first, then the details). */
function failureDigest() {
  const marked = [];
  const details = [];
  let inSummary = false;
  return {
    see(line) {
      // eslint-disable-next-line no-control-regex -- colours off, so the digest reads plainly
      const plain = line.replace(/\u001b\[[0-9;]*m/g, '').slice(0, 300);
      if (FAILURES_HEADING.test(plain)) inSummary = true;
      else if (inSummary ? FAILURE_DETAIL.test(plain) : FAILED_TEST.test(plain)) {
        (inSummary ? details : marked).push(plain);
      }
    },
    lines: () => [...marked, ...details].slice(0, DIGEST_LINES),
  };
}

/** Runs one lane's commands one after another, stopping at the first that fails. */
async function runLane({ name, commands, nice = 0, env = {} }) {
  const failures = failureDigest();
  for (const command of commands) {
    const code = await runCommand(
      name,
      nice ? ['nice', '-n', String(nice), ...command] : command,
      env,
      failures,
    );
    if (code !== 0) return { name, code, failures };
  }
  return { name, code: 0, failures };
}

function runCommand(name, [command, ...args], env, failures) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        process.stdout.write(`[${name}] ${line}\n`);
        failures.see(line);
      }
    });
    stream.on('end', () => pending && process.stdout.write(`[${name}] ${pending}\n`));
  }
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? signal)));
}

/** Runs every lane at once; prints each lane's result and the time taken; exits 1 if any failed. */
export async function runLanes(lanes, what) {
  const started = Date.now();
  const results = await Promise.all(lanes.map(runLane));
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  for (const { name, code, failures } of results) {
    const lines = failures.lines();
    if (code === 0 || lines.length === 0) continue;
    console.log(`${name} failed; its failures again:`);
    for (const line of lines) console.log(`  ${line}`);
  }
  for (const { name, code } of results) console.log(`${name}: ${code === 0 ? 'passed' : `failed (${code})`}`);
  console.log(`${what} in ${minutes} min`);
  if (!results.every(({ code }) => code === 0)) process.exit(1);
}
