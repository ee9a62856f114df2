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
import { requireSession, sessionUserId } from '../../session';
import { routeSchemas, type ApiApp } from '../api-app';
import type { AuthService } from '../../../modules/auth/service';
import type { OrderChanges } from '../../../flows/order-changes';
import type { PurchasesService } from '../../../modules/orders/purchases';

const tags = ['orders'];
const idParams = z.object({ id: z.string().min(1).max(100) });
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const changeErrors = { ...errors, 409: errorResponse, 502: errorResponse };
const ofOrders = routeSchemas({ tags }, errors);
const onOrderChange = routeSchemas({ tags, params: idParams }, changeErrors);
// An edit that raises the total charges the card that paid: 402 when it declines.
const onOrderEdit = routeSchemas({ tags, params: idParams }, { 402: errorResponse, ...changeErrors });

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
function orderListRoutes(app: ApiApp, purchases: PurchasesService) {
  for (const url of ['/api/checkout/pub/orders', '/api/checkout/pub/orders/']) {
    app.get(
      url,
      {
        schema: ofOrders(
          "The customer's purchases: current or old, paged from 1, by status and date",
          orderList,
          {
            querystring: orderListQuery,
          },
        ),
      },
      async (request) => purchases.list(sessionUserId(request), request.query),
    );
  }

  app.get('/api/orders/lastone', { schema: ofOrders("The customer's last order", order) }, async (request) =>
    purchases.lastOne(sessionUserId(request)),
  );

  app.get(
    '/api/orders/last',
    { schema: ofOrders("The lines of the customer's last order (§4 repeat last order)", lastOrderItems) },
    async (request) => purchases.lastItems(sessionUserId(request)),
  );
}

/** Rescheduling, canceling and editing an order (each a flow). */
function orderChangeRoutes(app: ApiApp, purchases: PurchasesService, changes: OrderChanges) {
  app.post(
    '/api/order/reschedule/:id',
    {
      schema: onOrderChange('Move the order to another window of its store and mode that has room', order, {
        body: rescheduleBody,
      }),
    },
    async (request) => changes.reschedule(sessionUserId(request), request.params.id, request.body),
  );

  app.post(
    '/api/order/cancel/:id',
    {
      schema: onOrderChange(
        'Cancel the order before picking starts: stock and window back, payment refunded',
        order,
        { body: cancelBody },
      ),
    },
    async (request) => changes.cancel(sessionUserId(request), request.params.id, request.body),
  );

  app.post(
    '/api/order/edit/:id',
    {
      schema: onOrderEdit(
        'Add, remove or change lines until the cut-off before picking (quantity 0 removes); a higher total is charged to the saved one-click card that paid (402 when it declines)',
        editOrderAnswer,
        { body: editOrderBody },
      ),
    },
    async (request) => changes.edit(sessionUserId(request), request.params.id, request.body),
  );

  app.get(
    '/api/order/edit/:id/products',
    {
      schema: onOrderChange(
        "Products the order's store sells now, at the price a line added by an edit takes",
        editProducts,
        { querystring: editProductsQuery },
      ),
    },
    async (request) => changes.editProducts(sessionUserId(request), request.params.id, request.query.q),
  );
}
