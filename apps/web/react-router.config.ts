import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // WEB_BUILD_DIR: where scripts/build.mjs builds (and the server reads); a test builds beside the real one.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  // The whole route manifest comes with the page (~60 routes): no `/__manifest` request after hydration,
  // and no discovery work over every link of a listing (measured: ~60 ms of a phone's main thread).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
