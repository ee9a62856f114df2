import { defineConfig } from 'vitest/config';

/** `npm test` runs every project; CI adds the API suite against its PostgreSQL server. */
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/server/vitest.config.ts',
      ...(process.env.TEST_EXTERNAL_DATABASE_URL ? ['apps/server/vitest.external.config.ts'] : []),
      'apps/web',
    ],
  },
});
