import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditEntry,
  chatAnswer,
  chatBody,
  chatMessage,
  errorResponse,
  errorResponses,
  fulfilment,
  pickingBoard,
  replacementBody,
  replacementOptions,
  replacementOptionsQuery,
  staffLoginAnswer,
  staffLoginBody,
  staffMember,
  weighBody,
} from '@despensa/contracts';
import type { Picking } from '../../flows/pick-order';
import type { OperationsService, Staff } from '../../modules/operations/service';
import { storeTopic, type RealtimeHub } from '../../realtime/hub';
import { streamTopic } from '../../realtime/sse';
import { currentStaff, loggedInStaff, publicStaff, staffCookie, staffGuard, staffToken } from '../staff';
import { emptyBody, routeSchemas, type ApiApp } from './api-app';

const tags = ['operations'];
const orderParams = z.object({ id: z.string().min(1).max(100) });
const lineParams = orderParams.extend({ index: z.coerce.number().int().min(0).max(999) });
const errors = errorResponses(400, 401, 403, 404, 409);
const ofConsole = routeSchemas({ tags }, errors);
const onOrder = routeSchemas({ tags, params: orderParams }, errors);
const onLine = routeSchemas({ tags, params: lineParams }, errors);
const STAFF_SESSION_SECONDS = 12 * 3600;

/**
 * The store-operations console's API (/api/operations). Every route but the login needs a staff session
 * (a shopper's session is not one: 401), and an order of another store is a 404.
 */
export function operationsRoutes(
  operations: OperationsService,
  picking: Picking,
  hub: RealtimeHub,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('staff', null);
    const guard = staffGuard(operations);

    app.post(
      '/api/operations/session',
      {
        schema: {
          tags,
          summary: 'Staff login: sets the console cookie (despensa_staff) and answers the token',
          body: staffLoginBody,
          response: { 200: staffLoginAnswer, 400: errorResponse, 401: errorResponse, 429: errorResponse },
        },
      },
      async (request, reply) => {
        const { staff, token } = await operations.login(
          request.body.login,
          request.body.password,
          request.ip,
        );
        staffCookie(request, reply, token, STAFF_SESSION_SECONDS);
        return { staff: publicStaff(staff), token };
      },
    );

    await app.register(async (plain) => {
      const scoped = plain.withTypeProvider<ZodTypeProvider>();
      scoped.addHook('preHandler', guard);
      staffSessionRoutes(scoped, operations);
      orderMoveRoutes(scoped, picking);
      orderLineRoutes(scoped, picking);
      orderNewsRoutes(scoped, picking, hub);
    });
  };
}

/** The logged-in operator: logout and who they are. */
function staffSessionRoutes(scoped: ApiApp, operations: OperationsService): void {
  scoped.delete(
    '/api/operations/session',
    {
      schema: ofConsole('Staff logout', z.object({ ok: z.literal(true) })),
    },
    async (request, reply) => {
      await operations.logout(staffToken(request).token);
      staffCookie(request, reply, '', 0);
      return { ok: true as const };
    },
  );

  scoped.get(
    '/api/operations/me',
    { schema: ofConsole('The logged-in operator', staffMember) },
    async (request) => publicStaff(loggedInStaff(request)),
  );
}

