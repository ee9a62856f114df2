import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './support/server-process';

const root = path.resolve(import.meta.dirname, '../../..');
let scratch: string;

/** `npm run build` into DIR/web and DIR/server (the real build's places stay untouched). */
function build(dir: string, ...flags: string[]): string {
  return execFileSync(process.execPath, ['scripts/build.mjs', '--out', dir, ...flags], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function stamp(dir: string): { sources: string; assets: string[] } {
  return JSON.parse(fs.readFileSync(path.join(dir, 'web/build-stamp.json'), 'utf8')) as {
    sources: string;
    assets: string[];
  };
}

beforeAll(() => {
  // Inside the checkout (.data-* is ignored): the compiled server finds its npm dependencies in node_modules.
  scratch = fs.mkdtempSync(path.join(root, '.data-build-'));
  // embedded PostgreSQL's initdb runs as another user when we are root and must enter it.
  fs.chmodSync(scratch, 0o755);
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('one build, one artifact (issue 31 item 3)', { timeout: 400_000 }, () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('two builds of one commit name their assets alike; the previous build’s assets stay, older ones go', () => {
    const one = path.join(scratch, 'one');
    const two = path.join(scratch, 'two');
    build(one);
    // The second place already holds a build: its own root chunk, and one it kept from the build before it.
    const previousAssets = path.join(two, 'web/client/assets');
    fs.mkdirSync(previousAssets, { recursive: true });
    fs.writeFileSync(path.join(previousAssets, 'root-previous.js'), 'export {};\n');
    fs.writeFileSync(path.join(previousAssets, 'root-older.js'), 'export {};\n');
    fs.writeFileSync(
      path.join(two, 'web/build-stamp.json'),
      JSON.stringify({ sources: 'another commit', assets: ['root-previous.js'] }),
    );
    build(two);

    const names = stamp(one).assets;
    expect(names.some((name) => /^root-[\w-]+\.js$/.test(name))).toBe(true);
    expect(names.some((name) => /^manifest-[\w-]+\.js$/.test(name))).toBe(true);
    expect(stamp(two).assets).toEqual(names);
    expect(stamp(two).sources).toBe(stamp(one).sources);
    expect(fs.readdirSync(path.join(one, 'web/client/assets')).sort()).toEqual(names);
    expect(fs.readdirSync(previousAssets).sort()).toEqual([...names, 'root-previous.js'].sort());

    expect(build(two, '--if-changed')).toContain('the build is current with the sources: not rebuilding');
  });

  it('the compiled server runs under plain node and serves pages naming the build’s assets', async () => {
    const two = path.join(scratch, 'two');
    const dataDir = path.join(scratch, 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    server = await startServerProcess(dataDir, undefined, {
      seedProducts: 40,
      entry: [path.join(two, 'server/main.js')],
      env: { WEB_BUILD_DIR: path.join(two, 'web') },
    });
    const home = await fetch(`${server.baseUrl}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    const named = [...html.matchAll(/\/assets\/([\w.-]+\.js)/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(stamp(two).assets).toContain(name);
    for (const name of [named[0]!, 'root-previous.js']) {
      expect((await fetch(`${server.baseUrl}/assets/${name}`)).status, name).toBe(200);
    }
  });
});
