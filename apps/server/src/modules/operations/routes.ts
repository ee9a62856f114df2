import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditEntry,
  chatAnswer,
  chatBody,
  chatMessage,
  errorResponse,
  errorResponses,
  Failure,
  fulfilment,
  pickingBoard,
  replacementBody,
  staffLoginAnswer,
  staffLoginBody,
  staffMember,
  weighBody,
} from '@despensa/contracts';
import { staffMay, type StaffDuty } from '@despensa/domain';
import { checkOrigin, readCookie } from '../../http/session';
import type { Picking } from '../../flows/pick-order';
import { storeTopic, type RealtimeHub } from '../../realtime/hub';
import { streamTopic } from '../../realtime/sse';
import { STAFF_COOKIE, type OperationsService, type Staff } from './service';
import { publicStaff } from './web';

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member of a console route, set by the staff guard. */
    staff: Staff | null;
  }
}

const tags = ['operations'];
const orderParams = z.object({ id: z.string().min(1).max(100) });
const lineParams = orderParams.extend({ index: z.coerce.number().int().min(0).max(999) });
const errors = errorResponses(400, 401, 403, 404, 409);
const STAFF_SESSION_SECONDS = 12 * 3600;

/** The staff token: the x-staff-token header (tools, tests) or the console's own cookie. */
function staffToken(request: FastifyRequest): { token: string | undefined; viaCookie: boolean } {
  const header = request.headers['x-staff-token'];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return { token: fromHeader, viaCookie: false };
  return { token: readCookie(request, STAFF_COOKIE), viaCookie: true };
}

function staffCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAge: number) {
  reply.header(
    'set-cookie',
    [
      `${STAFF_COOKIE}=${token}`,
      'Path=/',
      `Max-Age=${maxAge}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(request.protocol === 'https' ? ['Secure'] : []),
    ].join('; '),
  );
}

function loggedInStaff(request: FastifyRequest): Staff {
  if (!request.staff) throw new Failure('notStaff');
  return request.staff;
}

/** The operator of a picking route: a merchandiser's session does not open the store's orders. */
function currentStaff(request: FastifyRequest): Staff {
  const staff = loggedInStaff(request);
  if (!staffMay(staff.role, 'picking')) throw new Failure('staffRoleForbidden');
  return staff;
}

/**
 * A console route's guard: a live staff session (header or the console's cookie, whose requests must come
 * from the shop's own pages) whose role has the duty when one is named.
 */
export function staffGuard(operations: OperationsService, duty?: StaffDuty) {
  return async (request: FastifyRequest) => {
    const { token, viaCookie } = staffToken(request);
    const staff = await operations.session(token);
    if (!staff) throw new Failure('notStaff');
    checkOrigin(request, viaCookie);
    if (duty && !staffMay(staff.role, duty)) throw new Failure('staffRoleForbidden');
    request.staff = staff;
  };
}

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

      scoped.delete(
        '/api/operations/session',
        {
          schema: {
            tags,
            summary: 'Staff logout',
            response: { 200: z.object({ ok: z.literal(true) }), ...errors },
          },
        },
        async (request, reply) => {
          await operations.logout(staffToken(request).token);
          staffCookie(request, reply, '', 0);
          return { ok: true as const };
        },
      );

      scoped.get(
        '/api/operations/me',
        { schema: { tags, summary: 'The logged-in operator', response: { 200: staffMember, ...errors } } },
        async (request) => publicStaff(loggedInStaff(request)),
      );

      scoped.get(
        '/api/operations/orders',
        {
          schema: {
            tags,
            summary: "The store's orders to pick by delivery window, with counts and what is late",
            response: { 200: pickingBoard, ...errors },
          },
        },
        async (request) => picking.board(currentStaff(request)),
      );

      scoped.get(
        '/api/operations/orders/:id',
        {
          schema: {
            tags,
            summary: 'One order of the store as it is picked (lines in aisle order)',
            params: orderParams,
            response: { 200: fulfilment, ...errors },
          },
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
            schema: {
              tags,
              summary,
              params: orderParams,
              body: z.object({}).nullish(),
              response: { 200: fulfilment, ...errors },
            },
          },
          async (request) => run(currentStaff(request), request.params.id),
        );
      move('start-handling', 'ready-for-handling → handling (picking starts)', (s, id) =>
        picking.start(s, id),
      );
      move(
        'invoice',
        'handling → invoiced: the receipt for the final total; releases the saved card',
        (s, id) => picking.invoice(s, id),
      );
      move(
        'hand-over',
        'invoiced → delivered (home, express) or collected (pickup, Click al Auto)',
        (s, id) => picking.handOver(s, id),
      );

      const line = (
        path: string,
        summary: string,
        run: (staff: Staff, id: string, index: number) => ReturnType<Picking['start']>,
      ) =>
        scoped.post(
          `/api/operations/orders/:id/lines/:index/${path}`,
          {
            schema: {
              tags,
              summary,
              params: lineParams,
              body: z.object({}).nullish(),
              response: { 200: fulfilment, ...errors },
            },
          },
          async (request) => run(currentStaff(request), request.params.id, request.params.index),
        );
      line('pick', 'Mark a line picked', (s, id, index) => picking.pick(s, id, index));
      line('missing', 'Mark a line missing (refunded)', (s, id, index) => picking.missing(s, id, index));

      scoped.post(
        '/api/operations/orders/:id/lines/:index/weight',
        {
          schema: {
            tags,
            summary: "A weighed item's real weight in grams; its price follows the weight",
            params: lineParams,
            body: weighBody,
            response: { 200: fulfilment, ...errors },
          },
        },
        async (request) =>
          picking.weigh(currentStaff(request), request.params.id, request.params.index, request.body.grams),
      );

      scoped.post(
        '/api/operations/orders/:id/lines/:index/replacement',
        {
          schema: {
            tags,
            summary: "Propose a replacement (refused for 'no sustituir', id 2); the shopper is asked live",
            params: lineParams,
            body: replacementBody,
            response: { 200: fulfilment, ...errors },
          },
        },
        async (request) =>
          picking.propose(currentStaff(request), request.params.id, request.params.index, request.body),
      );

      scoped.get(
        '/api/operations/orders/:id/audit',
        {
          schema: {
            tags,
            summary: "The order's audit: who did what, when, before and after",
            params: orderParams,
            response: { 200: z.array(auditEntry), ...errors },
          },
        },
        async (request) => picking.audit(currentStaff(request), request.params.id),
      );

      scoped.get(
        '/api/operations/orders/:id/chat',
        {
          schema: {
            tags,
            summary: "The order's chat (the shopper's messages become read)",
            params: orderParams,
            response: { 200: chatAnswer, ...errors },
          },
        },
        async (request) => picking.storeChat(currentStaff(request), request.params.id),
      );

      scoped.post(
        '/api/operations/orders/:id/chat',
        {
          schema: {
            tags,
            summary: 'The store answers in the order chat',
            params: orderParams,
            body: chatBody,
            response: { 200: chatMessage, ...errors },
          },
        },
        async (request) => picking.storeSays(currentStaff(request), request.params.id, request.body.text),
      );

      scoped.get(
        '/api/operations/events',
        {
          schema: {
            tags,
            summary:
              "Server-sent events of the store's orders (status, line, chat, order); resumes after Last-Event-ID",
            produces: ['text/event-stream'],
            response: { 200: z.string(), ...errors },
          },
        },
        async (request, reply) =>
          streamTopic(hub, request, reply, storeTopic(currentStaff(request).salesChannel)),
      );
    });
  };
}
