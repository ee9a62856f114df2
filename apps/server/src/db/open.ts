import type { Config } from '../config';
import { connect, startEmbeddedPostgres, type Database } from './client';
import { runMigrations } from './migrate';

export interface OpenDatabase extends Database {
  embedded: boolean;
}

/** DATABASE_URL if set, else the embedded PostgreSQL under DATA_DIR; migrations applied either way. */
export async function openDatabase(config: Config, log: (message: string) => void): Promise<OpenDatabase> {
  const embedded = config.DATABASE_URL
    ? null
    : await startEmbeddedPostgres(config.dataDir, config.EMBEDDED_PG_PORT, log);
  const database = connect(config.DATABASE_URL ?? embedded!.url);
  try {
    await withoutTimeouts(database.url, (maintenance) => runMigrations(maintenance.db));
  } catch (error) {
    await database.close();
    await embedded?.stop();
    throw error;
  }
  return {
    ...database,
    embedded: embedded !== null,
    close: async () => {
      // The pool waits for every client lent out; a service that never gave its LISTEN client back must
      // not keep the embedded PostgreSQL running, whose stop ends those connections anyway.
      const drained = new Promise<void>((resolve) => setTimeout(resolve, 3_000).unref());
      await Promise.race([database.close(), drained]);
      await embedded?.stop();
    },
  };
}

/** Migrations and seeding run statements longer than a request may wait: on a pool of their own without limits. */
export async function withoutTimeouts<T>(url: string, work: (database: Database) => Promise<T>): Promise<T> {
  const maintenance = connect(url, 2, null);
  try {
    return await work(maintenance);
  } finally {
    await maintenance.close();
  }
}
