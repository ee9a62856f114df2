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
import { currentSession, requireSession, sessionUserId } from '../../session';
import { emptyBody, routeSchemas, type ApiApp } from '../api-app';
import type { AuthService } from '../../../modules/auth/service';
import type { Checkout } from '../../../flows/place-order';
import type { OrdersService } from '../../../modules/orders/service';

const tags = ['orders'];
const idParams = z.object({ id: z.string().min(1).max(100) });
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const onOrder = routeSchemas({ tags, params: idParams }, errors);

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
function placementRoute(app: ApiApp, checkout: Checkout, brandNameOf: (request: FastifyRequest) => string) {
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
function orderReadRoutes(app: ApiApp, orders: OrdersService) {
  readOwn(app, '/api/checkout/pub/orders/:id', 'One order of the customer', order, (userId, id) =>
    orders.order(userId, id),
  );
  readOwn(
    app,
    '/api/checkout/pub/orders/group/:id',
    "An order group's orders (the order-placed page)",
    z.array(order),
    (userId, id) => orders.group(userId, id),
  );
  readOwn(
    app,
    '/api/pvt/transactions/:id',
    'A payment transaction of the customer',
    paymentTransaction,
    (userId, id) => orders.transaction(userId, id),
  );

  app.get(
    '/api/orden/status/:id',
    { schema: onOrder("An order's status", orderStatusAnswer) },
    async (request) => {
      const found = await orders.order(sessionUserId(request), request.params.id);
      return {
        orderId: found.orderId,
        orderGroup: found.orderGroup,
        status: found.status,
        statusDescription: found.statusDescription,
      };
    },
  );
}

/** GET of one of the customer's own things by its id; the service answers another customer's with a 404. */
function readOwn<Answer extends z.ZodType>(
  app: ApiApp,
  url: string,
  summary: string,
  answer: Answer,
  read: (userId: string, id: string) => Promise<z.output<Answer>>,
) {
  // Each call's `read` is checked against its answer above; the route sees the answer as any schema.
  const schema = onOrder(summary, answer as z.ZodType);
  app.get(url, { schema }, async (request) => read(sessionUserId(request), request.params.id));
}

function sendMailRoute(app: ApiApp, orders: OrdersService, checkout: Checkout) {
  app.post(
    '/api/order/sendmail/:id',
    {
      schema: onOrder(
        "Send the order's confirmation e-mail again (the order group's)",
        z.object({ sent: z.literal(true) }),
        {
          body: emptyBody,
        },
      ),
    },
    async (request) => {
      const found = await orders.order(sessionUserId(request), request.params.id);
      await checkout.sendConfirmation(found.orderGroup);
      return { sent: true as const };
    },
  );
}
