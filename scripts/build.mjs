// `npm run build`: the one artifact every instance serves: the web app (apps/web/build) and the server
// compiled to JavaScript (apps/server/dist/main.js). Deterministic: two builds of one commit name their assets
// alike (the version is the commit, vite.config.ts). `--if-changed` (npm start) skips the build when the
// sources hash to what the last build recorded. The previous build's /assets files stay beside the new ones,
// so the pages an instance of the old build sent during a deploy's overlap still find their chunks; the build
// before that is dropped. `--out DIR` builds into DIR/web and DIR/server/main.js instead (a test's scratch).
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const at = args.indexOf('--out');
const out = at >= 0 ? path.resolve(args[at + 1]) : undefined;
const webBuildDir = out ? path.join(out, 'web') : path.join(root, 'apps/web/build');
const serverFile = out ? path.join(out, 'server/main.js') : path.join(root, 'apps/server/dist/main.js');
const stampFile = path.join(webBuildDir, 'build-stamp.json');
const assetsDir = path.join(webBuildDir, 'client/assets');

/** What the artifact is made of: the sources, the locked dependencies, this script and the commit. */
const SOURCES = [
  'package-lock.json',
  'scripts/build.mjs',
  'apps/web/app',
  'apps/web/sw',
  'apps/web/scripts',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/server/src',
  'apps/server/scripts',
  'apps/server/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
];

function filesUnder(relative) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [relative];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

function commit() {
  if (process.env.APP_COMMIT) return process.env.APP_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'local';
  }
}

function sourceHash() {
  const hash = crypto.createHash('sha256').update(commit());
  for (const file of SOURCES.flatMap(filesUnder).sort()) {
    hash.update(`\0${file}\0`).update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return undefined;
  }
}

function run(command, commandArgs, env = {}) {
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const sources = sourceHash();
const stamp = readStamp();
if (args.includes('--if-changed') && stamp?.sources === sources && fs.existsSync(serverFile)) {
  console.log('the build is current with the sources: not rebuilding');
  process.exit(0);
}

// The previous build's own assets (all of them when it left no stamp), set aside while the tree is rebuilt.
const previous = fs.mkdtempSync(path.join(os.tmpdir(), 'despensa-assets-'));
const previousAssets = fs.existsSync(assetsDir) ? (stamp?.assets ?? fs.readdirSync(assetsDir)) : [];
for (const name of previousAssets) {
  if (fs.existsSync(path.join(assetsDir, name)))
    fs.copyFileSync(path.join(assetsDir, name), path.join(previous, name));
}

// A fresh tree (vite empties its own only inside the project), so that nothing of an older build lingers.
fs.rmSync(webBuildDir, { recursive: true, force: true });
const buildEnv = { WEB_BUILD_DIR: webBuildDir, SERVER_BUILD_FILE: serverFile };
run('npm', ['run', 'build', '-w', '@despensa/web'], buildEnv);
run('npm', ['run', 'build', '-w', '@despensa/server'], buildEnv);

const assets = fs.readdirSync(assetsDir).sort();
let kept = 0;
for (const name of fs.readdirSync(previous)) {
  if (!assets.includes(name)) {
    fs.copyFileSync(path.join(previous, name), path.join(assetsDir, name));
    kept++;
  }
}
fs.rmSync(previous, { recursive: true, force: true });
fs.writeFileSync(stampFile, `${JSON.stringify({ sources, assets }, null, 2)}\n`);
console.log(`built ${assets.length} assets; kept ${kept} of the previous build for a deploy's overlap`);
