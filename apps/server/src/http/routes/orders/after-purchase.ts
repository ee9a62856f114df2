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
import { currentSession, requireSession } from '../../session';
import type { Picking } from '../../../flows/pick-order';
import type { RealtimeHub } from '../../../realtime/hub';
import { streamTopic } from '../../../realtime/sse';
import type { AuthService } from '../../../modules/auth/service';

type Api = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['orders'];
const orderParams = z.object({ id: z.string().min(1).max(100) });
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };

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
function pickingRoutes(app: Api, picking: Picking) {
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
      schema: {
        tags,
        summary: 'The order as it is picked: lines, weights, replacements, final total and receipt',
        params: orderParams,
        response: { 200: fulfilment, ...errors },
      },
    },
    async (request) => picking.shopper.order(currentSession(request).userId, request.params.id),
  );

  app.post(
    '/api/orders/:id/replacements/:index',
    {
      schema: {
        tags,
        summary: 'Approve or reject a proposed replacement while the order is being picked',
        params: orderParams.extend({ index: z.coerce.number().int().min(0).max(999) }),
        body: replacementAnswerBody,
        response: { 200: fulfilment, ...errors },
      },
    },
    async (request) =>
      picking.shopper.answer(
        currentSession(request).userId,
        request.params.id,
        request.params.index,
        request.body.approve,
      ),
  );

  app.post(
    '/api/orders/:id/arrived',
    {
      schema: {
        tags,
        summary: "Click al Auto: the shopper is at the store ('llegué')",
        params: orderParams,
        body: z.object({}).nullish(),
        response: { 200: fulfilment, ...errors },
      },
    },
    async (request) => picking.shopper.arrived(currentSession(request).userId, request.params.id),
  );
}

/** The order's chat with the store, and its live events. */
function chatRoutes(app: Api, picking: Picking, hub: RealtimeHub) {
  app.get(
    '/api/orders/:id/chat',
    {
      schema: {
        tags,
        summary: "The order's chat with the store and how many of its messages are pending",
        params: orderParams,
        response: { 200: chatAnswer, ...errors },
      },
    },
    async (request) => picking.shopper.chat(currentSession(request).userId, request.params.id),
  );

  app.post(
    '/api/orders/:id/chat/read',
    {
      schema: {
        tags,
        summary: "The shopper opened the chat: the store's messages are read",
        params: orderParams,
        body: z.object({}).nullish(),
        response: { 200: chatAnswer, ...errors },
      },
    },
    async (request) => picking.shopper.readChat(currentSession(request).userId, request.params.id),
  );

  app.post(
    '/api/orders/:id/chat',
    {
      schema: {
        tags,
        summary: 'The shopper writes to the store about the order',
        params: orderParams,
        body: chatBody,
        response: { 200: chatMessage, ...errors },
      },
    },
    async (request) =>
      picking.shopper.says(currentSession(request).userId, request.params.id, request.body.text),
  );

  app.get(
    '/api/orders/:id/events',
    {
      schema: {
        tags,
        summary: 'Server-sent events of the order (status, line, chat, order); resumes after Last-Event-ID',
        params: orderParams,
        produces: ['text/event-stream'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) =>
      streamTopic(
        hub,
        request,
        reply,
        await picking.shopper.topic(currentSession(request).userId, request.params.id),
      ),
  );
}
