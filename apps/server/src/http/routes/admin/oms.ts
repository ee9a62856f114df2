import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appKeyHeaders,
  errorResponse,
  omsOrderListQuery,
  order,
  orderList,
  supportOrderParams,
} from '@despensa/contracts';
import type { IntegrationService } from '../../../modules/integration/service';
import type { PurchasesService } from '../../../modules/orders/purchases';
import { appKeyGuard } from '../../app-key-guard';

const tags = ['integration: orders'];
const security: { [name: string]: string[] }[] = [];
const refusals = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse };

/** VTEX's OMS (scope `orders-read`): the chain's ERP reads every customer's orders to fulfil and invoice them. */
export function omsRoutes(
  integration: IntegrationService,
  purchases: PurchasesService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = appKeyGuard(integration, 'orders-read');
    const common = { tags, security, headers: appKeyHeaders };
    app.get(
      '/api/oms/pvt/orders',
      {
        onRequest,
        schema: {
          ...common,
          summary:
            "Every customer's orders, newest first, by status (f_status) and creation (f_creationDate=creationDate:[from TO to])",
          querystring: omsOrderListQuery,
          response: { 200: orderList, ...refusals },
        },
      },
      async (request) => purchases.chainList(request.query),
    );
    app.get(
      '/api/oms/pvt/orders/:orderId',
      {
        onRequest,
        schema: {
          ...common,
          summary: 'An order: its customer, lines, totals, delivery and payment',
          params: supportOrderParams,
          response: { 200: order, ...refusals },
        },
      },
      async (request) => purchases.chainOrder(request.params.orderId),
    );
  };
}
