import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web (browser journeys)',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // One Chromium at a time: two cores serve the shop and the browser.
    fileParallelism: false,
    // The journeys share two cores with the API half of \`npm test\`: a journey that fails is run once more,
    // and Vitest reports it as retried (the checkout's 480 px payment journey has failed so under load).
    retry: 1,
  },
});
