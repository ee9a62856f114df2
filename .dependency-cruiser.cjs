/**
 * The walls of ARCHITECTURE.md ("Which way the arrows point"), checked by `npm run lint`.
 * Type-only imports count too: a wall is about what a file knows, not what it runs.
 */
const MODULES = '^apps/server/src/modules/';

/** A wall: every rule here is an error that forbids imports `from` one place `to` another. */
function wall(name, comment, from, to) {
  return { name, ...(comment ? { comment } : {}), severity: 'error', from, to };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    wall(
      'no-cycles',
      'An import cycle: split the shared piece into a file both sides import.',
      {},
      { circular: true },
    ),
    wall(
      'modules-meet-at-services',
      'A module reaches another only through its service.ts (never its repo, tables or other files): ' +
        'what it shares (types, read helpers) the service.ts exports on purpose.',
      { path: `${MODULES}([^/]+)/` },
      { path: MODULES, pathNot: `${MODULES}($1/|[^/]+/service\\.ts$)` },
    ),
    wall(
      'flows-use-services',
      "A flow calls each module's service, never its repo or tables.",
      { path: '^apps/server/src/flows/' },
      { path: `${MODULES}[^/]+/(repo|tables)\\.ts$` },
    ),
    wall(
      'modules-below-flows-and-http',
      'The floors go one way, http → flows → modules: a module never imports a flow or the HTTP layer ' +
        '(its routes and web adapters that call flows belong in http/).',
      { path: MODULES },
      { path: '^apps/server/src/(flows|http)/' },
    ),
    wall(
      'flows-below-http',
      'A flow never imports the HTTP layer: routes call flows, not the other way round.',
      { path: '^apps/server/src/flows/' },
      { path: '^apps/server/src/http/' },
    ),
    wall(
      'providers-never-call-up',
      'A provider (the outside world behind an interface) is called by flows and modules, never calls them back.',
      { path: '^apps/server/src/providers/' },
      { path: '^apps/server/src/(flows|http|wiring)/' },
    ),
    wall(
      'nothing-below-imports-wiring',
      'wiring/ builds the house; nothing it builds knows it.',
      { path: '^apps/server/src/(modules|flows|providers|db)/' },
      { path: '^apps/server/src/wiring/' },
    ),
    wall(
      'db-is-the-floor',
      'The database layer imports no module, flow or HTTP code (schema.ts gathers every tables.ts for the migrations).',
      { path: '^apps/server/src/db/', pathNot: '^apps/server/src/db/schema\\.ts$' },
      { path: '^apps/server/src/(modules|flows|http|providers|wiring)/' },
    ),
    wall(
      'web-not-server',
      'The web gets services through the load context (contracts), never server code.',
      { path: '^apps/web/' },
      { path: '^apps/server/' },
    ),
    wall(
      'web-features-use-ui-lib-and-features',
      'Inside the web app a feature (app/features/<f>/) imports only ui/, lib/ and features (its own files ' +
        "or another feature's public entry): never the layout, the routes or the app's root, which are built from features.",
      { path: '^apps/web/app/features/' },
      { path: '^apps/web/app/', pathNot: '^apps/web/app/(features|ui|lib)/' },
    ),
    wall(
      'web-features-meet-at-entries',
      'A feature reaches another only through its public entries: index.ts (what the browser may use), ' +
        "server.ts (loaders' and actions' helpers) and types.ts, or a stylesheet it shares; never its other files.",
      { path: '^apps/web/app/features/([^/]+)/' },
      {
        path: '^apps/web/app/features/',
        pathNot: '^apps/web/app/features/($1/|[^/]+/(index|server|types)\\.ts$|[^/]+/[^/]+\\.css$)',
      },
    ),
    wall(
      'web-ui-and-lib-are-the-floor',
      "The web app's ui/ and lib/ are used by features, layout and routes, and import none of them.",
      { path: '^apps/web/app/(ui|lib)/' },
      { path: '^apps/web/app/', pathNot: '^apps/web/app/(ui|lib)/' },
    ),
    wall(
      'server-not-web',
      'The server hosts the built web app, it does not import its source.',
      { path: '^apps/server/' },
      { path: '^apps/web/' },
    ),
    wall(
      'domain-imports-nothing-of-ours',
      undefined,
      { path: '^packages/domain/' },
      { path: '^(apps|packages|bench)/', pathNot: '^packages/domain/' },
    ),
    wall(
      'contracts-only-domain',
      undefined,
      { path: '^packages/contracts/' },
      { path: '^(apps|packages|bench)/', pathNot: '^packages/(contracts|domain)/' },
    ),
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
