import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponses,
  lineRefundBody,
  lineRefundParams,
  supportOrder,
  supportOrderParams,
  supportOrderQuery,
  supportSearch,
} from '@despensa/contracts';
import { staffSupports } from '@despensa/domain';
import type { SupportDesk } from '../../../flows/support-desk';
import type { OperationsService } from '../../../modules/operations/service';
import { staffActor, staffSection } from './back-office-guard';

const tags = ['back office: support'];

/**
 * The back office's orders and customers for support (/api/admin/support, issue 30 §4): find, read the
 * timeline, refund a line through the payment it came from, resend the confirmation e-mail.
 */
export function supportRoutes(operations: OperationsService, desk: SupportDesk): FastifyPluginAsyncZod {
  return async (plain) => {
    const app = staffSection(plain, operations, staffSupports);
    app.get(
      '/api/admin/support/orders',
      {
        schema: {
          tags,
          summary: 'Orders by order id or group, customer e-mail or RUT, and/or day; the customers named',
          querystring: supportOrderQuery,
          response: { 200: supportSearch, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => desk.search(request.query),
    );
    app.get(
      '/api/admin/support/orders/:orderId',
      {
        schema: {
          tags,
          summary: 'An order for support: customer, payment, lines (refunded or not) and its timeline',
          params: supportOrderParams,
          response: { 200: supportOrder, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => desk.order(request.params.orderId),
    );
    app.post(
      '/api/admin/support/orders/:orderId/lines/:index/refund',
      {
        schema: {
          tags,
          summary:
            'Refund a line (or part of it) through the payment it came from: refundAboveCharged, refundWholeOnly, lineAlreadyRefunded',
          params: lineRefundParams,
          body: lineRefundBody,
          response: { 200: supportOrder, ...errorResponses(400, 401, 403, 404, 409, 502) },
        },
      },
      async (request) =>
        desk.refundLine(staffActor(request), {
          orderId: request.params.orderId,
          index: request.params.index,
          amount: request.body.amount,
        }),
    );
    app.post(
      '/api/admin/support/orders/:orderId/confirmation',
      {
        schema: {
          tags,
          summary: "Send the order's confirmation e-mail again (through the mail outbox)",
          params: supportOrderParams,
          response: { 200: supportOrder, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => desk.resendConfirmation(staffActor(request), request.params.orderId),
    );
  };
}
