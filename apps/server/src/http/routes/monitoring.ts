import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Failure, clientErrorReport, errorResponse } from '@despensa/contracts';
import { ReportLimiter } from '../../modules/monitoring/report-limiter';

/**
 * §1 performance monitor: the browser's failures, one log line each (§8 render and chunk load failures),
 * within the limits of ReportLimiter.
 */
export function monitoringRoutes(clock: () => Date): FastifyPluginAsyncZod {
  const limiter = new ReportLimiter(clock);
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
          response: { 204: z.null(), 400: errorResponse, 429: errorResponse },
        },
      },
      async (request, reply) => {
        const verdict = limiter.admit(request.ip);
        if (verdict === 'refuse') throw new Failure('tooManyReports');
        const leftOut = limiter.leftOut();
        if (leftOut > 0) request.log.warn({ leftOut }, 'client errors taken but not logged (log limit)');
        if (verdict === 'log') {
          request.log.error(
            { ...request.body, userAgent: request.headers['user-agent']?.slice(0, 300) },
            'client error',
          );
        }
        return reply.status(204).send(null);
      },
    );
  };
}
