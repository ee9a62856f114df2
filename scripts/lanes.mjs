// Runs commands side by side, each line of their output prefixed by its lane's name, and resolves with each
// lane's exit code. Used by `npm test` for the checks before the tests (scripts/check.mjs) and for the test
// projects themselves (scripts/test.mjs).
import { spawn } from 'node:child_process';

/** Runs one lane's commands one after another, stopping at the first that fails. */
async function runLane({ name, commands, nice = 0, env = {} }) {
  for (const command of commands) {
    const code = await runCommand(name, nice ? ['nice', '-n', String(nice), ...command] : command, env);
    if (code !== 0) return { name, code };
  }
  return { name, code: 0 };
}

function runCommand(name, [command, ...args], env) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
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
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? signal)));
}

/** Runs every lane at once; prints each lane's result and the time taken; exits 1 if any failed. */
export async function runLanes(lanes, what) {
  const started = Date.now();
  const results = await Promise.all(lanes.map(runLane));
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  for (const { name, code } of results) console.log(`${name}: ${code === 0 ? 'passed' : `failed (${code})`}`);
  console.log(`${what} in ${minutes} min`);
  if (!results.every(({ code }) => code === 0)) process.exit(1);
}
