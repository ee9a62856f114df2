import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerApiKeyGuard } from './http/api-key';
import { brandsOf } from './http/brands';
import { registerEdgeGuards, type ApiRoutes } from './http/edge';
import { registerErrorMapping } from './http/errors';
import { registerMetrics } from './http/metrics';
import { registerTracing } from './http/tracing';
import { startTracing } from './telemetry/tracing';
import type { PageCache } from './http/page-cache';
import { registerRoutes } from './http/register-routes';
import { registerSecurityHeaders } from './http/security-headers';
import { createServer, registerHttpPlugins, type ShopServer } from './http/server';
import { serveStorefront } from './http/storefront';
import { EventBus } from './jobs/events';
import { pushOrderNews } from './jobs/order-news';
import type { JobQueue } from './jobs/queue';
import { Readiness, healthRoutes } from './http/routes/health';
import { OutboxMailer } from './providers/mail/outbox';
import { buildFlows } from './wiring/flows';
import { startJobs } from './wiring/jobs';
import { buildModules, startModules, stopModules } from './wiring/modules';
import { chooseProviders, type GivenProviders, type Setting } from './wiring/providers';
import type { Services } from './wiring/services';

export type { Services } from './wiring/services';

export interface App {
  app: FastifyInstance;
  /** Every registered route (method and url pattern), e.g. for the isolation test to walk. */
  routes: { method: string; url: string }[];
  services: Services;
  /** The shared page cache of the storefront's pages (null without the web build). */
  pageCache: PageCache | null;
  /** Stop being ready (/api/ready answers 503) so that the load balancer sends no new requests here. */
  drain(): void;
  close(): Promise<void>;
}

export interface AppOptions extends GivenProviders {
  config: Config;
  database: Database;
  clock?: () => Date;
  /** Pass false to keep tests quiet. */
  logger?: boolean;
  /** Serve the built storefront (API tests leave it out). */
  web?: boolean;
  /** Start the job queue (pg-boss); API tests that do not need it leave it off to stay fast. */
  jobs?: boolean;
}

/**
 * Builds the HTTP server over a migrated, seeded database. The caller owns the database's lifetime.
 * providers → modules → flows (telling what they commit on the event bus) → start → jobs → http → web.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database, clock = () => new Date(), logger = true, web = true } = options;
  const { app, routes, apiRoutes } = createServer(config, logger);
  const setting: Setting = { app, config, database, clock };
  const providers = await chooseProviders(setting, options);
  const modules = buildModules(setting, providers);
  const events = new EventBus((message) => app.log.warn(message));
  pushOrderNews(events, modules.push);
  const flows = buildFlows(setting, providers, modules, events);
  await startModules(modules);
  const jobs =
    options.jobs === false ? null : await startJobs(setting, modules, flows, providers.mailer, events);
  const services: Services = {
    ...modules,
    ...flows,
    jobs,
    giftCards: providers.giftCards,
    mailer: providers.mailer,
  };
  const served: { pageCache: PageCache | null } = { pageCache: null };
  const catalogueServing = () => modules.catalog.serving;
  const readiness = await registerApi(app, apiRoutes, { setting, jobs, served, catalogueServing });
  const brands = brandsOf(config);
  await registerRoutes(app, services, { config, database, clock, brands });
  served.pageCache = web
    ? await serveStorefront(app, services, { config, brands, acquirer: providers.acquirer })
    : null;
  return {
    app,
    routes,
    pageCache: served.pageCache,
    services,
    drain: () => {
      readiness.draining = true;
    },
    close: async () => {
      // Open event streams would hold the close until they time out: they reconnect elsewhere instead.
      modules.realtime.endStreams();
      await app.close();
      await jobs?.stop();
      if (providers.mailer instanceof OutboxMailer) providers.mailer.close();
      await stopModules(modules);
    },
  };
}

/** The API's plugins and guards, in the order they apply, then the metrics and health routes. */
async function registerApi(
  app: ShopServer,
  apiRoutes: ApiRoutes,
  state: {
    setting: Setting;
    jobs: JobQueue | null;
    served: { pageCache: PageCache | null };
    catalogueServing: () => boolean;
  },
): Promise<Readiness> {
  const { config, database } = state.setting;
  await registerHttpPlugins(app, config);
  registerErrorMapping(app, apiRoutes);
  registerEdgeGuards(app);
  registerSecurityHeaders(app);
  registerApiKeyGuard(app, config.API_KEYS);
  registerMetrics(
    app,
    { database, jobs: state.jobs, pageCache: () => state.served.pageCache },
    config.METRICS_KEY,
  );
  startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME });
  registerTracing(app);
  const readiness = new Readiness(state.catalogueServing);
  await app.register(healthRoutes(database, readiness));
  return readiness;
}
