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
      name: 'modules-below-flows-and-http',
      comment:
        'The floors go one way, http → flows → modules: a module never imports a flow or the HTTP layer ' +
        '(its routes and web adapters that call flows belong in http/).',
      severity: 'error',
      from: { path: MODULES },
      to: { path: '^apps/server/src/(flows|http)/' },
    },
    {
      name: 'flows-below-http',
      comment: 'A flow never imports the HTTP layer: routes call flows, not the other way round.',
      severity: 'error',
      from: { path: '^apps/server/src/flows/' },
      to: { path: '^apps/server/src/http/' },
    },
    {
      name: 'providers-never-call-up',
      comment:
        'A provider (the outside world behind an interface) is called by flows and modules, never calls them back.',
      severity: 'error',
      from: { path: '^apps/server/src/providers/' },
      to: { path: '^apps/server/src/(flows|http|wiring)/' },
    },
    {
      name: 'nothing-below-imports-wiring',
      comment: 'wiring/ builds the house; nothing it builds knows it.',
      severity: 'error',
      from: { path: '^apps/server/src/(modules|flows|providers|db)/' },
      to: { path: '^apps/server/src/wiring/' },
    },
    {
      name: 'db-is-the-floor',
      comment:
        'The database layer imports no module, flow or HTTP code (schema.ts gathers every tables.ts for the migrations).',
      severity: 'error',
      from: { path: '^apps/server/src/db/', pathNot: '^apps/server/src/db/schema\\.ts$' },
      to: { path: '^apps/server/src/(modules|flows|http|providers|wiring)/' },
    },
    {
      name: 'web-not-server',
      comment: 'The web gets services through the load context (contracts), never server code.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'web-features-use-ui-lib-and-features',
      comment:
        'Inside the web app a feature (app/features/<f>/) imports only ui/, lib/ and features (its own files ' +
        "or another feature's public entry): never the layout, the routes or the app's root, which are built from features.",
      severity: 'error',
      from: { path: '^apps/web/app/features/' },
      to: { path: '^apps/web/app/', pathNot: '^apps/web/app/(features|ui|lib)/' },
    },
    {
      name: 'web-features-meet-at-entries',
      comment:
        'A feature reaches another only through its public entries: index.ts (what the browser may use), ' +
        "server.ts (loaders' and actions' helpers) and types.ts, or a stylesheet it shares; never its other files.",
      severity: 'error',
      from: { path: '^apps/web/app/features/([^/]+)/' },
      to: {
        path: '^apps/web/app/features/',
        pathNot: '^apps/web/app/features/($1/|[^/]+/(index|server|types)\\.ts$|[^/]+/[^/]+\\.css$)',
      },
    },
    {
      name: 'web-ui-and-lib-are-the-floor',
      comment: "The web app's ui/ and lib/ are used by features, layout and routes, and import none of them.",
      severity: 'error',
      from: { path: '^apps/web/app/(ui|lib)/' },
      to: { path: '^apps/web/app/', pathNot: '^apps/web/app/(ui|lib)/' },
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
