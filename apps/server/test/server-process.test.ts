import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  healthStatus,
  portOpen,
  startServerProcess,
  type ServerProcess,
} from './support/server-process';

const API_HEADERS = { 'x-api-key': 'despensa-web-dev-key', 'x-consumer': 'web', 'x-account': 'despensa' };
const webBuilt = fs.existsSync(path.resolve(import.meta.dirname, '../../web/build/server/index.js'));

/**
 * A GET that hangs up mid-answer, as a shopper closing a tab or a load tool stopping does: as the headers
 * arrive, at the first bytes of the body, or after a delay while the page still renders or streams.
 */
function requestAndHangUp(
  baseUrl: string,
  pathName: string,
  moment: 'headers' | 'body' | number,
): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(
      `${baseUrl}${pathName}`,
      { headers: { 'accept-encoding': 'br' } },
      (response) => {
        if (moment === 'headers') request.destroy();
        else if (moment === 'body') response.once('data', () => request.destroy());
        response.resume();
      },
    );
    request.once('close', () => resolve());
    request.once('error', () => resolve());
    if (typeof moment === 'number') setTimeout(() => request.destroy(), moment);
  });
}

const MOMENTS = ['headers', 'body', 'headers', 'body', 150, 400] as const;

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'despensa-process-'));
  // embedded PostgreSQL's initdb runs as another user when we are root and must enter it.
  fs.chmodSync(dataDir, 0o755);
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the server process (as npm start runs it)', { timeout: 300_000 }, () => {
  let server: ServerProcess;
  let ports: { port: number; databasePort: number };
  beforeAll(async () => {
    ports = { port: await freePort(), databasePort: await freePort() };
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('survives a storm of clients hanging up mid-page, then still answers /api/health', async () => {
    expect(webBuilt, 'run `npm run build -w @despensa/web` first').toBe(true);
    server = await startServerProcess(dataDir, ports);
    const search = await fetch(`${server.baseUrl}/api/products/search/lacteos?_from=0&_to=0`, {
      headers: API_HEADERS,
    });
    const [product] = (await search.json()) as { link: string }[];
    const pages = ['/', '/lacteos', product!.link, '/assets/does-not-matter.js'];
    for (let round = 0; round < 12; round++) {
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          requestAndHangUp(
            server.baseUrl,
            pages[index % pages.length]!,
            MOMENTS[(index + round) % MOMENTS.length]!,
          ),
        ),
      );
    }
    expect(server.child.exitCode, server.output()).toBeNull();
    expect(await healthStatus(server.baseUrl)).toBe(200);
  });

  it('keeps a cart through kill -9 and a new start on the same data folder', async () => {
    const created = await fetch(`${server.baseUrl}/api/orderForm`, { method: 'POST', headers: API_HEADERS });
    const { orderFormId } = (await created.json()) as { orderFormId: string };
    // The cookies the creation set (the cart cookie and its key): the client holds the cart by them, across
    // the restart too.
    const cookie = created.headers
      .getSetCookie()
      .map((each) => each.split(';')[0]!)
      .join('; ');
    expect(cookie).toContain('despensa_cart_key=');
    server.child.kill('SIGKILL');
    await server.exited;
    server = await startServerProcess(dataDir, ports);
    const again = await fetch(`${server.baseUrl}/api/orderform/${orderFormId}`, {
      headers: { ...API_HEADERS, cookie },
    });
    expect(again.status).toBe(200);
    const form = (await again.json()) as { orderFormId: string; canEditData: boolean };
    expect(form).toMatchObject({ orderFormId, canEditData: true });
  });

  it('stops its embedded PostgreSQL on SIGTERM (also one it adopted from a killed run) and says so, even when the signal comes twice', async () => {
    expect(await portOpen(server.databasePort)).toBe(true);
    server.child.kill('SIGTERM');
    // npm start forwards the signal to the server and a supervisor signals the whole group: it comes twice,
    // and the second must not end the process before it stops the adopted PostgreSQL (issue 27).
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('stopping the embedded PostgreSQL');
    await waitUntil(async () => !(await portOpen(server.databasePort)));
  });
});

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
