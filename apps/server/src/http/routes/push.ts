import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushPublicKeyAnswer } from '@despensa/contracts';
import type { PushService } from '../../modules/push/service';

/** Devices register with POST /api/v1/register-device (user module); this gives the key they subscribe with. */
export function pushRoutes(push: PushService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/push/public-key',
      {
        schema: {
          tags: ['push'],
          summary: "The shop's VAPID public key (applicationServerKey for PushManager.subscribe)",
          response: { 200: pushPublicKeyAnswer },
        },
      },
      async () => ({ publicKey: push.publicKey() }),
    );
  };
}
