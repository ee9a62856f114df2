import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appKeyHeaders, errorResponse, inventoryBody, inventoryParams } from '@despensa/contracts';
import type { Database } from '../../../db/client';
import { runFlow } from '../../../flows/flow';
import { setInventoryFlow, type InventoryChangeModules } from '../../../flows/inventory-change';
import type { IntegrationService } from '../../../modules/integration/service';
import { appKeyGuard, integrationActor } from '../../app-key-guard';

const tags = ['integration: logistics'];
const security: { [name: string]: string[] }[] = [];

/** VTEX's Logistics inventory API (scope `stock`): a store's count of a SKU. */
export function inventoryRoutes(
  database: Database,
  integration: IntegrationService,
  modules: InventoryChangeModules,
): FastifyPluginAsyncZod {
  const setInventory = setInventoryFlow(modules);
  return async (app) => {
    app.put(
      '/api/logistics/pvt/inventory/skus/:skuId/warehouses/:warehouseId',
      {
        onRequest: appKeyGuard(integration, 'stock'),
        schema: {
          tags,
          security,
          summary:
            "Set a SKU's units in a store's warehouse; refused under what open orders and holds took (stockBelowCommitted)",
          headers: appKeyHeaders,
          params: inventoryParams,
          body: inventoryBody,
          response: { 200: z.literal(true), 403: errorResponse, 409: errorResponse, 429: errorResponse },
        },
      },
      async (request) =>
        runFlow(database, setInventory, {
          actor: integrationActor(request),
          skuId: Number(request.params.skuId),
          warehouseId: request.params.warehouseId,
          body: request.body,
        }),
    );
  };
}
