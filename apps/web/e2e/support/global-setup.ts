import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the storefront under test answers, e.g. http://127.0.0.1:3456. */
    baseUrl: string;
    /** The shop's own embedded PostgreSQL, for journeys that change what an operator changes (CMS). */
    databaseUrl: string;
    /** The file of milliseconds the shop's clock runs ahead (CLOCK_OFFSET_FILE): support/clock.ts moves it. */
    clockFile: string;
  }
}

/** The mail outbox's own key (MAIL_OUTBOX_KEY): no page carries it (support/outbox.ts reads with it). */
export const OUTBOX_KEY = 'despensa-journeys-outbox-key';

/**
 * The brand the shop shows on http://localhost:PORT (the journeys use 127.0.0.1: the chain's), with the other
 * brand's no-coverage wording (§8).
 */
export const SECOND_BRAND = {
  name: 'Almacén del Valle',
  sellerId: '2',
  primaryColor: '#0b6e4f',
  noCoverageVariant: 'comingSoon',
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Starts the real server (`apps/server/src/main.ts`) once for all journeys, on its own port with its own
 * embedded PostgreSQL and a small seeded shop, exactly as `npm start` does. The web build must exist:
 * `npm test` builds it first.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
    throw new Error('apps/web/build is missing: run `npm run build -w @despensa/web` first');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'despensa-e2e-'));
  // mkdtemp makes it 0700; embedded PostgreSQL's initdb runs as another user when we are root and must enter it.
  fs.chmodSync(dataDir, 0o755);
  // Ports the OS hands out as free: random ones once landed on this machine's services (5432, 5672…).
  const [port, databasePort] = [await freePort(), await freePort()];
  const clockFile = path.join(dataDir, 'clock-offset-ms');
  fs.writeFileSync(clockFile, '0');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      // What `npm start` runs (React's production build), with the sandbox's outbox for e-mailed codes.
      NODE_ENV: 'production',
      MAIL_OUTBOX: 'on',
      MAIL_OUTBOX_KEY: OUTBOX_KEY,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(databasePort),
      SEED_PRODUCTS: '800',
      // A wallet charge settles at the second 10 s poll, not the third: both §4 messages, 10 s sooner.
      WALLET_SANDBOX_SETTLE_MS: '15000',
      LOG_LEVEL: 'warn',
      // No load balancer in front to notice a drain: SIGTERM stops at once.
      DRAIN_NOTICE_MS: '0',
      // §1 white-label: a second brand selling for seller 2, on the host 'localhost' (listing.e2e.ts).
      BRAND_HOSTS: JSON.stringify({ localhost: SECOND_BRAND }),
      // The shop's clock, which a journey moves to a banner's start time (support/clock.ts).
      CLOCK_OFFSET_FILE: clockFile,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child);
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', `postgres://postgres:postgres@127.0.0.1:${databasePort}/despensa`);
  project.provide('clockFile', clockFile);
  return async () => {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(resolve, 15_000).unref();
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the server did not become healthy within 180 s');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
