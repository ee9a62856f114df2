import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { Failure } from '@despensa/contracts';
import type { Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type { PageCache } from './page-cache';
import { ordersCounter, paymentsCounter } from '../telemetry/counters';

/** What /metrics reads at scrape time, besides what the hooks count as requests pass. */
export interface MetricSources {
  database: Database;
  jobs: JobQueue | null;
  pageCache: () => PageCache | null;
}

/**
 * The shop's Prometheus metrics (issue 31): requests by route and status with their latency, the process's
 * own (event-loop delay, memory, CPU), the PostgreSQL pool, the job queue's depth and failures, the page
 * cache's hits and misses, and every refused request by its failure code (a refused login, a declined
 * payment, an order refused). Served at /metrics to whoever brings METRICS_KEY as a bearer token: with no
 * key configured there is no /metrics at all, since it tells an outsider how busy and how failing we are.
 */
export function registerMetrics(app: FastifyInstance, sources: MetricSources, key: string | undefined): void {
  const registry = new Registry();
  registry.registerMetric(ordersCounter);
  registry.registerMetric(paymentsCounter);
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'despensa_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their latency',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'despensa_failures_total',
    help: 'Requests refused with a typed failure, by code (e.g. invalidCredentials: a login refused)',
    labelNames: ['code'],
    registers: [registry],
  });
  registerScrapeGauges(registry, sources);

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw path: one series per route, not one per product or search.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.addHook('onError', async (_request, _reply, error) => {
    if (error instanceof Failure) failures.inc({ code: error.code });
  });
  if (!key) return;
  const expected = Buffer.from(`Bearer ${key}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ error: 'unauthorized' });
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}

/** Values read when Prometheus scrapes: the pool's clients, the queue's jobs, the page cache's counts. */
function registerScrapeGauges(registry: Registry, { database, jobs, pageCache }: MetricSources): void {
  new Gauge({
    name: 'despensa_db_pool_clients',
    help: 'PostgreSQL pool clients by state (total, idle, waiting for a client)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, database.pool.totalCount);
      this.set({ state: 'idle' }, database.pool.idleCount);
      this.set({ state: 'waiting' }, database.pool.waitingCount);
    },
  });
  new Gauge({
    name: 'despensa_jobs',
    help: 'Jobs in the queue by queue and state (created and retry: the depth; failed: the failures)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { queue, state, count } of (await jobs?.counts()) ?? []) this.set({ queue, state }, count);
    },
  });
  new Gauge({
    name: 'despensa_page_cache_lookups',
    help: 'Shared page cache lookups since start, by outcome (hit, stale, miss)',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      const cache = pageCache();
      this.set({ outcome: 'hit' }, cache?.hits ?? 0);
      this.set({ outcome: 'stale' }, cache?.stale ?? 0);
      this.set({ outcome: 'miss' }, cache?.misses ?? 0);
    },
  });
}
