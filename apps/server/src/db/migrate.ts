import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database, Db } from './client';

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../migrations',
);

/** Applies the committed SQL migrations; safe to run from several instances (drizzle takes a lock-free path, so we add one). */
export async function runMigrations(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute('SELECT pg_advisory_xact_lock(727001)');
    await migrate(tx as unknown as Db, { migrationsFolder });
  });
}

/** Whether every committed migration is applied (readiness): the journal's entries against drizzle's table. */
export async function migrationsDone(database: Database): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const { rows } = await database.pool.query<{ applied: number }>(
    'SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations',
  );
  return rows[0]!.applied >= journal.entries.length;
}
