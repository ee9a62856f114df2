import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Failure,
  analyticsBatch,
  analyticsBatchAnswer,
  analyticsDashboard,
  analyticsDashboardQuery,
  errorResponse,
} from '@despensa/contracts';
import type { AnalyticsService } from './service';

/** Where the browser sends its batches; sendBeacon cannot set headers, so the key may ride in the query. */
export const ANALYTICS_EVENTS_PATH = '/api/analytics/events';
/** The consumer whose key is the staff's (the store operations console). */
export const STAFF_CONSUMER = 'osm';

export function analyticsRoutes(analytics: AnalyticsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      ANALYTICS_EVENTS_PATH,
      {
        bodyLimit: 64 * 1024,
        schema: {
          tags: ['analytics'],
          summary:
            'A batch of analytics events and web vitals (§7); a bot user agent is accepted and ignored',
          querystring: z.object({
            apiKey: z.string().max(200).optional().describe('x-api-key, for navigator.sendBeacon'),
            consumer: z.string().max(50).optional().describe('x-consumer, for navigator.sendBeacon'),
          }),
          body: analyticsBatch,
          response: { 202: analyticsBatchAnswer, 400: errorResponse },
        },
      },
      async (request, reply) => {
        const accepted = await analytics.record(request.body, request.headers['user-agent']);
        return reply.status(202).send({ accepted });
      },
    );

    app.get(
      '/api/analytics/dashboard',
      {
        schema: {
          tags: ['analytics'],
          summary:
            "The merchandisers' dashboard: funnel, searches, top products, Core Web Vitals p75 (staff key)",
          querystring: analyticsDashboardQuery,
          response: { 200: analyticsDashboard, 403: errorResponse },
        },
      },
      async (request) => {
        if (request.consumer !== STAFF_CONSUMER) throw new Failure('staffOnly');
        return analytics.dashboard(request.query);
      },
    );
  };
}
