import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { buildApp, type App, type AppOptions } from '../../src/app';
import { loadConfig } from '../../src/config';
import { connect, type Database } from '../../src/db/client';
import { admin, withDatabase } from './global-setup';
import { checkAnswersAgainstDocument } from './openapi-check';
import { TEST_CART_KEY_SECRET, TEST_NOW } from './constants';

export interface TestApp extends App {
  database: Database;
}

/** A server over this test file's own copy of the seeded template database. */
export async function createTestApp(
  options: {
    now?: Date;
    clock?: () => Date;
    jobs?: boolean;
    acquirer?: AppOptions['acquirer'];
    /** Serve the built storefront too (the web build must exist). */
    web?: boolean;
    /** More configuration (e.g. BRAND_HOSTS). */
    env?: Record<string, string>;
    /** Serve this database the test made (a restored backup) instead of a copy of the template. */
    databaseName?: string;
  } = {},
): Promise<TestApp> {
  const adminUrl = inject('adminUrl');
  const name = options.databaseName ?? `despensa_test_${randomBytes(6).toString('hex')}`;
  if (!options.databaseName) {
    await admin(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  }
  const database = connect(withDatabase(adminUrl, name), 5);
  const config = loadConfig({
    API_KEYS: 'web:test-web-key,osm:test-osm-key,app:test-app-key',
    DATABASE_URL: withDatabase(adminUrl, name),
    LOG_LEVEL: 'silent',
    CART_KEY_SECRET: TEST_CART_KEY_SECRET,
    ...options.env,
  });
  const now = options.now ?? TEST_NOW;
  const built = await buildApp({
    config,
    database,
    clock: options.clock ?? (() => now),
    logger: false,
    web: options.web ?? false,
    jobs: options.jobs ?? false,
    ...(options.acquirer ? { acquirer: options.acquirer } : {}),
  });
  // Every answer an API test sees must match the published document, so the two cannot drift apart.
  checkAnswersAgainstDocument(built.app);
  return {
    ...built,
    database,
    close: async () => {
      await built.close();
      await database.close();
      await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
