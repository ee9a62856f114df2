import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SALES_CHANNEL } from '@despensa/domain';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, withoutTimeouts, type OpenDatabase } from '../apps/server/src/db/open';
import { importOfferFeed, type OfferFeedReport } from '../apps/server/src/flows/import-offer-feed';
import { StoresService } from '../apps/server/src/modules/stores/service';
import { seedDatabase } from '../apps/server/src/seed/seed';
import { cliOption, table } from './support';

/**
 * `npm run bench:feed [-- --products 100000 --rows 100000]` (issue 30 item 2): a feed of offers as a chain's
 * ERP sends it, imported the way `npm run feed` does (importOfferFeed, one transaction). The shop is its own
 * database (BENCH_DATABASE_URL, else an embedded PostgreSQL under .bench/feed-N, seeded once and kept); the
 * feed touches every seeded SKU once before it repeats one on another sales channel, 1 row in 100 is bad,
 * and its prices move with each run so every run changes offers. Prints the import's seconds, rows per
 * second, peak memory and refused rows beside their goals, then sends the same file again (idempotent: the
 * stored report, nothing written) and the same offers as another file (applied again: 0 offers changed).
 * Figures, not assertions; the machine's load average is printed beside them.
 */
const products = cliOption('products', 100_000);
const rowCount = cliOption('rows', 100_000);
/** Issue 30: 100,000 rows in ≤ 2 minutes, so this many rows a second whatever the size. */
const GOAL_ROWS_PER_SECOND = 100_000 / 120;
const BAD_EVERY = 100;

const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? '.bench', `feed-${products}`);
fs.mkdirSync(dataDir, { recursive: true });
fs.chmodSync(dataDir, 0o755); // initdb runs as another user when we are root
const config = loadConfig({
  ...process.env,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT ?? '55436',
  LOG_LEVEL: 'silent',
});
const database = await openDatabase(config, () => {});
const load = () =>
  os
    .loadavg()
    .map((each) => each.toFixed(2))
    .join(', ');

/** Seeds the scratch shop unless it already holds `products` products; prints how long seeding took. */
async function seedOnce(shop: OpenDatabase): Promise<void> {
  const { rows } = await shop.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM product');
  if (rows[0]!.count === products) return;
  console.log(`seeding ${products} products (once; kept in ${dataDir})…`);
  const started = performance.now();
  await withoutTimeouts(shop.url, (maintenance) =>
    seedDatabase(maintenance, { products, log: console.log, progress: true }),
  );
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (load average ${load()})`);
}

/** The bad rows, one kind after another: each is refused for its own reason. */
const BAD_ROWS = [
  (sku: number, channel: number) => `${sku},${channel},5000,4000,10`, // price above the list price
  (sku: number, channel: number) => `${900_000_000 + sku},${channel},5000,5000,10`, // unknown SKU
  (sku: number, channel: number) => `${sku},${channel},mil,5000,10`, // not a number
  (sku: number, channel: number) => `${sku},${channel},5000,5000,-3`, // negative stock
  (sku: number) => `${sku},,5000,5000,10`, // no sales channel
];

/**
 * The feed: SKU i of the catalogue on the first sales channel, then again on the next channel once every
 * SKU had a row, so no offer repeats. Returns the CSV and how many of its rows are bad.
 */
function writeFeed(skus: number[], channels: number[], salt: number): { csv: string; bad: number } {
  const lines = ['skuId,salesChannel,price,listPrice,quantity'];
  let bad = 0;
  for (let i = 0; i < rowCount; i++) {
    const sku = skus[i % skus.length]!;
    const channel = channels[Math.floor(i / skus.length) % channels.length]!;
    if (i % BAD_EVERY === BAD_EVERY - 1) {
      lines.push(BAD_ROWS[bad++ % BAD_ROWS.length]!(sku, channel));
      continue;
    }
    // CLP cents ending in ten pesos; a quarter of the offers on sale (price under the list price).
    const listPrice = (100 + ((sku * 7 + channel * 13 + salt) % 5000)) * 1000;
    const price = (sku + salt) % 4 === 0 ? Math.round((listPrice * 0.8) / 1000) * 1000 : listPrice;
    lines.push(`${sku},${channel},${price},${listPrice},${20 + ((sku + salt) % 300)}`);
  }
  return { csv: `${lines.join('\n')}\n`, bad };
}

/** Imports `file` as the feed command does and measures it; the resident memory is sampled every 10 ms. */
async function timedImport(
  file: string,
): Promise<{ report: OfferFeedReport; seconds: number; peakRssMb: number; baseRssMb: number }> {
  const baseRssMb = process.memoryUsage.rss() / 2 ** 20;
  let peak = baseRssMb;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss() / 2 ** 20)), 10);
  const started = performance.now();
  try {
    const report = await withoutTimeouts(database.url, (maintenance) =>
      importOfferFeed(maintenance, new StoresService(maintenance), fs.readFileSync(file, 'utf8')),
    );
    peak = Math.max(peak, process.memoryUsage.rss() / 2 ** 20);
    return { report, seconds: (performance.now() - started) / 1000, peakRssMb: peak, baseRssMb };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The newest transaction id now, and later how many offers a transaction after it wrote (their xmin): a
 * second send that writes nothing leaves 0. Without the request timeouts (a scan of every offer).
 */
async function offersWrittenSince(xid?: number): Promise<number> {
  return withoutTimeouts(database.url, async (maintenance) => {
    if (xid === undefined) {
      const { rows } = await maintenance.pool.query<{ xid: string }>(
        `SELECT (pg_current_xact_id()::text::bigint % 4294967296)::text AS xid`,
      );
      return Number(rows[0]!.xid);
    }
    const { rows } = await maintenance.pool.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM sku_offer WHERE xmin::text::bigint > $1`,
      [xid],
    );
    return rows[0]!.count;
  });
}

