import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SandboxMailer } from './sandbox';

/** GET /api/dev/outbox: the sandbox's mail, in development (or with MAIL_OUTBOX=on), never otherwise in production. */
export function devOutboxRoutes(mailer: SandboxMailer): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/dev/outbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Mail the sandbox mailer kept (development only), newest first',
          querystring: z.object({ to: z.string().max(254).optional() }),
        },
      },
      async (request) => ({ messages: mailer.outbox(request.query.to) }),
    );
  };
}
