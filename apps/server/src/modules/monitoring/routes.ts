import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientErrorReport, errorResponse } from '@despensa/contracts';

/** §1 performance monitor: the browser's failures, one log line each (§8 render and chunk load failures). */
export function monitoringRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/client-errors',
      {
        // Reports are small; a larger body is not a report.
        bodyLimit: 16 * 1024,
        schema: {
          tags: ['monitoring'],
          summary: 'Report a render failure or a script/stylesheet chunk that failed to load',
          body: clientErrorReport,
          response: { 204: z.null(), 400: errorResponse },
        },
      },
      async (request, reply) => {
        const report = request.body;
        request.log.error(
          { ...report, userAgent: request.headers['user-agent']?.slice(0, 300) },
          'client error',
        );
        return reply.status(204).send(null);
      },
    );
  };
}
