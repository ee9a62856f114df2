import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { embeddedProjectFiles } from './test/support/test-files.js';

const files = embeddedProjectFiles(Boolean(process.env.TEST_EXTERNAL_DATABASE_URL));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server (embedded PostgreSQL)',
    include: files.include,
    exclude: [...configDefaults.exclude, ...files.exclude],
    globalSetup: ['test/support/embedded-database.ts'],
    // Each file builds its own shop on its own database copy; the server's modules load once per worker,
    // not once per file (a third of the suite's time was loading them again).
    isolate: false,
    // The API suite runs at a lower CPU priority beside two browser lanes (scripts/test.mjs): a test that
    // takes 5 s on a quiet machine has taken 30 s there.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
