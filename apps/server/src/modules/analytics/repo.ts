import { sql } from 'drizzle-orm';
import type { AnalyticsDashboard } from '@despensa/contracts';
import type { Pool } from 'pg';
import type { Db } from '../../db/client';
import { analyticsEvent } from './tables';

export type EventRow = typeof analyticsEvent.$inferInsert;

/** Every column an event fills, with its PostgreSQL array type for unnest. */
const COLUMNS: [column: string, type: string, read: (row: EventRow) => unknown][] = [
  ['occurred_at', 'timestamptz', (row: EventRow) => row.occurredAt],
  ['received_at', 'timestamptz', (row: EventRow) => row.receivedAt ?? new Date()],
  ['type', 'text', (row: EventRow) => row.type],
  ['page_type', 'text', (row: EventRow) => row.pageType],
  ['path', 'text', (row: EventRow) => row.path],
  ['device', 'text', (row: EventRow) => row.device],
  ['visitor_id', 'text', (row: EventRow) => row.visitorId ?? null],
  ['session_id', 'text', (row: EventRow) => row.sessionId ?? null],
  ['app_version', 'text', (row: EventRow) => row.appVersion ?? null],
  ['term', 'text', (row: EventRow) => row.term ?? null],
  ['results', 'int4', (row: EventRow) => row.results ?? null],
  ['product_id', 'text', (row: EventRow) => row.productId ?? null],
  ['sku_id', 'text', (row: EventRow) => row.skuId ?? null],
  ['quantity', 'float8', (row: EventRow) => row.quantity ?? null],
  ['step', 'text', (row: EventRow) => row.step ?? null],
  ['order_id', 'text', (row: EventRow) => row.orderId ?? null],
  ['email', 'text', (row: EventRow) => row.email ?? null],
  ['name', 'text', (row: EventRow) => row.name ?? null],
  ['value', 'float8', (row: EventRow) => row.value ?? null],
];

const INSERT_EVENTS = `INSERT INTO analytics_event (${COLUMNS.map(([name]) => name).join(', ')})
  SELECT * FROM unnest(${COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})`;

/**
 * One multi-row INSERT per batch: a named prepared statement over column arrays (unnest), the same text
 * whatever the batch size, so PostgreSQL parses and plans it once per connection (about a third of the
 * cost of a VALUES list with a parameter per field).
 */
async function insertEvents(pool: Pool, rows: EventRow[]): Promise<void> {
  if (!rows.length) return;
  await pool.query({
    name: 'analytics_insert_events',
    text: INSERT_EVENTS,
    values: COLUMNS.map(([, , read]) => rows.map(read)),
  });
}

/** Rows in one INSERT at most (a few hundred keep the statement's arrays small). */
const MAX_ROWS_PER_INSERT = 1000;
/** INSERTs in flight at once: one commits while the next gathers what arrives meanwhile. */
const WRITERS = 2;

