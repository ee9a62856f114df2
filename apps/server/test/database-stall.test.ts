import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_WITHIN_MS, HEALTH_WITHIN_MS } from '../src/db/timeouts';
import { startServerProcess, type ServerProcess } from './support/server-process';

const API_HEADERS = { 'x-api-key': 'despensa-web-dev-key', 'x-consumer': 'web', 'x-account': 'despensa' };
const UNAVAILABLE = 'En estos momentos no podemos completar tu solicitud';

/** The embedded PostgreSQL's postmaster (first line of its postmaster.pid) and its backends. */
function postgresProcesses(dataDir: string): number[] {
  const postmaster = Number(
    fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' });
  return [postmaster, ...children.split('\n').filter(Boolean).map(Number)];
}

function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // A backend that ended meanwhile.
    }
  }
}

/** A call with its status, body and how long it took. */
async function timed(server: ServerProcess, method: string, url: string, headers = {}, body?: unknown) {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { ...API_HEADERS, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  const json = (await response.json()) as Record<string, unknown>;
  return { status: response.status, json, ms: performance.now() - started, response };
}

let dataDir: string;
let server: ServerProcess;
let stopped: number[] = [];
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'despensa-stall-'));
  // embedded PostgreSQL's initdb runs as another user when we are root and must enter it.
  fs.chmodSync(dataDir, 0o755);
  server = await startServerProcess(dataDir, undefined, { seedProducts: 40 });
}, 200_000);
afterAll(async () => {
  signalAll(stopped, 'SIGCONT');
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a stalled database (PostgreSQL stopped with SIGSTOP under a running server)', () => {
  it('answers degraded health and the §8 503 in time, then serves again with nothing lost', async () => {
    // A write before the stall: a cart with one product in it.
    const search = await timed(server, 'GET', '/api/products/search?sc=1');
    const sku = (search.json as unknown as { items: { itemId: string }[] }[])[0]!.items[0]!.itemId;
    const created = await timed(server, 'POST', '/api/orderForm', {}, {});
    expect(created.status).toBe(200);
    const orderFormId = created.json.orderFormId as string;
    const cookie = created.response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const cart = `/api/orderform/${orderFormId}`;
    const added = await timed(
      server,
      'PATCH',
      `${cart}/items`,
      { cookie },
      { orderItems: [{ id: sku, quantity: 2 }] },
    );
    expect(added.status).toBe(200);

    stopped = postgresProcesses(dataDir);
    signalAll(stopped, 'SIGSTOP');
    try {
      const health = await timed(server, 'GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.json).toEqual({ status: 'degraded', db: 'down' });
      expect(health.ms).toBeLessThan(2_000);
      expect(HEALTH_WITHIN_MS).toBeLessThanOrEqual(2_000);
      // More requests at once than the pool has connections: those waiting for one fail in time too.
      const calls = await Promise.all(
        Array.from({ length: 14 }, () => timed(server, 'GET', cart, { cookie })),
      );
      for (const call of calls) {
        expect(call.status).toBe(503);
        expect(call.json).toMatchObject({ code: 'serviceUnavailable', message: UNAVAILABLE });
        expect(call.ms).toBeLessThan(ANSWER_WITHIN_MS);
      }
      expect(ANSWER_WITHIN_MS).toBeLessThanOrEqual(11_000);
      // A page no one asked for yet must be rendered now: it is the §8 503 too, never a 500.
      const page = await fetch(`${server.baseUrl}/lacteos?page=2`, { signal: AbortSignal.timeout(30_000) });
      await page.text();
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('5');
    } finally {
      signalAll(stopped, 'SIGCONT');
    }

    // Back: the health check and the same calls answer at once, repeatedly (no connection left broken).
    const health = await timed(server, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ status: 'ok', db: 'up' });
    const again = await Promise.all(Array.from({ length: 14 }, () => timed(server, 'GET', cart, { cookie })));
    for (const call of again) {
      expect(call.status).toBe(200);
      // Under the pool's 5 s wait for a connection: none was left broken (2.3 s seen at load 12).
      expect(call.ms).toBeLessThan(5_000);
      expect(
        (call.json.items as { id: string; quantity: number }[]).map(({ id, quantity }) => ({ id, quantity })),
      ).toEqual([{ id: sku, quantity: 2 }]);
    }
    // The job queue lived through it: the process is up and logged no crash.
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/uncaught|unhandled rejection|shutting down/i);
  }, 120_000);
});
