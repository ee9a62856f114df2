// The checks `npm test` runs before the tests, in two lanes on two cores: the type check then the build in
// one, the linters (ESLint, the walls, Prettier) in the other. One after another they took 2.4 minutes.
import { runLanes } from './lanes.mjs';

await runLanes(
  [
    {
      name: 'types',
      commands: [
        ['npm', 'run', 'typecheck'],
        ['npm', 'run', 'build'],
      ],
    },
    { name: 'lint', commands: [['npm', 'run', 'lint']] },
  ],
  'every check',
);
