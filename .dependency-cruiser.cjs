/**
 * The walls of ARCHITECTURE.md ("Which way the arrows point"), checked by `npm run lint`.
 * Type-only imports count too: a wall is about what a file knows, not what it runs.
 */
const MODULES = '^apps/server/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle: split the shared piece into a file both sides import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'modules-meet-at-services',
      comment:
        'A module reaches another only through its service.ts (never its repo, tables or other files): ' +
        'what it shares (types, read helpers) the service.ts exports on purpose.',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: MODULES, pathNot: `${MODULES}($1/|[^/]+/service\\.ts$)` },
    },
    {
      name: 'flows-use-services',
      comment: "A flow calls each module's service, never its repo or tables.",
      severity: 'error',
      from: { path: '^apps/server/src/flows/' },
      to: { path: `${MODULES}[^/]+/(repo|tables)\\.ts$` },
    },
    {
      name: 'web-not-server',
      comment: 'The web gets services through the load context (contracts), never server code.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-not-web',
      comment: 'The server hosts the built web app, it does not import its source.',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'domain-imports-nothing-of-ours',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps|packages|bench)/', pathNot: '^packages/domain/' },
    },
    {
      name: 'contracts-only-domain',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^(apps|packages|bench)/', pathNot: '^packages/(contracts|domain)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|\\.react-router)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
