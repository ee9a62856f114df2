import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig, type Config } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/open';

/** bench:catalogue's database, seeded once and kept, and the other instance of its rebuild out of rotation. */
const execFileAsync = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

export type CatalogueEnv = Record<string, string | undefined>;

/**
 * The instance's environment: BENCH_DATABASE_URL, or an embedded PostgreSQL under .bench/catalogue-N, and
 * how it rebuilds (CATALOG_REBUILD).
 */
export function catalogueEnv(products: number, rebuildMode: string): { env: CatalogueEnv; config: Config } {
  const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? '.bench', `catalogue-${products}`);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.chmodSync(dataDir, 0o755); // initdb runs as another user when we are root
  const env = {
    ...process.env,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT ?? '55438',
    API_KEYS: 'web:bench-key',
    LOG_LEVEL: 'silent',
    CATALOG_REBUILD: rebuildMode,
    // No load balancer here to notice: a short notice.
    DRAIN_NOTICE_MS: '1000',
  };
  return { env, config: loadConfig(env) };
}

/**
 * Seeds the catalogue once with `npm run seed -- --products N` in a process of its own (its memory is not
 * the bench's), unless the database already holds that many products.
 */
export async function seedOnce(env: CatalogueEnv, config: Config, products: number): Promise<void> {
  if ((await productCount(config)) === products) return;
  const where = config.DATABASE_URL ? 'BENCH_DATABASE_URL' : config.dataDir;
  console.log(`seeding ${products} products (once; kept in ${where})…`);
  const started = performance.now();
  await execFileAsync('npm', ['run', 'seed', '--', '--products', String(products)], {
    cwd: root,
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  console.log(`seeded in ${Math.round((performance.now() - started) / 1000)} s`);
}

async function productCount(config: Config): Promise<number> {
  const database = await openDatabase(config, () => {});
  try {
    const { rows } = await database.pool.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM product',
    );
    return rows[0]!.count;
  } finally {
    await database.close();
  }
}

/** Another instance on the same database (catalogue-peer.ts), once its own index serves. */
export async function startPeer(env: CatalogueEnv, databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/catalogue-peer.ts')], {
    cwd: root,
    env: { ...env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('serving') && resolve());
    child.once('exit', (code) => reject(new Error(`the other instance ended (${code})`)));
  });
  return child;
}
