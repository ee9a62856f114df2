import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatAnswer,
  chatBody,
  chatNotification,
  chatMessage,
  errorResponse,
  fulfilment,
  replacementAnswerBody,
} from '@despensa/contracts';
import { currentSession, requireSession, sessionUserId } from '../../session';
import { emptyBody, routeSchemas, type ApiApp } from '../api-app';
import type { Picking } from '../../../flows/pick-order';
import type { RealtimeHub } from '../../../realtime/hub';
import { streamTopic } from '../../../realtime/sse';
import type { AuthService } from '../../../modules/auth/service';

const tags = ['orders'];
const orderParams = z.object({ id: z.string().min(1).max(100) });
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };
const onOrder = routeSchemas({ tags, params: orderParams }, errors);
const onReplacement = routeSchemas(
  { tags, params: orderParams.extend({ index: z.coerce.number().int().min(0).max(999) }) },
  errors,
);

/**
 * What the shopper does with an order while the store works on it: follow the picking, answer proposed
 * replacements, say 'llegué' (Click al Auto), chat with the store and hear it all live. The shopper's own
 * orders only: any other is a 404.
 */
export function afterPurchaseRoutes(
  picking: Picking,
  hub: RealtimeHub,
  auth: AuthService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', requireSession(auth));
    pickingRoutes(app, picking);
    chatRoutes(app, picking, hub);
  };
}

/** The shopper's side of the picking: the order as picked, replacement answers, 'llegué'. */
function pickingRoutes(app: ApiApp, picking: Picking) {
  app.get(
    '/api/orders/chat-notification',
    {
      schema: {
        tags,
        summary:
          "The main header's chat notification: the store's pending messages over the shopper's orders",
        response: { 200: chatNotification, 401: errorResponse },
      },
    },
    async (request) => picking.shopper.chatNotification(currentSession(request).userId),
  );

  app.get(
    '/api/orders/:id/fulfilment',
    {
      schema: onOrder(
        'The order as it is picked: lines, weights, replacements, final total and receipt',
        fulfilment,
      ),
    },
    async (request) => picking.shopper.order(sessionUserId(request), request.params.id),
  );

  app.post(
    '/api/orders/:id/replacements/:index',
    {
      schema: onReplacement(
        'Approve or reject a proposed replacement while the order is being picked',
        fulfilment,
        {
          body: replacementAnswerBody,
        },
      ),
    },
    async (request) =>
      picking.shopper.answer(
        sessionUserId(request),
        request.params.id,
        request.params.index,
        request.body.approve,
      ),
  );

  app.post(
    '/api/orders/:id/arrived',
    {
      schema: onOrder("Click al Auto: the shopper is at the store ('llegué')", fulfilment, {
        body: emptyBody,
      }),
    },
    async (request) => picking.shopper.arrived(sessionUserId(request), request.params.id),
  );
}

/** The order's chat with the store, and its live events. */
function chatRoutes(app: ApiApp, picking: Picking, hub: RealtimeHub) {
  app.get(
    '/api/orders/:id/chat',
    {
      schema: onOrder("The order's chat with the store and how many of its messages are pending", chatAnswer),
    },
    async (request) => picking.shopper.chat(sessionUserId(request), request.params.id),
  );

  app.post(
    '/api/orders/:id/chat/read',
    {
      schema: onOrder("The shopper opened the chat: the store's messages are read", chatAnswer, {
        body: emptyBody,
      }),
    },
    async (request) => picking.shopper.readChat(sessionUserId(request), request.params.id),
  );

  app.post(
    '/api/orders/:id/chat',
    { schema: onOrder('The shopper writes to the store about the order', chatMessage, { body: chatBody }) },
    async (request) => picking.shopper.says(sessionUserId(request), request.params.id, request.body.text),
  );

  app.get(
    '/api/orders/:id/events',
    {
      schema: onOrder(
        'Server-sent events of the order (status, line, chat, order); resumes after Last-Event-ID',
        z.string(),
        { produces: ['text/event-stream'] },
      ),
    },
    async (request, reply) =>
      streamTopic(
        hub,
        request,
        reply,
        await picking.shopper.topic(sessionUserId(request), request.params.id),
      ),
  );
}
