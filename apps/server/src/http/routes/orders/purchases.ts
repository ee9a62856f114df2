import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelBody,
  editOrderAnswer,
  editOrderBody,
  editProducts,
  editProductsQuery,
  errorResponse,
  lastOrderItems,
  order,
  orderList,
  orderListQuery,
  rescheduleBody,
} from '@despensa/contracts';
import { currentSession, requireSession } from '../../session';
import type { AuthService } from '../../../modules/auth/service';
import type { OrderChanges } from '../../../flows/order-changes';
import type { PurchasesService } from '../../../modules/orders/purchases';

type Api = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['orders'];
const idParams = z.object({ id: z.string().min(1).max(100) });
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const changeErrors = { ...errors, 409: errorResponse, 502: errorResponse };

/**
 * §7 Orders after the purchase: the customer's purchases (paged from 1), the last order, and the
 * reschedule, cancel and edit calls. All need a session; another customer's order is a 404.
 */
export function purchaseRoutes(
  purchases: PurchasesService,
  changes: OrderChanges,
  auth: AuthService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', requireSession(auth));
    orderListRoutes(app, purchases);
    orderChangeRoutes(app, purchases, changes);
  };
}

/** The customer's orders: the list, the last one. */
function orderListRoutes(app: Api, purchases: PurchasesService) {
  for (const url of ['/api/checkout/pub/orders', '/api/checkout/pub/orders/']) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: "The customer's purchases: current or old, paged from 1, by status and date",
          querystring: orderListQuery,
          response: { 200: orderList, ...errors },
        },
      },
      async (request) => purchases.list(currentSession(request).userId, request.query),
    );
  }

  app.get(
    '/api/orders/lastone',
    {
      schema: {
        tags,
        summary: "The customer's last order",
        response: { 200: order, ...errors },
      },
    },
    async (request) => purchases.lastOne(currentSession(request).userId),
  );

  app.get(
    '/api/orders/last',
    {
      schema: {
        tags,
        summary: "The lines of the customer's last order (§4 repeat last order)",
        response: { 200: lastOrderItems, ...errors },
      },
    },
    async (request) => purchases.lastItems(currentSession(request).userId),
  );
}

/** Rescheduling, canceling and editing an order (each a flow). */
function orderChangeRoutes(app: Api, purchases: PurchasesService, changes: OrderChanges) {
  app.post(
    '/api/order/reschedule/:id',
    {
      schema: {
        tags,
        summary: 'Move the order to another window of its store and mode that has room',
        params: idParams,
        body: rescheduleBody,
        response: { 200: order, ...changeErrors },
      },
    },
    async (request) => changes.reschedule(currentSession(request).userId, request.params.id, request.body),
  );

  app.post(
    '/api/order/cancel/:id',
    {
      schema: {
        tags,
        summary: 'Cancel the order before picking starts: stock and window back, payment refunded',
        params: idParams,
        body: cancelBody,
        response: { 200: order, ...changeErrors },
      },
    },
    async (request) => changes.cancel(currentSession(request).userId, request.params.id, request.body),
  );

  app.post(
    '/api/order/edit/:id',
    {
      schema: {
        tags,
        summary:
          'Add, remove or change lines until the cut-off before picking (quantity 0 removes); a higher total is charged to the saved one-click card that paid (402 when it declines)',
        params: idParams,
        body: editOrderBody,
        response: { 200: editOrderAnswer, 402: errorResponse, ...changeErrors },
      },
    },
    async (request) => changes.edit(currentSession(request).userId, request.params.id, request.body),
  );

  app.get(
    '/api/order/edit/:id/products',
    {
      schema: {
        tags,
        summary: "Products the order's store sells now, at the price a line added by an edit takes",
        params: idParams,
        querystring: editProductsQuery,
        response: { 200: editProducts, ...changeErrors },
      },
    },
    async (request) =>
      changes.editProducts(currentSession(request).userId, request.params.id, request.query.q),
  );
}
