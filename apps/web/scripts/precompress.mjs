// Writes .br and .gz beside every built asset, once at build time, at the highest levels, so the server
// sends hashed assets without compressing them per request (@fastify/static preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const assets = path.resolve(import.meta.dirname, '..', process.env.WEB_BUILD_DIR ?? 'build', 'client/assets');
let files = 0;
for (const name of fs.readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const source = fs.readFileSync(path.join(assets, name));
  if (source.length < 1024) continue;
  fs.writeFileSync(
    path.join(assets, `${name}.br`),
    zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(path.join(assets, `${name}.gz`), zlib.gzipSync(source, { level: 9 }));
  files++;
}
console.log(`precompressed ${files} assets`);
