import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appKeyHeaders, errorResponse, Failure, itemParams, priceBody, priceView } from '@despensa/contracts';
import type { Database } from '../../../db/client';
import { runFlow } from '../../../flows/flow';
import { deletePriceFlow, putPriceFlow, type PriceChangeModules } from '../../../flows/price-change';
import type { IntegrationService } from '../../../modules/integration/service';
import { appKeyGuard, integrationActor } from '../../app-key-guard';

const tags = ['integration: pricing'];
/** Integration routes authenticate with VTEX's app key and token, not the storefront's x-api-key. */
const security: { [name: string]: string[] }[] = [];
const refusals = { 403: errorResponse, 429: errorResponse };

/** VTEX's Pricing API (scope `prices`): an ERP's price of a SKU, integer CLP. */
export function pricingRoutes(
  database: Database,
  integration: IntegrationService,
  modules: PriceChangeModules,
  clock: () => Date,
): FastifyPluginAsyncZod {
  const putPrice = putPriceFlow(modules);
  const deletePrice = deletePriceFlow(modules);
  return async (app) => {
    const onRequest = appKeyGuard(integration, 'prices');
    app.get(
      '/api/pricing/prices/:itemId',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: "A SKU's price: base, list and cost prices and its fixed prices per trade policy",
          headers: appKeyHeaders,
          params: itemParams,
          response: { 200: priceView, ...refusals },
        },
      },
      async (request) => {
        const skuId = Number(request.params.itemId);
        if (!(await modules.catalog.skuIsKnown(skuId, database.db))) throw new Failure('skuNotFound');
        const price = await modules.pricing.price(skuId);
        if (!price) throw new Failure('priceNotFound');
        return price;
      },
    );
    app.put(
      '/api/pricing/prices/:itemId',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary:
            "Create or replace a SKU's price; shoppers see it at once. Refused under cost when the chain forbids it (priceBelowCost)",
          headers: appKeyHeaders,
          params: itemParams,
          body: priceBody,
          response: { 200: priceView, ...refusals },
        },
      },
      async (request) =>
        runFlow(database, putPrice, {
          actor: integrationActor(request),
          skuId: Number(request.params.itemId),
          body: request.body,
          now: clock(),
        }),
    );
    app.delete(
      '/api/pricing/prices/:itemId',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: "Delete a SKU's price: the SKU is not sold until it has one again",
          headers: appKeyHeaders,
          params: itemParams,
          response: { 200: z.object({ ok: z.literal(true) }), ...refusals },
        },
      },
      async (request) => {
        await runFlow(database, deletePrice, {
          actor: integrationActor(request),
          skuId: Number(request.params.itemId),
        });
        return { ok: true as const };
      },
    );
  };
}