/** The store's orders and their moves through picking (start, invoice, hand over). */
function orderMoveRoutes(scoped: ApiApp, picking: Picking): void {
  scoped.get(
    '/api/operations/orders',
    {
      schema: ofConsole(
        "The store's orders to pick by delivery window, with counts and what is late",
        pickingBoard,
      ),
    },
    async (request) => picking.board(currentStaff(request)),
  );

  scoped.get(
    '/api/operations/orders/:id',
    {
      schema: onOrder('One order of the store as it is picked (lines in aisle order)', fulfilment),
    },
    async (request) => picking.order(currentStaff(request), request.params.id),
  );

  const move = (
    path: string,
    summary: string,
    run: (staff: Staff, id: string) => ReturnType<Picking['start']>,
  ) =>
    scoped.post(
      `/api/operations/orders/:id/${path}`,
      {
        schema: onOrder(summary, fulfilment, { body: emptyBody }),
      },
      async (request) => run(currentStaff(request), request.params.id),
    );
  move('start-handling', 'ready-for-handling → handling (picking starts)', (s, id) => picking.start(s, id));
  move('invoice', 'handling → invoiced: the receipt for the final total; releases the saved card', (s, id) =>
    picking.invoice(s, id),
  );
  move('hand-over', 'invoiced → delivered (home, express) or collected (pickup, Click al Auto)', (s, id) =>
    picking.handOver(s, id),
  );
}

/** An order's lines: picked, missing, weighed, replaced. */
function orderLineRoutes(scoped: ApiApp, picking: Picking): void {
  const line = (
    path: string,
    summary: string,
    run: (staff: Staff, id: string, index: number) => ReturnType<Picking['start']>,
  ) =>
    scoped.post(
      `/api/operations/orders/:id/lines/:index/${path}`,
      {
        schema: onLine(summary, fulfilment, { body: emptyBody }),
      },
      async (request) => run(currentStaff(request), request.params.id, request.params.index),
    );
  line('pick', 'Mark a line picked', (s, id, index) => picking.pick(s, id, index));
  line('missing', 'Mark a line missing (refunded)', (s, id, index) => picking.missing(s, id, index));

  scoped.post(
    '/api/operations/orders/:id/lines/:index/weight',
    {
      schema: onLine("A weighed item's real weight in grams; its price follows the weight", fulfilment, {
        body: weighBody,
      }),
    },
    async (request) =>
      picking.weigh(currentStaff(request), request.params.id, request.params.index, request.body.grams),
  );

  scoped.post(
    '/api/operations/orders/:id/lines/:index/replacement',
    {
      schema: onLine(
        "Propose a replacement (refused for 'no sustituir', id 2); the shopper is asked live",
        fulfilment,
        { body: replacementBody },
      ),
    },
    async (request) =>
      picking.propose(currentStaff(request), request.params.id, request.params.index, request.body),
  );

  scoped.get(
    '/api/operations/orders/:id/lines/:index/replacement-options',
    {
      schema: onLine(
        "Search the order's store for a line's replacement: products in stock at the price a proposal takes",
        replacementOptions,
        { querystring: replacementOptionsQuery },
      ),
    },
    async (request) =>
      picking.replacementOptions(
        currentStaff(request),
        request.params.id,
        request.params.index,
        request.query.q,
      ),
  );
}

/** What an order's people see and say: its audit, its chat, the store's live events. */
function orderNewsRoutes(scoped: ApiApp, picking: Picking, hub: RealtimeHub): void {
  scoped.get(
    '/api/operations/orders/:id/audit',
    {
      schema: onOrder("The order's audit: who did what, when, before and after", z.array(auditEntry)),
    },
    async (request) => picking.audit(currentStaff(request), request.params.id),
  );

  scoped.get(
    '/api/operations/orders/:id/chat',
    {
      schema: onOrder("The order's chat (the shopper's messages become read)", chatAnswer),
    },
    async (request) => picking.storeChat(currentStaff(request), request.params.id),
  );

  scoped.post(
    '/api/operations/orders/:id/chat',
    {
      schema: onOrder('The store answers in the order chat', chatMessage, { body: chatBody }),
    },
    async (request) => picking.storeSays(currentStaff(request), request.params.id, request.body.text),
  );

  scoped.get(
    '/api/operations/events',
    {
      schema: ofConsole(
        "Server-sent events of the store's orders (status, line, chat, order); resumes after Last-Event-ID",
        z.string(),
        { produces: ['text/event-stream'] },
      ),
    },
    async (request, reply) =>
      streamTopic(hub, request, reply, storeTopic(currentStaff(request).salesChannel)),
  );
}
