import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Result } from 'lighthouse';
import { startServerProcess } from '../apps/server/test/support/server-process';
import { CHROME_PATH, CHROMIUM_ARGS } from '../apps/web/e2e/support/chromium';
import { cliOption } from './support';

/**
 * `npm run bench:web [-- --products N --runs R --sw --save DIR]`: starts the real shop (server + built web app) on its own port and
 * data directory, runs Lighthouse's default mobile audit (simulated throttling) on the home, a category
 * listing, a search and a product page, and prints the four category scores, CLS, LCP, TBT and the
 * compressed JavaScript and the elements of each page's first load, and every run's performance score, each beside issue 33's goal. With `--sw`
 * the service worker is installed first (one unmeasured run per page) and kept between runs, as for a
 * returning shopper. With `--cpu-index N` Lighthouse's phone is slowed as it would be on a machine whose CPU
 * benchmark is N (issue 33 asks for ~1,000, the slowest seen): its CPU slowdown, 4 on the machine it was tuned
 * on, becomes 4 × this machine's benchmark / N, recalibrated from every run's own benchmark. Figures, not assertions. Needs the web build
 * (`npm run build -w @despensa/web`) and Chromium (CHROME_PATH, default /usr/bin/chromium).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const products = cliOption('products', 3000);
/** Lighthouse runs per page; the run with the median performance score is reported (a busy machine is noisy). */
const runs = Math.max(1, cliOption('runs', 1));
/** `--sw`: audit with the service worker installed (storage is not reset between runs). */
const withServiceWorker = args.includes('--sw');
/** `--cpu-index N`: emulate a machine whose Lighthouse CPU benchmark is N (0: this machine as it is). */
const emulatedIndex = cliOption('cpu-index', 0);
/** Lighthouse's default mobile CPU slowdown, tuned for a machine of benchmark index ~1,000 or more. */
const DEFAULT_SLOWDOWN = 4;
/** This machine's latest benchmark index (recalibrated after every run; the first audit sets it). */
let machineIndex = 0;
/** `--save DIR` keeps each page's Lighthouse report (JSON) for a closer look. */
const saveDir = args.includes('--save') ? args[args.indexOf('--save') + 1] : undefined;
const TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
  cls: 0,
  tbtMs: 150,
  /** Issue 33: compressed JavaScript of a first load, and elements at first paint on the home and listings. */
  jsKb: 100,
  elements: 1000,
};

if (!fs.existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
  console.error('apps/web/build is missing: run `npm run build -w @despensa/web` first');
  process.exit(1);
}

