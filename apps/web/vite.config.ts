import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

const { version } = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  plugins: [reactRouter(), preactForReact()],
  // React Router goes into the server build too, so that its own imports of React reach Preact there.
  ssr: { noExternal: ['react-router'] },
  build: {
    target: 'es2022',
    cssCodeSplit: false,
    // Few modules, not ~50: Chrome took one 25 ms task here (~100 ms of Lighthouse's phone) to link ~50 small
    // modules. Preact and React Router in one chunk, the code every page needs in another; each route keeps
    // what only it uses, and the few chunks that some routes share.
    rolldownOptions: {
      // A feature's module has no effect but its exports (its stylesheet import aside): what a page reaches
      // through another feature's public entry without using it stays out of that page's chunks.
      treeshake: { moduleSideEffects: (id) => !FEATURE_MODULE.test(id) || /\.css($|\?)/.test(id) },
      output: {
        // Seven characters of hash, not eight (the fewest the bundler takes for this many chunks): the route manifest every page loads names every chunk of
        // every route (~300 names), and a hash does not compress. 42 bits still tell a few hundred files apart.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](preact|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            {
              // A product card and what only it draws, in one chunk for every page that shows cards (home,
              // listings, the product page's shelves) instead of four small ones: 1.3 KB less to load there.
              // Below the shop's priority: what the shop already holds stays in it.
              name: 'product-cards',
              test: /[\\/]features[\\/](catalog[\\/](product-card|product-card-shelf|add-to-cart-button|rating-stars)|lists[\\/](add-to-list|favourite-button))\.tsx$/,
              priority: 5,
            },
            {
              // Only what every page needs (the root's static imports): code that some pages share without
              // the root (listings, admin, orders) and what the root loads when asked (dialogs) split by
              // page, so that a page does not load another's (issue 33). Not the packages: through their
              // index every module would count as the root's, zod's schemas with them.
              debugName: 'shop',
              name: (id, ctx) => (importedByRoot(id, (other) => ctx.getModuleInfo(other)) ? 'shop' : null),
              test: /[\\/]apps[\\/]web[\\/]app[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  // The build's version for analytics and error reports (§7): the package version and the commit, never the
  // clock, so that two builds of one commit name their chunks alike and any instance serves the other's HTML.
  define: { __APP_VERSION__: JSON.stringify(`${version}+${sourceCommit()}`) },
});

type ModuleInfoOf = (id: string) => { importers: readonly string[] } | null;

/** A module of the web app's features (app/features/<f>/…). */
const FEATURE_MODULE = /[\\/]app[\\/]features[\\/]/;

/** A feature's public entry (index.ts, server.ts, types.ts): it re-exports, it does not use. */
const FEATURE_ENTRY = /[\\/]app[\\/]features[\\/][^\\/]+[\\/](index|server|types)\.ts$/;

/**
 * Whether app/root.tsx imports the module statically, through any chain of static imports. Not through a
 * feature's public entry: the root reaching one export of an entry does not make the root need every module
 * the entry names (what it does use is found by its own chain, or is bundled where it is used).
 */
function importedByRoot(id: string, moduleInfo: ModuleInfoOf, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  return (moduleInfo(id)?.importers ?? []).some(
    (importer) =>
      /[\\/]app[\\/]root\.tsx$/.test(importer) ||
      (!FEATURE_ENTRY.test(importer) && importedByRoot(importer, moduleInfo, seen)),
  );
}

/** APP_COMMIT when the deploy names it (a tarball has no .git), else git's HEAD, else "local". */
function sourceCommit(): string {
  if (process.env.APP_COMMIT) return process.env.APP_COMMIT.slice(0, 12);
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'local';
  }
}

/** What React's modules are in the build (the README's "React's API, drawn by Preact"). */
const PREACT_FOR: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

/**
 * The components are written against React's API and drawn by Preact, on the server and in the browser:
 * React DOM alone was 59 KB of the 100 KB of compressed JavaScript issue 33 allows a page; Preact is 10 KB.
 */
function preactForReact(): Plugin {
  return {
    name: 'despensa:preact-for-react',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const target = PREACT_FOR[source];
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}
