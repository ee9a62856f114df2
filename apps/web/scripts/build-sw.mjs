// Builds /sw.js after the app (§7 service worker): bundles sw/sw.ts with esbuild, writes the offline page
// with the app's stylesheet, then lets Workbox's injectManifest list every built asset to precache.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.resolve(root, process.env.WEB_BUILD_DIR ?? 'build');
const client = path.join(buildDir, 'client');
const bundled = path.join(buildDir, 'sw.bundle.js');

await build({
  entryPoints: [path.join(root, 'sw/sw.ts')],
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  outfile: bundled,
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});

const stylesheet = fs.readdirSync(path.join(client, 'assets')).find((name) => /^global-.*\.css$/.test(name));
fs.writeFileSync(
  path.join(client, 'offline.html'),
  `<!doctype html>
<html lang="es-CL">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sin conexión</title>
${stylesheet ? `<link rel="stylesheet" href="/assets/${stylesheet}">` : ''}
</head>
<body>
<main class="status-page" id="contenido">
<h1>Sin conexión</h1>
<p>No pudimos abrir esta página porque no hay conexión a internet y no la tenemos guardada.</p>
<p>Las páginas que ya visitaste (el inicio, tus listados, los productos y tu carro) se pueden ver sin conexión; los precios pueden haber cambiado.</p>
<p><a class="button button--primary" href="/">Volver al inicio</a></p>
</main>
</body>
</html>
`,
);

const { count, size, warnings } = await injectManifest({
  swSrc: bundled,
  swDest: path.join(client, 'sw.js'),
  globDirectory: client,
  globPatterns: ['assets/**/*.{js,css}', 'offline.html'],
  // Hashed file names are their own revision.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 1024 * 1024,
});
fs.rmSync(bundled);
for (const warning of warnings) console.warn(warning);
console.log(`service worker: ${count} files precached (${Math.round(size / 1024)} kB)`);
