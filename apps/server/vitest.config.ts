import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server (embedded PostgreSQL)',
    include: ['test/**/*.test.ts'],
    // Instances sharing one PostgreSQL are how the shop scales: with a server at hand (CI), the cluster test
    // runs against it alone, not twice.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_EXTERNAL_DATABASE_URL ? ['test/cluster.test.ts'] : []),
    ],
    globalSetup: ['test/support/embedded-database.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
