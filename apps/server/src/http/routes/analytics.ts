import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsBatch,
  analyticsBatchAnswer,
  analyticsDashboard,
  analyticsDashboardQuery,
  errorResponse,
} from '@despensa/contracts';
import type { AnalyticsService } from '../../modules/analytics/service';

/** Where the browser sends its batches; sendBeacon cannot set headers, so the key may ride in the query. */
export const ANALYTICS_EVENTS_PATH = '/api/analytics/events';
/**
 * `staffGuard` admits a staff session whose role reads analytics (the operations module's guard: the
 * x-staff-token header or the console's cookie).
 */
export function analyticsRoutes(
  analytics: AnalyticsService,
  staffGuard: (request: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
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
            "The merchandisers' dashboard: funnel, searches, top products, Core Web Vitals p75 (a merchandiser's or admin's staff session)",
          querystring: analyticsDashboardQuery,
          response: { 200: analyticsDashboard, 401: errorResponse, 403: errorResponse },
        },
        preHandler: staffGuard,
      },
      async (request) => analytics.dashboard(request.query),
    );
  };
}
