import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
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
import { ofCatalog } from './catalog-schemas';

const ofCollections = ofCatalog({
  400: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  429: errorResponse,
});
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
    app.get(
      '/api/catalog/pvt/collection/:collectionId',
      {
        onRequest,
        schema: ofCollections('A collection, with how many products it holds', catalogCollection, {
          params: collectionParams,
        }),
      },
      async (request) => modules.catalog.records.collection(Number(request.params.collectionId)),
    );
    app.post(
      '/api/catalog/pvt/collection',
      {
        onRequest,
        schema: ofCollections(
          'Create a collection (Id given or chosen; catalogIdTaken when taken)',
          catalogCollection,
          { body: catalogCollectionCreateBody },
        ),
      },
      async (request) =>
        runFlow(database, createCollection, { actor: integrationActor(request), body: request.body }),
    );
    app.post(
      '/api/catalog/pvt/collection/:collectionId/stockkeepingunit',
      {
        onRequest,
        schema: ofCollections(
          "Put a SKU's product in the collection (again: no change)",
          catalogCollectionSku,
          {
            params: collectionParams,
            body: catalogCollectionSkuBody,
          },
        ),
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
        schema: ofCollections("Take a SKU's product out of the collection", catalogCollectionSku, {
          params: collectionParams.extend({ skuId: z.string().regex(/^\d{1,9}$/) }),
        }),
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
