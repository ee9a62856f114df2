// Compiles the server to one JavaScript file (`npm run build -w @despensa/server`), so production runs plain
// `node` with no TypeScript loader. The workspace packages (@despensa/*, whose exports are TypeScript
// sources) and OpenTelemetry's are bundled in; every other npm dependency stays external and loads from
// node_modules as it does now.
// SERVER_BUILD_FILE moves the output (a test builds beside the real one); the default is dist/main.js.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const outfile = path.resolve(serverDir, process.env.SERVER_BUILD_FILE ?? 'dist/main.js');

/**
 * Bare imports stay external, except the workspace's own packages (TypeScript to compile) and
 * OpenTelemetry's: another version of those sits at the root of node_modules (a dev tool's), so a build
 * run from anywhere but apps/server would load the wrong one.
 */
const BUNDLED = /^@(despensa|opentelemetry)\//;
const npmExternal = {
  name: 'npm-external',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * In one bundle every module's import.meta.url would be the bundle's; a module that finds its migrations or
 * data files beside itself keeps finding them through its own source's URL (the sources ship alongside).
 */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(bundler) {
    bundler.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = JSON.stringify(
        path.relative(path.dirname(outfile), args.path).split(path.sep).join('/'),
      );
      // The relative path, not the absolute URL, so that the built tree can move as a whole.
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${fromBundle}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

await build({
  entryPoints: [path.join(serverDir, 'src/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [npmExternal, ownUrl],
  // The bundled CommonJS (OpenTelemetry's) requires Node's own modules: give the ES module a require.
  banner: {
    js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
  },
});
console.log(`server compiled to ${path.relative(process.cwd(), outfile)}`);
