import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Failure, errorResponse } from '@despensa/contracts';
import type { SandboxMailer } from './sandbox';

const outboxAnswer = z.object({
  messages: z.array(
    z.object({ id: z.number(), sentAt: z.string(), to: z.string(), subject: z.string(), text: z.string() }),
  ),
});

/**
 * GET /api/dev/outbox: the sandbox's mail, in development (or with MAIL_OUTBOX=on), never otherwise in
 * production. It holds every shopper's login codes, so it answers only to its own key (x-outbox-key),
 * never to the web's API key that every page carries.
 */
export function devOutboxRoutes(mailer: SandboxMailer, key: string): FastifyPluginAsyncZod {
  const expected = digest(key);
  return async (app) => {
    app.get(
      '/api/dev/outbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Mail the sandbox mailer kept (development only), newest first; needs x-outbox-key',
          headers: z.object({ 'x-outbox-key': z.string().max(200).optional() }),
          querystring: z.object({ to: z.string().max(254).optional() }),
          response: { 200: outboxAnswer, 401: errorResponse },
        },
      },
      async (request) => {
        const given = request.headers['x-outbox-key'];
        if (!given || !timingSafeEqual(digest(given), expected)) throw new Failure('invalidOutboxKey');
        return { messages: mailer.outbox(request.query.to) };
      },
    );
  };
}

/** Equal-length digests, so the comparison takes the same time whatever key is tried. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
