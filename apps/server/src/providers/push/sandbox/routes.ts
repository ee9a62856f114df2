import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PushRefusal, type PushSandbox } from './sandbox';

/** The sandbox push service's endpoints (outside /api: push services are called by senders, not shoppers). */
export function pushSandboxRoutes(sandbox: PushSandbox): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: 8192 },
      (_r, body, done) => done(null, body),
    );
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof PushRefusal) return reply.status(error.status).send({ reason: error.message });
      throw error;
    });
    const hidden = { hide: true } as const;

    app.post('/sandbox/push/subscriptions', { schema: hidden }, async (request) =>
      sandbox.subscribe(`${request.protocol}://${request.host}`),
    );
    app.delete(
      '/sandbox/push/subscriptions/:id',
      { schema: { ...hidden, params: z.object({ id: z.string() }) } },
      async (request, reply) => {
        sandbox.unsubscribe(request.params.id);
        return reply.status(204).send();
      },
    );
    app.get(
      '/sandbox/push/subscriptions/:id/inbox',
      { schema: { ...hidden, params: z.object({ id: z.string() }) } },
      async (request) => ({ messages: sandbox.inbox(request.params.id) }),
    );
    app.post(
      '/sandbox/push/send/:id',
      // The body is encrypted (Content-Encoding: aes128gcm), never something to inflate.
      { decompress: false, schema: { ...hidden, params: z.object({ id: z.string() }) } },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = (name: string) => {
          const value = request.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        sandbox.receive(
          request.params.id,
          {
            authorization: header('authorization'),
            encoding: header('content-encoding'),
            ttl: header('ttl'),
          },
          body,
        );
        return reply.status(201).header('location', `/sandbox/push/messages/${Date.now()}`).send();
      },
    );
  };
}
