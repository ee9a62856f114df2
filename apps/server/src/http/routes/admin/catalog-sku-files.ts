import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogSkuFile,
  catalogSkuFileBody,
  catalogSkuParams,
  errorResponse,
  type CatalogSku,
  type CatalogSkuFile,
} from '@despensa/contracts';
import type { Database } from '../../../db/client';
import { runFlow } from '../../../flows/flow';
import { skuPictureFlow, type CatalogEditModules } from '../../../flows/catalog-edit';
import type { IntegrationService } from '../../../modules/integration/service';
import { appKeyGuard, integrationActor } from '../../app-key-guard';
import { ofCatalog } from './catalog-schemas';

const onSku = ofCatalog(
  { 400: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse },
  { params: catalogSkuParams },
);

/** A SKU's files as VTEX lists them: its one picture, when the chain's media server gave one. */
function filesOf(sku: CatalogSku): CatalogSkuFile[] {
  return sku.ImageUrl ? [{ Id: sku.Id, SkuId: sku.Id, IsMain: true, Url: sku.ImageUrl }] : [];
}

/** VTEX's SKU file API (scope `catalog`): the SKU's picture from the chain's media server. */
export function catalogSkuFileRoutes(
  database: Database,
  integration: IntegrationService,
  modules: CatalogEditModules,
): FastifyPluginAsyncZod {
  const setPicture = skuPictureFlow(modules);
  const path = '/api/catalog/pvt/stockkeepingunit/:skuId/file';
  return async (app) => {
    const onRequest = appKeyGuard(integration, 'catalog');
    const files = z.array(catalogSkuFile);
    const picture = (skuId: string, url: string | null, actor: ReturnType<typeof integrationActor>) =>
      runFlow(database, setPicture, { actor, skuId: Number(skuId), body: { url } }).then(filesOf);
    app.get(
      path,
      {
        onRequest,
        schema: onSku("A SKU's picture: none while the shop draws its own", files),
      },
      async (request) => filesOf(await modules.catalog.skuRecord(Number(request.params.skuId))),
    );
    app.post(
      path,
      {
        onRequest,
        schema: onSku(
          "Set a SKU's picture from an https address (it replaces the one before; one picture a SKU)",
          files,
          { body: catalogSkuFileBody },
        ),
      },
      async (request) => picture(request.params.skuId, request.body.Url, integrationActor(request)),
    );
    app.delete(
      path,
      {
        onRequest,
        schema: onSku("Remove a SKU's picture: the shop draws its own again", files),
      },
      async (request) => picture(request.params.skuId, null, integrationActor(request)),
    );
  };
}
