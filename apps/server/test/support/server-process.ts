import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  databasePort: number;
  /** Everything the process wrote, for assertions on its log. */
  output(): string;
  exited: Promise<number | null>;
}

/**
 * Starts `apps/server/src/main.ts` as `npm start` does (production, embedded PostgreSQL under dataDir),
 * seeding `seedProducts` products into an empty database; `entry` runs another (the compiled server). The
 * process tests and bench:web use it.
 */
export async function startServerProcess(
  dataDir: string,
  ports?: { port: number; databasePort: number },
  {
    seedProducts = 120,
    env = {},
    entry = ['--import', 'tsx', 'apps/server/src/main.ts'],
  }: { seedProducts?: number; env?: Record<string, string>; entry?: string[] } = {},
): Promise<ServerProcess> {
  const port = ports?.port ?? (await freePort());
  const databasePort = ports?.databasePort ?? (await freePort());
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(databasePort),
      SEED_PRODUCTS: String(seedProducts),
      LOG_LEVEL: 'warn',
      // No load balancer in front to notice a drain: SIGTERM stops at once.
      DRAIN_NOTICE_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not become healthy within 180 s:\n${output}`);
    if ((await healthStatus(baseUrl)) === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return { child, baseUrl, databasePort, output: () => output, exited };
}

/** The status of GET /api/health, or 0 when nothing answers. */
export async function healthStatus(baseUrl: string): Promise<number> {
  try {
    return (await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) })).status;
  } catch {
    return 0;
  }
}

/** Whether something accepts connections on this port of 127.0.0.1. */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
