import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';

export function healthRoutes(database: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database reachability (no key needed)',
          response: {
            200: z.object({ status: z.literal('ok'), db: z.literal('up') }),
            503: z.object({ status: z.literal('degraded'), db: z.literal('down') }),
          },
        },
      },
      async (_request, reply) => {
        try {
          await database.pool.query('SELECT 1');
          return { status: 'ok' as const, db: 'up' as const };
        } catch {
          return reply.status(503).send({ status: 'degraded' as const, db: 'down' as const });
        }
      },
    );
  };
}
