import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { startEmbeddedPostgres } from '../db/client';
import { restoreBackup, takeBackup } from './backup';

/**
 * `npm run backup [-- folder]` and `npm run restore -- folder`: the configured database (DATABASE_URL), or
 * the embedded one under DATA_DIR (shared with a running server, started for the while otherwise).
 */
const [command, given] = process.argv.slice(2);
try {
  const config = loadConfig();
  if (command === 'restore' && !given) throw new ConfigError('npm run restore -- <backup folder>');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  // npm runs the workspace's script in apps/server: a folder given is the caller's (INIT_CWD), as typed.
  const folder = given
    ? path.resolve(process.env.INIT_CWD ?? '.', given)
    : path.join(config.dataDir, 'backups', `despensa-${stamp}`);
  const embedded = config.DATABASE_URL
    ? null
    : await startEmbeddedPostgres(config.dataDir, config.EMBEDDED_PG_PORT, console.log);
  const url = config.DATABASE_URL ?? embedded!.url;
  try {
    if (command === 'backup') {
      const made = await takeBackup(url, folder, config.PG_BIN_DIR);
      console.log(`Backup of data version ${made.migrations} (${made.lastMigration}) in ${folder}`);
    } else if (command === 'restore') {
      const restored = await restoreBackup(url, folder, config.PG_BIN_DIR);
      console.log(`Restored data version ${restored.migrations} (${restored.lastMigration}) from ${folder}`);
    } else throw new ConfigError('usage: cli.ts backup [folder] | restore <folder>');
  } finally {
    await embedded?.stop();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