interface Pending {
  rows: EventRow[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for analytics batches: while INSERTs are in flight, the batches that arrive meanwhile wait
 * and then go together in the next one, so many browsers' batches cost one statement and one commit
 * instead of one each. Every caller is answered only once its own rows are committed: an acknowledged
 * event is in PostgreSQL, whatever happens to the instance afterwards.
 */
export class EventWriter {
  private queue: Pending[] = [];
  private writers = 0;

  constructor(private readonly pool: Pool) {}

  write(rows: EventRow[]): Promise<void> {
    if (!rows.length) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.queue.push({ rows, resolve, reject });
      if (this.writers < WRITERS) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writers++;
    while (this.queue.length) {
      let count = 0;
      let take = 0;
      while (
        take < this.queue.length &&
        (take === 0 || count + this.queue[take]!.rows.length <= MAX_ROWS_PER_INSERT)
      )
        count += this.queue[take++]!.rows.length;
      const group = this.queue.splice(0, take);
      try {
        await insertEvents(
          this.pool,
          group.flatMap((pending) => pending.rows),
        );
        for (const pending of group) pending.resolve();
      } catch (error) {
        if (group.length === 1) group[0]!.reject(error);
        // One batch's bad row must not fail the others: each is tried on its own.
        else
          for (const pending of group)
            await insertEvents(this.pool, pending.rows).then(pending.resolve, pending.reject);
      }
    }
    this.writers--;
  }
}

/** Days are the shop's days (Chile). */
const DAY = sql`to_char(${analyticsEvent.occurredAt} AT TIME ZONE 'America/Santiago', 'YYYY-MM-DD')`;

/** Whole days of the shop, both ends included (YYYY-MM-DD). */
export interface Range {
  from: string;
  to: string;
}

const inRange = ({ from, to }: Range) =>
  sql`${analyticsEvent.occurredAt} >= (${from}::date::timestamp AT TIME ZONE 'America/Santiago')
    AND ${analyticsEvent.occurredAt} < ((${to}::date + 1)::timestamp AT TIME ZONE 'America/Santiago')`;

/** Sessions reaching each step of the funnel, per day and device. */
export async function funnel(db: Db, range: Range): Promise<AnalyticsDashboard['funnel']> {
  const result = await db.execute<AnalyticsDashboard['funnel'][number]>(sql`
    SELECT day, device,
      count(*) FILTER (WHERE visit)::int AS "visits",
      count(*) FILTER (WHERE product_view)::int AS "productViews",
      count(*) FILTER (WHERE add_to_cart)::int AS "addToCart",
      count(*) FILTER (WHERE checkout)::int AS "checkout",
      count(*) FILTER (WHERE purchase)::int AS "orders"
    FROM (
      SELECT ${DAY} AS day, ${analyticsEvent.device} AS device,
        bool_or(type = 'page_view') AS visit,
        bool_or(type = 'product_view') AS product_view,
        bool_or(type = 'add_to_cart') AS add_to_cart,
        bool_or(type = 'checkout_step') AS checkout,
        bool_or(type = 'purchase') AS purchase
      FROM ${analyticsEvent}
      WHERE ${inRange(range)} AND ${analyticsEvent.sessionId} IS NOT NULL
      GROUP BY 1, 2, ${analyticsEvent.sessionId}
    ) sessions
    GROUP BY day, device
    ORDER BY day, device`);
  return result.rows;
}

export async function searchTerms(
  db: Db,
  range: Range,
  options: { zeroResults: boolean; limit: number },
): Promise<{ term: string; count: number }[]> {
  const result = await db.execute<{ term: string; count: number }>(sql`
    SELECT ${analyticsEvent.term} AS term, count(*)::int AS count
    FROM ${analyticsEvent}
    WHERE type = 'search' AND ${inRange(range)}
      ${options.zeroResults ? sql`AND ${analyticsEvent.results} = 0` : sql``}
    GROUP BY 1
    ORDER BY count DESC, term
    LIMIT ${options.limit}`);
  return result.rows;
}

export async function topProducts(
  db: Db,
  range: Range,
  limit: number,
): Promise<{ productId: string; views: number }[]> {
  const result = await db.execute<{ productId: string; views: number }>(sql`
    SELECT ${analyticsEvent.productId} AS "productId", count(*)::int AS views
    FROM ${analyticsEvent}
    WHERE type = 'product_view' AND ${inRange(range)}
    GROUP BY 1
    ORDER BY views DESC, 1
    LIMIT ${limit}`);
  return result.rows;
}

/** The 75th percentile of each metric per page type (continuous, as CrUX reports it). */
export async function webVitals(
  db: Db,
  range: Range,
): Promise<{ pageType: string; name: string; p75: number; samples: number }[]> {
  const result = await db.execute<{ pageType: string; name: string; p75: number; samples: number }>(sql`
    SELECT ${analyticsEvent.pageType} AS "pageType", ${analyticsEvent.name} AS name,
      percentile_cont(0.75) WITHIN GROUP (ORDER BY ${analyticsEvent.value})::float8 AS p75,
      count(*)::int AS samples
    FROM ${analyticsEvent}
    WHERE type = 'web_vital' AND ${inRange(range)}
    GROUP BY 1, 2
    ORDER BY 1, 2`);
  return result.rows;
}
