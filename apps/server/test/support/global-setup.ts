import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect, startEmbeddedPostgres, type EmbeddedServer } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { seedDatabase } from '../../src/seed/seed';
import { TEST_NOW, TEST_PRODUCTS } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL to a maintenance database of the server under test, for CREATE DATABASE. */
    adminUrl: string;
    /** A migrated, seeded database each test file clones. */
    templateDatabase: string;
  }
}

/**
 * Starts one PostgreSQL for the whole run (embedded, or the server at `external`), builds a seeded
 * template database once, and lets every test file clone it into its own database.
 */
export async function setupDatabase(project: TestProject, external: string | undefined) {
  let embedded: EmbeddedServer | null = null;
  let adminUrl: string;
  if (external) {
    adminUrl = external;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'despensa-test-'));
    // TEST_PG_PORT pins the port where several test runs share a machine (random ones can collide).
    const port = Number(process.env.TEST_PG_PORT) || 54330 + Math.floor(Math.random() * 500);
    embedded = await startEmbeddedPostgres(dataDir, port, () => {});
    adminUrl = embedded.url;
    const cleanup = async () => {
      await embedded?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    process.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
    teardowns.push(cleanup);
  }
  const templateDatabase = `despensa_template_${process.pid}_${Date.now()}`;
  await admin(adminUrl, `CREATE DATABASE ${templateDatabase}`);
  // Migrations and the seed are maintenance work, not requests: no request limits.
  const database = connect(withDatabase(adminUrl, templateDatabase), 4, null);
  try {
    await runMigrations(database.db);
    await seedDatabase(database, { products: TEST_PRODUCTS, now: TEST_NOW });
  } finally {
    await database.close();
  }
  teardowns.unshift(() => admin(adminUrl, `DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`));
  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);
  return async () => {
    for (const teardown of teardowns) await teardown().catch(() => {});
  };
}

const teardowns: (() => Promise<unknown>)[] = [];

export async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
