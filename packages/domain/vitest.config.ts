import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'domain',
    include: ['test/**/*.test.ts'],
    // The property tests take ~1 s each alone; `npm test` runs them at nice 10 beside the journeys, where
    // CI once saw one pass Vitest's default 5 s.
    testTimeout: 30_000,
  },
});
