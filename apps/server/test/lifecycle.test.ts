import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from './support/server-process';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function startServer(env: Record<string, string>) {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', DRAIN_NOTICE_MS: '0', ...env },
  });
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
}

describe('server process', () => {
  it('starts on an embedded PostgreSQL, seeds, answers, and stops cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'despensa-lifecycle-'));
    // Ports the OS hands out as free: a random range once met this machine's own services (RabbitMQ at 5672).
    const [port, databasePort] = [await freePort(), await freePort()];
    const { child, output, exited } = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(databasePort),
      SEED_PRODUCTS: '60',
    });
    try {
      let health: unknown = null;
      // initdb, migrations and the seed take ~10 s alone and over a minute on a starved CI run.
      const deadline = Date.now() + 150_000;
      while (!health && Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(output.join(''));
        health = await fetch(`http://127.0.0.1:${port}/api/health`)
          .then((response) => (response.ok ? response.json() : null))
          .catch(() => null);
        if (!health) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(health).toEqual({ status: 'ok', db: 'up' });
      const products = await fetch(`http://127.0.0.1:${port}/api/products/search?sc=1`, {
        headers: { 'x-api-key': 'despensa-web-dev-key', 'x-consumer': 'web' },
      });
      expect(products.headers.get('resources')).toMatch(/^0-\d+\/\d+$/);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 200_000);

  it('refuses to start with a bad variable, naming it on one line', async () => {
    const { output, exited } = startServer({ PORT: 'eighty' });
    expect(await exited).toBe(1);
    const text = output.join('').trim();
    expect(text).toBe('Invalid configuration: PORT: Invalid input: expected number, received NaN');
  });
});
