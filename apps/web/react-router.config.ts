import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // The whole route manifest comes with the page (~60 routes): no `/__manifest` request after hydration,
  // and no discovery work over every link of a listing (measured: ~60 ms of a phone's main thread).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
