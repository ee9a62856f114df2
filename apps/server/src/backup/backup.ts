import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder } from '../db/migrate';
import { findPgTool, runPgTool } from './pg-tools';

/** What a backup says of itself, beside pg_dump's archive (despensa-backup.json in the backup's folder). */
export interface BackupManifest {
  kind: 'despensa-backup';
  /** The data version: how many of the shop's migrations the database had, and the last one's name. */
  migrations: number;
  lastMigration: string;
  postgresMajor: number;
  takenAt: string;
}

const MANIFEST = 'despensa-backup.json';

/** The shop's migrations as this release knows them (drizzle's journal), in order. */
function knownMigrations(): { tag: string; when: number }[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  return journal.entries;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const serverMajor = async (client: pg.Client) =>
  Math.floor(Number((await client.query('SHOW server_version_num')).rows[0].server_version_num) / 10_000);

/** The migrations the database had applied (drizzle records each one's journal time). */
async function appliedMigrations(client: pg.Client): Promise<number[]> {
  const table = await client.query("SELECT to_regclass('drizzle.__drizzle_migrations') AS found");
  if (!table.rows[0].found) return [];
  const { rows } = await client.query(
    'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at',
  );
  return rows.map((row: { created_at: string }) => Number(row.created_at));
}

/** pg_dump of the whole database (directory format) into `folder`, which must not exist yet. */
export async function takeBackup(url: string, folder: string, binDir?: string): Promise<BackupManifest> {
  if (fs.existsSync(folder)) throw new Error(`${folder} already exists: a backup goes into a new folder.`);
  const { major, applied } = await withClient(url, async (client) => ({
    major: await serverMajor(client),
    applied: await appliedMigrations(client),
  }));
  const known = knownMigrations();
  const last = known.find((migration) => migration.when === applied.at(-1));
  if (applied.length === 0 || !last)
    throw new Error('The database has no migrations of this shop: nothing to back up.');
  runPgTool(findPgTool('pg_dump', major, binDir), [
    '--format=directory',
    '--no-owner',
    '--no-privileges',
    `--file=${folder}`,
    `--dbname=${url}`,
  ]);
  const manifest: BackupManifest = {
    kind: 'despensa-backup',
    migrations: applied.length,
    lastMigration: last.tag,
    postgresMajor: major,
    takenAt: new Date().toISOString(),
  };
  fs.writeFileSync(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The backup's manifest, checked against this release: a backup newer than the code is refused. */
export function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${folder} is not a backup of this shop (no ${MANIFEST}).`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  const known = knownMigrations();
  if (manifest.kind !== 'despensa-backup' || !Number.isInteger(manifest.migrations)) {
    throw new Error(`${file} is not a backup manifest of this shop.`);
  }
  if (known[manifest.migrations - 1]?.tag !== manifest.lastMigration) {
    throw new Error(
      `The backup's data version (${manifest.migrations}, ${manifest.lastMigration}) is not one this ` +
        `release knows (it knows ${known.length}, up to ${known.at(-1)?.tag}): restore it with the release that made it.`,
    );
  }
  return manifest;
}

/**
 * pg_restore of a backup into an empty database (never over data). The server started afterwards applies
 * the migrations this release has beyond the backup's.
 */
export async function restoreBackup(url: string, folder: string, binDir?: string): Promise<BackupManifest> {
  const manifest = readManifest(folder);
  const major = await withClient(url, async (client) => {
    const { rows } = await client.query(
      "SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    if (rows[0].tables > 0)
      throw new Error('The target database is not empty: restore into a new, empty database.');
    return serverMajor(client);
  });
  if (major < manifest.postgresMajor) {
    throw new Error(
      `The backup is of PostgreSQL ${manifest.postgresMajor}; it cannot go into PostgreSQL ${major}.`,
    );
  }
  runPgTool(findPgTool('pg_restore', manifest.postgresMajor, binDir), [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    folder,
  ]);
  return manifest;
}
