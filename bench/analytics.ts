import os from 'node:os';
import type { AnalyticsEvent } from '@despensa/contracts';
import { cliOption, measureScenarios, startBenchShop, type Scenario } from './support';

/**
 * `npm run bench:analytics [-- --seconds S --batch B]`: analytics ingestion over 10 connections, batches of
 * B events (20 by default, the add-to-cart batch of §9) as browsers send them. Goal: holding 2,000 events
 * per second with a server-side p95 of 20 ms per batch. Two rows: the goal's load, paced evenly (its p95
 * is the goal's), then as fast as the connections go (the capacity; there every connection always waits,
 * so its latency is the queue's). Figures, not assertions.
 */
const seconds = cliOption('seconds', 8);
const batchSize = cliOption('batch', 20);
const GOAL_EVENTS_PER_SECOND = 2000;
const SHOPPER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

// The catalogue does not matter to ingestion: a small shop starts fast.
const { url, database, latency, stop } = await startBenchShop(1000);

function batch(i: number) {
  const at = Date.now();
  const events: AnalyticsEvent[] = Array.from({ length: batchSize }, (_, n): AnalyticsEvent => {
    const common = { at, pageType: 'product' as const, path: `/producto-${n}/p` };
    switch ((i + n) % 5) {
      case 0:
        return { ...common, type: 'page_view' };
      case 1:
        return { ...common, type: 'product_view', productId: String(1 + ((i + n) % 900)) };
      case 2:
        return { ...common, type: 'add_to_cart', skuId: String(1 + (n % 900)), quantity: 1 };
      case 3:
        return { ...common, type: 'search', term: `leche ${n % 7}`, results: n % 3 };
      default:
        return { ...common, type: 'web_vital', name: 'LCP', value: 1200 + n };
    }
  });
  return {
    consent: true,
    visitorId: `bench-visitor-${i % 500}`,
    sessionId: `bench-session-${i % 2000}`,
    events,
  };
}

const ingest = {
  goalMs: 20,
  method: 'POST',
  headers: { 'user-agent': SHOPPER },
  next: (i: number) => ({ path: '/api/analytics/events', body: batch(i) }),
} as const;
const scenarios: Scenario[] = [
  {
    ...ingest,
    name: `${GOAL_EVENTS_PER_SECOND} events/s in batches of ${batchSize}`,
    rate: GOAL_EVENTS_PER_SECOND / batchSize,
  },
  { ...ingest, name: `as fast as it goes, batches of ${batchSize}` },
];

const before = (await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_event'))
  .rows[0]!.n;
const rows = await measureScenarios(url, latency, scenarios, seconds);
const after = (await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_event'))
  .rows[0]!.n;

console.log(
  `\nanalytics ingestion, ${seconds} s, 10 connections, ${batchSize} events per batch, load average ${os.loadavg()[0]!.toFixed(1)}`,
);
console.table(
  rows.map((row) => {
    const eventsPerSecond = Number(row['requests/s']) * batchSize;
    // The paced run's count includes its start and end, so holding the load reads a little under it.
    return {
      ...row,
      'events/s': eventsPerSecond,
      'goal events/s': GOAL_EVENTS_PER_SECOND,
      'events/s met': eventsPerSecond >= GOAL_EVENTS_PER_SECOND * 0.98 ? 'yes' : 'NO',
    };
  }),
);
console.log(`${after - before} events stored during the run (warm-up included)`);
// The bench shop is kept between runs; its events are not.
await database.pool.query("DELETE FROM analytics_event WHERE visitor_id LIKE 'bench-visitor-%'");
await stop();