const file = path.join(os.tmpdir(), `despensa-feed-${process.pid}.csv`);
try {
  await seedOnce(database);
  const skus = (await database.pool.query<{ id: number }>('SELECT id FROM sku ORDER BY id')).rows.map(
    (row) => row.id,
  );
  const stores = await new StoresService(database).activeRows();
  const channels = [DEFAULT_SALES_CHANNEL, ...stores.map((store) => store.salesChannel)];
  const { csv, bad } = writeFeed(skus, channels, Date.now() % 9973);
  fs.writeFileSync(file, csv);
  const usedChannels = Math.min(channels.length, Math.ceil(rowCount / skus.length));
  console.log(
    `catalogue: ${products} products, ${skus.length} SKUs; feed: ${rowCount} rows (${bad} bad) over ` +
      `${Math.min(rowCount, skus.length)} distinct SKUs on ${usedChannels} of ${channels.length} sales channels, ` +
      `${(csv.length / 2 ** 20).toFixed(1)} MB`,
  );

  const loadBefore = load();
  const first = await timedImport(file);
  const goalSeconds = rowCount / GOAL_ROWS_PER_SECOND;
  console.log(`\nfirst import (load average before: ${loadBefore}; after: ${load()}):`);
  table([
    { figure: 'seconds', value: first.seconds.toFixed(1), goal: `≤ ${goalSeconds.toFixed(0)} s` },
    {
      figure: 'rows per second',
      value: Math.round(rowCount / first.seconds),
      goal: `≥ ${Math.round(GOAL_ROWS_PER_SECOND)}`,
    },
    {
      figure: 'peak RSS (MB)',
      value: Math.round(first.peakRssMb),
      goal: `none set (${Math.round(first.baseRssMb)} MB before the import)`,
    },
    { figure: 'rows refused', value: first.report.refused, goal: `${bad} (the bad rows written)` },
    { figure: 'offers changed', value: first.report.changed, goal: `${rowCount - bad} (every good row)` },
  ]);
  console.log('refused by reason:', first.report.refusedBy);
  console.log(
    `e.g. ${first.report.problems
      .slice(0, 3)
      .map((each) => `línea ${each.line}: ${each.message}`)
      .join(' · ')}`,
  );

  const before = await offersWrittenSince();
  const again = await timedImport(file);
  const written = await offersWrittenSince(before);
  // The same offers as other bytes (a trailing blank line): not the stored report, the rows applied again.
  fs.appendFileSync(file, '\n');
  const reapplied = await timedImport(file);
  console.log(`\nsent again (load average ${load()}):`);
  table([
    {
      send: 'the same file',
      seconds: again.seconds.toFixed(1),
      'offers changed': written,
      answer: again.report.feed === first.report.feed ? 'the stored report' : 'a new report',
      goal: '0 changed',
    },
    {
      send: 'the same offers, another file',
      seconds: reapplied.seconds.toFixed(1),
      'offers changed': reapplied.report.changed,
      answer: `applied ${reapplied.report.applied}, refused ${reapplied.report.refused}`,
      goal: '0 changed',
    },
  ]);
  console.log(`uptime: ${load()} on ${os.cpus().length} cores`);
} finally {
  fs.rmSync(file, { force: true });
  await database.close();
}
