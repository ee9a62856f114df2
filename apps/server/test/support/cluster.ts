import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { startCluster, type Cluster } from '../../src/cluster/cluster';
import { admin, withDatabase } from './global-setup';
import { freePort } from './server-process';

/**
 * Two instances behind HAProxy on a copy of the seeded database, for the file that calls it: started before
 * its tests, stopped and dropped after. Read `.cluster` and `.databaseUrl` inside a test (set once started).
 */
export function clusterOfTwo(name: string, apiKey: string): { cluster: Cluster; databaseUrl: string } {
  const running = {} as { cluster: Cluster; databaseUrl: string };
  const databaseName = `despensa_${name}_${randomBytes(6).toString('hex')}`;
  let dataDir: string | undefined;
  beforeAll(async () => {
    const adminUrl = inject('adminUrl');
    await admin(adminUrl, `CREATE DATABASE ${databaseName} TEMPLATE ${inject('templateDatabase')}`);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `despensa-${name}-`));
    running.databaseUrl = withDatabase(adminUrl, databaseName);
    running.cluster = await startCluster({
      instances: 2,
      port: await freePort(),
      instancePorts: [await freePort(), await freePort()],
      databaseUrl: running.databaseUrl,
      dataDir,
      env: { API_KEYS: `web:${apiKey}`, LOG_LEVEL: 'error' },
    });
  }, 240_000);
  afterAll(async () => {
    await running.cluster?.stop();
    await admin(inject('adminUrl'), `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
  return running;
}
