import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { HEALTH_WITHIN_MS } from '../../db/timeouts';
import { migrationsDone } from '../../db/migrate';

/**
 * Whether this instance takes new traffic: not from the moment it starts draining for a stop, nor while it
 * rebuilds its catalogue out of rotation (`catalogueServing`).
 */
export class Readiness {
  draining = false;

  constructor(readonly catalogueServing: () => boolean = () => true) {}
}

export function healthRoutes(database: Database, readiness: Readiness): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/ready',
      {
        schema: {
          tags: ['health'],
          summary:
            'Readiness for a load balancer (no key needed): migrations done, database reachable, not draining, not rebuilding its catalogue out of rotation',
          response: {
            200: z.object({ status: z.literal('ready') }),
            503: z.object({
              status: z.literal('not-ready'),
              reasons: z.array(z.enum(['draining', 'rebuilding', 'database', 'migrations'])),
            }),
          },
        },
      },
      async (_request, reply) => {
        const reasons: ('draining' | 'rebuilding' | 'database' | 'migrations')[] = [];
        if (readiness.draining) reasons.push('draining');
        if (!readiness.catalogueServing()) reasons.push('rebuilding');
        if (!(await databaseAnswers(database))) reasons.push('database');
        else if (!(await migrationsDone(database).catch(() => false))) reasons.push('migrations');
        if (reasons.length === 0) return { status: 'ready' as const };
        return reply.status(503).send({ status: 'not-ready' as const, reasons });
      },
    );
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
        if (await databaseAnswers(database)) return { status: 'ok' as const, db: 'up' as const };
        return reply.status(503).send({ status: 'degraded' as const, db: 'down' as const });
      },
    );
  };
}

/**
 * Whether the database answers a trivial query within HEALTH_WITHIN_MS. A stalled database must read as
 * down at once, not after the pool's own connection and query timeouts; the query left behind ends on those.
 */
async function databaseAnswers(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), HEALTH_WITHIN_MS)));
  const answered = database.pool.query('SELECT 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
