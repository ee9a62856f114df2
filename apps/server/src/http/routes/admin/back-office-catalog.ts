import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backOfficeProduct,
  backOfficeProductHit,
  backOfficeProductQuery,
  backOfficeStockParams,
  catalogProduct,
  catalogProductBody,
  catalogProductParams,
  catalogSku,
  catalogSkuBody,
  catalogSkuParams,
  inventoryBody,
  popularSearchesBody,
  popularSearchesResponse,
  priceBody,
  priceView,
} from '@despensa/contracts';
import type { Database } from '../../../db/client';
import { productHits, productPage, type BackOfficeViewModules } from '../../../flows/back-office-views';
import { editProductFlow, editSkuFlow, setPopularSearchesFlow } from '../../../flows/catalog-edit';
import { runFlow } from '../../../flows/flow';
import { setInventoryFlow } from '../../../flows/inventory-change';
import { putPriceFlow } from '../../../flows/price-change';
import type { AuditService } from '../../../modules/audit/service';
import type { OperationsService } from '../../../modules/operations/service';
import type { OrdersService } from '../../../modules/orders/service';
import { merchandised, staffActor } from './back-office-guard';
import { ofBackOffice } from './back-office-schemas';

export type BackOfficeCatalogModules = BackOfficeViewModules & { audit: AuditService; orders: OrdersService };

/**
 * The back office's catalogue (/api/admin/catalog, merchandisers and administrators): search, a product
 * with its SKUs, prices and shelves per store, and its edits, each through the integration APIs' flow
 * (the same checks, the same audit rows, the staff member as the actor).
 */
export function backOfficeCatalogRoutes(
  database: Database,
  operations: OperationsService,
  modules: BackOfficeCatalogModules,
  clock: () => Date,
): FastifyPluginAsyncZod {
  return async (plain) => {
    await plain.register(catalogEditRoutes(database, operations, modules));
    await plain.register(shelfEditRoutes(database, operations, modules, clock));
    const app = merchandised(plain, operations);
    app.get(
      '/api/admin/catalog/products',
      {
        schema: ofBackOffice(
          'Products by name, product or SKU id, or EAN (at most 50)',
          z.array(backOfficeProductHit),
          { querystring: backOfficeProductQuery },
        ),
      },
      async (request) => productHits(modules.catalog, request.query.q),
    );
    app.get(
      '/api/admin/catalog/products/:productId',
      {
        schema: ofBackOffice(
          'A product, its SKUs with their prices and their shelf in every store, brands and categories',
          backOfficeProduct,
          { params: catalogProductParams },
        ),
      },
      async (request) => productPage(modules, Number(request.params.productId)),
    );
  };
}

/** The catalogue's edits: the product's and a SKU's fields. */
function catalogEditRoutes(
  database: Database,
  operations: OperationsService,
  modules: BackOfficeCatalogModules,
): FastifyPluginAsyncZod {
  const editProduct = editProductFlow(modules);
  const editSku = editSkuFlow(modules);
  const setPopularSearches = setPopularSearchesFlow(modules);
  return async (plain) => {
    const app = merchandised(plain, operations);
    app.get(
      '/api/admin/catalog/popular-searches',
      {
        schema: ofBackOffice('The popular searches the search box offers, in order', popularSearchesResponse),
      },
      async () => modules.catalog.popularSearches(),
    );
    app.put(
      '/api/admin/catalog/popular-searches',
      {
        schema: ofBackOffice(
          'Replace the popular searches (1 to 20 terms, each once; the first is offered first)',
          popularSearchesResponse,
          { body: popularSearchesBody },
        ),
      },
      async (request) => {
        await runFlow(database, setPopularSearches, {
          actor: staffActor(request),
          terms: request.body.terms,
        });
        return modules.catalog.popularSearches();
      },
    );
    app.put(
      '/api/admin/catalog/products/:productId',
      {
        schema: ofBackOffice(
          "Edit a product's name, description, brand and category (as PUT /api/catalog/pvt/product)",
          catalogProduct,
          { params: catalogProductParams, body: catalogProductBody },
        ),
      },
      async (request) =>
        runFlow(database, editProduct, {
          actor: staffActor(request),
          productId: Number(request.params.productId),
          body: request.body,
        }),
    );
    app.put(
      '/api/admin/catalog/skus/:skuId',
      {
        schema: ofBackOffice(
          "Edit a SKU's name, EAN, measurement unit and multiplier (as PUT …/stockkeepingunit)",
          catalogSku,
          { params: catalogSkuParams, body: catalogSkuBody },
        ),
      },
      async (request) =>
        runFlow(database, editSku, {
          actor: staffActor(request),
          skuId: Number(request.params.skuId),
          body: request.body,
        }),
    );
  };
}

/** A SKU's prices and its stock in a store. */
function shelfEditRoutes(
  database: Database,
  operations: OperationsService,
  modules: BackOfficeCatalogModules,
  clock: () => Date,
): FastifyPluginAsyncZod {
  const putPrice = putPriceFlow(modules);
  const setInventory = setInventoryFlow(modules);
  return async (plain) => {
    const app = merchandised(plain, operations);
    app.put(
      '/api/admin/catalog/skus/:skuId/price',
      {
        schema: ofBackOffice(
          "Set a SKU's prices in pesos (as PUT /api/pricing/prices/{itemId}; priceBelowCost)",
          priceView,
          { params: catalogSkuParams, body: priceBody },
        ),
      },
      async (request) =>
        runFlow(database, putPrice, {
          actor: staffActor(request),
          skuId: Number(request.params.skuId),
          body: request.body,
          now: clock(),
        }),
    );
    app.put(
      '/api/admin/catalog/skus/:skuId/stock/:warehouseId',
      {
        schema: ofBackOffice(
          "Set a SKU's units in a store (as the Logistics inventory PUT; stockBelowCommitted)",
          z.literal(true),
          { params: backOfficeStockParams, body: inventoryBody },
        ),
      },
      async (request) =>
        runFlow(database, setInventory, {
          actor: staffActor(request),
          skuId: Number(request.params.skuId),
          warehouseId: request.params.warehouseId,
          body: request.body,
        }),
    );
  };
}