async function waitFor(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${what} did not answer ${url} within 240 s`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(resolve, 15_000).unref();
  });
}

/** The shop exactly as `npm start` runs it, with its own embedded PostgreSQL in a temporary directory. */
async function startShop(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'despensa-bench-web-'));
  fs.chmodSync(dataDir, 0o755); // initdb runs as another user when we are root
  const server = await startServerProcess(dataDir, undefined, { seedProducts: products });
  return {
    baseUrl: server.baseUrl,
    stop: async () => {
      await stop(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = 9300 + Math.floor(Math.random() * 500);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'despensa-bench-chromium-'));
  const child = spawn(
    CHROME_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`],
    {
      stdio: 'ignore',
    },
  );
  await waitFor(`http://127.0.0.1:${port}/json/version`, child, 'Chromium');
  return {
    port,
    stop: async () => {
      await stop(child);
      // Chromium's helper processes may still be flushing the profile for a moment.
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

/** A well-sold product to audit: the first of the dairy listing. */
async function productPath(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/products/search/lacteos`, {
    headers: { 'x-api-key': 'despensa-web-dev-key', 'x-consumer': 'web' },
  });
  const [first] = (await response.json()) as { linkText: string }[];
  if (!first) throw new Error('the catalogue has no dairy product to audit');
  return `/${first.linkText}/p`;
}

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  jsKb: number;
  elements: number;
  runs: string;
  /** Lighthouse's CPU benchmark of the median run (the emulated one with --cpu-index): low means a slow phone. */
  cpuIndex: number;
}

function scriptBytes(lhr: Result): number {
  const items = (
    lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] }
  )?.items;
  return (items ?? [])
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

/** The CPU slowdown that makes this machine's next run one of a machine of `emulatedIndex`. */
function cpuSlowdown(): number {
  if (!emulatedIndex || !machineIndex) return DEFAULT_SLOWDOWN;
  return Math.max(DEFAULT_SLOWDOWN, (DEFAULT_SLOWDOWN * machineIndex) / emulatedIndex);
}

/** The benchmark index the run stood for: this machine's, scaled down by the extra slowdown. */
function emulatedIndexOf(lhr: Result): number {
  return (
    (lhr.environment.benchmarkIndex * DEFAULT_SLOWDOWN) / lhr.configSettings.throttling.cpuSlowdownMultiplier!
  );
}

async function audit(url: string, port: number): Promise<Result> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    disableStorageReset: withServiceWorker,
    throttling: { cpuSlowdownMultiplier: cpuSlowdown() },
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  machineIndex = result.lhr.environment.benchmarkIndex;
  return result.lhr;
}

/**
 * The run with the median performance score among the runs that loaded the page (failed runs are retried
 * once), and every run's score.
 */
async function medianAudit(
  url: string,
  port: number,
): Promise<{ lhr: Result; scores: number[]; details: string[] }> {
  // The first visit installs the service worker, or calibrates the slowdown; it is not measured.
  if (withServiceWorker || (emulatedIndex && !machineIndex)) await audit(url, port);
  const results: Result[] = [];
  let failures = 0;
  while (results.length < runs) {
    const lhr = await audit(url, port);
    if (!lhr.runtimeError) results.push(lhr);
    else if (++failures > runs) return { lhr, scores: [], details: [] };
    else console.log(`  ${url}: ${lhr.runtimeError.code}, running again`);
  }
  const scores = results.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100));
  const details = results.map(runDetail);
  results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  return { lhr: results[Math.floor(results.length / 2)]!, scores, details };
}

/** One run's score with the metrics it is made of, to tell a slow paint from a long task in a low run. */
function runDetail(lhr: Result): string {
  const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
  const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  return `${score} (FCP ${ms('first-contentful-paint')} LCP ${ms('largest-contentful-paint')} TBT ${ms('total-blocking-time')} SI ${ms('speed-index')} ms, CPU ${cpuOf(lhr)})`;
}

/** The run's CPU benchmark index, and the one it emulated when slowed down further. */
function cpuOf(lhr: Result): string {
  const index = Math.round(lhr.environment.benchmarkIndex);
  return emulatedIndex ? `${index} as ${Math.round(emulatedIndexOf(lhr))}` : String(index);
}

/** One page's figures beside issue 33's goals, each marked met (✓) or not (✗). */
function goalLine(row: Row): string {
  const mark = (met: boolean) => (met ? '✓' : '✗');
  const lowest = Math.min(...row.runs.split(' ').map(Number));
  const listing = !row.page.startsWith('product');
  const figures = [
    `lowest performance ${lowest} / ≥ ${TARGETS.performance} ${mark(lowest >= TARGETS.performance)}`,
    `TBT ${row.tbtMs} / ≤ ${TARGETS.tbtMs} ms ${mark(row.tbtMs <= TARGETS.tbtMs)}`,
    `CLS ${row.cls} / ${TARGETS.cls} ${mark(row.cls <= TARGETS.cls)}`,
    `accessibility ${row.accessibility} / ${TARGETS.accessibility} ${mark(row.accessibility >= TARGETS.accessibility)}`,
    `JS ${row.jsKb} / ≤ ${TARGETS.jsKb} KB ${mark(row.jsKb <= TARGETS.jsKb)}`,
    `elements ${row.elements}${listing ? ` / ≤ ${TARGETS.elements} ${mark(row.elements <= TARGETS.elements)}` : ''}`,
  ];
  return `  ${row.page}: ${figures.join(' · ')}`;
}

const shop = await startShop();
let chromium: Awaited<ReturnType<typeof startChromium>> | undefined;
try {
  chromium = await startChromium();
  const pages: [string, string][] = [
    ['home', '/'],
    ['category', '/lacteos'],
    ['search', '/busca?ft=leche'],
    ['product', await productPath(shop.baseUrl)],
  ];
  // One unmeasured visit per page, and its pictures, warms the server's caches (pages, PNGs drawn from
  // their SVGs), as a shop in service would be.
  for (const [, pagePath] of pages) {
    const html = await (await fetch(`${shop.baseUrl}${pagePath}`)).text();
    const pictures = new Set(html.match(/\/media\/[\w@./-]+\.png/g) ?? []);
    await Promise.all(
      [...pictures].map(async (picture) => (await fetch(`${shop.baseUrl}${picture}`)).arrayBuffer()),
    );
  }
  const rows: Row[] = [];
  const runLines: string[] = [];
  for (const [name, pagePath] of pages) {
    const { lhr, scores, details } = await medianAudit(`${shop.baseUrl}${pagePath}`, chromium.port);
    runLines.push(`  ${name}: ${details.join(' · ')}`);
    if (saveDir) {
      fs.mkdirSync(saveDir, { recursive: true });
      fs.writeFileSync(path.join(saveDir, `${name}.json`), JSON.stringify(lhr));
    }
    const score = (key: string) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
    rows.push({
      page: `${name} ${pagePath}`,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      jsKb: Number((scriptBytes(lhr) / 1024).toFixed(1)),
      elements: Math.round(lhr.audits['dom-size']?.numericValue ?? 0),
      runs: scores.join(' '),
      cpuIndex: Math.round(emulatedIndex ? emulatedIndexOf(lhr) : lhr.environment.benchmarkIndex),
    });
    for (const [key, category] of Object.entries(lhr.categories)) {
      if ((category.score ?? 0) >= 1) continue;
      const failing = category.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
        .map((ref) => ref.id);
      if (failing.length) console.log(`  ${name} ${key}: below par on ${failing.join(', ')}`);
    }
  }
  console.log(
    `\nLighthouse ${rows.length} pages, mobile, simulated throttling, ${products} products, median of ${runs} run(s)${withServiceWorker ? ', service worker installed' : ''}${emulatedIndex ? `, CPU emulating a benchmark index of ${emulatedIndex}` : ''}, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.table(rows);
  console.log(`every run:\n${runLines.join('\n')}`);
  console.log(
    `targets: performance ≥ ${TARGETS.performance} on every run, accessibility ${TARGETS.accessibility}, best practices ≥ ${TARGETS['best-practices']}, SEO ${TARGETS.seo}, CLS ${TARGETS.cls}, TBT ≤ ${TARGETS.tbtMs} ms, JS ≤ ${TARGETS.jsKb} KB, elements ≤ ${TARGETS.elements} (home and listings)`,
  );
  for (const row of rows) console.log(goalLine(row));
} finally {
  await chromium?.stop().catch((error: unknown) => console.error(`stopping Chromium: ${String(error)}`));
  await shop.stop();
}
