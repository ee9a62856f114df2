import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs the journeys in two lanes side by side, each with its own shop (server, database,
 * Chromium): many journeys wait on the shop's clocks (wallet polls, 15 s snackbars), and one lane's wait
 * is the other's turn. Lane 1 holds these files; lane 2 every other. Measured in `npm test`, 2026-11-29: lane 1
 * ~920 s of journeys, lane 2 ~930 s.
 */
const LANE_ONE = [
  'payments',
  'lists',
  'content',
  'listing',
  'orders',
  'shop-details',
  'newsletter',
  'operations',
  'platform',
  'admin-support',
  'content-editor',
  'admin-catalog',
  'admin-stores',
].map((name) => `e2e/${name}.e2e.ts`);

const lane = process.env.JOURNEY_LANE;

export default defineConfig({
  test: {
    name: 'web (browser journeys)',
    include: lane === '1' ? LANE_ONE : ['e2e/**/*.e2e.ts'],
    exclude: lane === '2' ? LANE_ONE : [],
    globalSetup: ['e2e/support/global-setup.ts'],
    // A failed journey prints what its open pages showed (the CI log keeps no screenshot).
    setupFiles: ['e2e/support/failure-report.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // Within a lane one file at a time: its files share one shop.
    fileParallelism: false,
    // The journeys share two cores with the API suite: a journey that fails is run once more, and Vitest
    // reports it as retried (the checkout's 480 px payment journey has failed so under load).
    retry: 1,
  },
});
