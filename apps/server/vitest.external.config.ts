import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server (PostgreSQL server)',
    include: ['test/**/*.test.ts'],
    // These start their own server on its own embedded PostgreSQL, whatever the project's database is:
    // the embedded project runs them once.
    exclude: [...configDefaults.exclude, 'test/lifecycle.test.ts', 'test/server-process.test.ts'],
    globalSetup: ['test/support/external-database.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
