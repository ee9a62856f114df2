import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appKeyHeaders,
  catalogCollection,
  catalogCollectionCreateBody,
  catalogCollectionSku,
  catalogCollectionSkuBody,
  errorResponse,
} from '@despensa/contracts';
import type { Database } from '../../../db/client';
import { runFlow } from '../../../flows/flow';
import {
  collectionMemberFlow,
  createCollectionFlow,
  type CatalogEditModules,
} from '../../../flows/catalog-edit';
import type { IntegrationService } from '../../../modules/integration/service';
import { appKeyGuard, integrationActor } from '../../app-key-guard';

const tags = ['integration: catalog'];
const security: { [name: string]: string[] }[] = [];
const refusals = {
  400: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  429: errorResponse,
};
const collectionParams = z.object({ collectionId: z.string().regex(/^\d{1,9}$/) });

/** VTEX's collections (scope `catalog`): a hand-picked group of products, and which are in it. */
export function catalogCollectionRoutes(
  database: Database,
  integration: IntegrationService,
  modules: CatalogEditModules,
): FastifyPluginAsyncZod {
  const createCollection = createCollectionFlow(modules);
  const addSku = collectionMemberFlow(modules, true);
  const removeSku = collectionMemberFlow(modules, false);
  return async (app) => {
    const onRequest = appKeyGuard(integration, 'catalog');
    const common = { tags, security, headers: appKeyHeaders };
    app.get(
      '/api/catalog/pvt/collection/:collectionId',
      {
        onRequest,
        schema: {
          ...common,
          summary: 'A collection, with how many products it holds',
          params: collectionParams,
          response: { 200: catalogCollection, ...refusals },
        },
      },
      async (request) => modules.catalog.records.collection(Number(request.params.collectionId)),
    );
    app.post(
      '/api/catalog/pvt/collection',
      {
        onRequest,
        schema: {
          ...common,
          summary: 'Create a collection (Id given or chosen; catalogIdTaken when taken)',
          body: catalogCollectionCreateBody,
          response: { 200: catalogCollection, ...refusals },
        },
      },
      async (request) =>
        runFlow(database, createCollection, { actor: integrationActor(request), body: request.body }),
    );
    app.post(
      '/api/catalog/pvt/collection/:collectionId/stockkeepingunit',
      {
        onRequest,
        schema: {
          ...common,
          summary: "Put a SKU's product in the collection (again: no change)",
          params: collectionParams,
          body: catalogCollectionSkuBody,
          response: { 200: catalogCollectionSku, ...refusals },
        },
      },
      async (request) =>
        runFlow(database, addSku, {
          actor: integrationActor(request),
          collectionId: Number(request.params.collectionId),
          skuId: request.body.SkuId,
        }),
    );
    app.delete(
      '/api/catalog/pvt/collection/:collectionId/stockkeepingunit/:skuId',
      {
        onRequest,
        schema: {
          ...common,
          summary: "Take a SKU's product out of the collection",
          params: collectionParams.extend({ skuId: z.string().regex(/^\d{1,9}$/) }),
          response: { 200: catalogCollectionSku, ...refusals },
        },
      },
      async (request) =>
        runFlow(database, removeSku, {
          actor: integrationActor(request),
          collectionId: Number(request.params.collectionId),
          skuId: Number(request.params.skuId),
        }),
    );
  };
}
