import path from 'node:path';
import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/open';
import { seedConfiguredShop } from '../seed/seed';
import { startCluster } from './cluster';

/**
 * `npm run start:cluster [-- --instances N]`: migrates and seeds the database once (DATABASE_URL, else the
 * embedded PostgreSQL under DATA_DIR, which then serves every instance), starts N instances on
 * PORT+1…PORT+N and HAProxy on PORT. Ctrl-C stops them all.
 */
const args = process.argv.slice(2);
const at = args.indexOf('--instances');
const count = at >= 0 ? Number(args[at + 1]) : Number(process.env.INSTANCES ?? 2);
if (!Number.isInteger(count) || count < 1 || count > 32) {
  console.error('--instances must be a whole number from 1 to 32');
  process.exit(1);
}
const config = loadConfigOrExit();
const log = (message: string) => console.log(message);
const database = await openDatabase(config, log);
await seedConfiguredShop(database.url, config, log);
const cluster = await startCluster({
  instances: count,
  port: config.PORT,
  instancePorts: Array.from({ length: count }, (_, i) => config.PORT + 1 + i),
  databaseUrl: database.url,
  dataDir: path.join(config.dataDir, 'cluster'),
  log,
});
log(`the shop answers at ${cluster.url}`);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    void cluster
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
