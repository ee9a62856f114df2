// Runs every test project: the API suites beside the browser journeys, which run in two lanes of their own
// (apps/web/vitest.config.ts). The API suite runs at a lower CPU priority: it only counts work, while the
// journeys wait on clocks and a page that renders late fails them, so on two cores the API fills the
// journeys' idle time instead of slowing them. Each run's lines carry its name; the exit code fails if any
// fails. Arguments go to every run (e.g. `--reporter=verbose`).
import { runLanes } from './lanes.mjs';

const vitest = (projects, ...args) => [
  'npx',
  'vitest',
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  ...args,
  ...process.argv.slice(2),
];

await runLanes(
  [
    // Two files at a time (Vitest's default on two cores is one): a file waits on PostgreSQL half the time.
    { name: 'api', nice: 10, commands: [vitest(['domain', 'server*'], '--maxWorkers=2')] },
    { name: 'web1', commands: [vitest(['web*'])], env: { JOURNEY_LANE: '1' } },
    { name: 'web2', commands: [vitest(['web*'])], env: { JOURNEY_LANE: '2' } },
  ],
  'every test project',
);
