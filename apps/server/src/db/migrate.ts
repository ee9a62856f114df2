import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** Applies the committed SQL migrations; safe to run from several instances (drizzle takes a lock-free path, so we add one). */
export async function runMigrations(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute('SELECT pg_advisory_xact_lock(727001)');
    await migrate(tx as unknown as Db, { migrationsFolder });
  });
}
