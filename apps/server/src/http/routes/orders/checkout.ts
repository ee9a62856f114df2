import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  errorResponse,
  order,
  orderStatusAnswer,
  paymentTransaction,
  transactionAnswer,
  transactionBody,
} from '@despensa/contracts';
import { currentSession, requireSession } from '../../session';
import type { AuthService } from '../../../modules/auth/service';
import type { Checkout } from '../../../flows/place-order';
import type { OrdersService } from '../../../modules/orders/service';

type Api = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['orders'];
const idParams = z.object({ id: z.string().min(1).max(100) });
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

/**
 * §7 checkout transaction and Orders. All need a session; an order, group or transaction of another
 * customer is a 404, never data.
 */
/** `brandNameOf`: the brand whose host the request came to (§1 white-label), for the e-mails placing sends. */
export function ordersRoutes(
  orders: OrdersService,
  checkout: Checkout,
  auth: AuthService,
  brandNameOf: (request: FastifyRequest) => string,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', requireSession(auth));
    placementRoute(app, checkout, brandNameOf);
    orderReadRoutes(app, orders);
    sendMailRoute(app, orders, checkout);
  };
}

/** POST /api/checkout/pub/orderform/transaction: the cart placed as an order, its payment started. */
function placementRoute(app: Api, checkout: Checkout, brandNameOf: (request: FastifyRequest) => string) {
  app.post(
    '/api/checkout/pub/orderform/transaction',
    {
      schema: {
        tags,
        summary:
          'Place the cart as an order and start its payment (idempotent per cart; x-idempotency-key optional)',
        headers: z.object({ 'x-idempotency-key': z.string().min(1).max(100).optional() }),
        body: transactionBody,
        response: {
          200: transactionAnswer,
          ...errors,
          // The acquirer, wallet or gift-card issuer said no; a blocked address (§4 step 4).
          402: errorResponse,
          403: errorResponse,
          409: errorResponse,
          422: errorResponse,
        },
      },
    },
    async (request) =>
      checkout.placeOrder(
        {
          orderFormId: request.body.referenceId,
          userId: currentSession(request).userId,
          body: request.body,
          brandName: brandNameOf(request),
        },
        {
          clientKey: request.headers['x-idempotency-key'],
          origin: `${request.protocol}://${request.host}`,
        },
      ),
  );
}

/** The customer's orders, order groups, transactions and statuses. */
function orderReadRoutes(app: Api, orders: OrdersService) {
  app.get(
    '/api/checkout/pub/orders/:id',
    {
      schema: {
        tags,
        summary: 'One order of the customer',
        params: idParams,
        response: { 200: order, ...errors },
      },
    },
    async (request) => orders.order(currentSession(request).userId, request.params.id),
  );

  app.get(
    '/api/checkout/pub/orders/group/:id',
    {
      schema: {
        tags,
        summary: "An order group's orders (the order-placed page)",
        params: idParams,
        response: { 200: z.array(order), ...errors },
      },
    },
    async (request) => orders.group(currentSession(request).userId, request.params.id),
  );

  app.get(
    '/api/pvt/transactions/:id',
    {
      schema: {
        tags,
        summary: 'A payment transaction of the customer',
        params: idParams,
        response: { 200: paymentTransaction, ...errors },
      },
    },
    async (request) => orders.transaction(currentSession(request).userId, request.params.id),
  );

  app.get(
    '/api/orden/status/:id',
    {
      schema: {
        tags,
        summary: "An order's status",
        params: idParams,
        response: { 200: orderStatusAnswer, ...errors },
      },
    },
    async (request) => {
      const found = await orders.order(currentSession(request).userId, request.params.id);
      return {
        orderId: found.orderId,
        orderGroup: found.orderGroup,
        status: found.status,
        statusDescription: found.statusDescription,
      };
    },
  );
}

function sendMailRoute(app: Api, orders: OrdersService, checkout: Checkout) {
  app.post(
    '/api/order/sendmail/:id',
    {
      schema: {
        tags,
        summary: "Send the order's confirmation e-mail again (the order group's)",
        params: idParams,
        body: z.object({}).nullish(),
        response: { 200: z.object({ sent: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const found = await orders.order(currentSession(request).userId, request.params.id);
      await checkout.sendConfirmation(found.orderGroup);
      return { sent: true as const };
    },
  );
}
