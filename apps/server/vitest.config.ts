import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server (embedded PostgreSQL)',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/embedded-database.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
