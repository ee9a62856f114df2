import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appKeyHeaders,
  catalogBrand,
  catalogBrandBody,
  catalogBrandCreateBody,
  catalogCategory,
  catalogCategoryBody,
  catalogCategoryCreateBody,
  catalogProduct,
  catalogProductBody,
  catalogProductCreateBody,
  catalogProductParams,
  catalogSku,
  catalogSkuBody,
  catalogSkuCreateBody,
  catalogSkuParams,
  catalogSpecification,
  catalogSpecificationBody,
  errorResponse,
} from '@despensa/contracts';
import type { Database } from '../../../db/client';
import { runFlow } from '../../../flows/flow';
import {
  createBrandFlow,
  createCategoryFlow,
  editBrandFlow,
  editCategoryFlow,
  createProductFlow,
  createSkuFlow,
  editProductFlow,
  editSkuFlow,
  editSpecificationsFlow,
  type CatalogEditModules,
} from '../../../flows/catalog-edit';
import type { IntegrationService } from '../../../modules/integration/service';
import { appKeyGuard, integrationActor } from '../../app-key-guard';
import { catalogCollectionRoutes } from './catalog-collections';
import { catalogSkuFileRoutes } from './catalog-sku-files';

const tags = ['integration: catalog'];
const security: { [name: string]: string[] }[] = [];
const refusals = { 403: errorResponse, 429: errorResponse };
const createRefusals = { ...refusals, 400: errorResponse, 404: errorResponse, 409: errorResponse };

/** VTEX's Catalog pvt API (scope `catalog`): a product's and a SKU's fields an ERP keeps. */
export function catalogPvtRoutes(
  database: Database,
  integration: IntegrationService,
  modules: CatalogEditModules,
): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(catalogProductRoutes(database, integration, modules));
    await app.register(catalogSkuRoutes(database, integration, modules));
    await app.register(brandRoutes(database, integration, modules));
    await app.register(categoryRoutes(database, integration, modules));
    await app.register(specificationRoutes(database, integration, modules));
    await app.register(catalogCollectionRoutes(database, integration, modules));
    await app.register(catalogSkuFileRoutes(database, integration, modules));
  };
}

function catalogProductRoutes(
  database: Database,
  integration: IntegrationService,
  modules: CatalogEditModules,
): FastifyPluginAsyncZod {
  const editProduct = editProductFlow(modules);
  const createProduct = createProductFlow(modules);
  return async (app) => {
    const onRequest = appKeyGuard(integration, 'catalog');
    app.post(
      '/api/catalog/pvt/product',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary:
            'Create a product in a leaf category, of a known brand (Id and LinkId given or chosen; catalogIdTaken when taken)',
          headers: appKeyHeaders,
          body: catalogProductCreateBody,
          response: { 200: catalogProduct, ...createRefusals },
        },
      },
      async (request) =>
        runFlow(database, createProduct, { actor: integrationActor(request), body: request.body }),
    );
    app.get(
      '/api/catalog/pvt/product/:productId',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'A product: name, description, category, brand, release date',
          headers: appKeyHeaders,
          params: catalogProductParams,
          response: { 200: catalogProduct, ...refusals },
        },
      },
      async (request) => modules.catalog.productRecord(Number(request.params.productId)),
    );
    app.put(
      '/api/catalog/pvt/product/:productId',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary:
            "Update a product's name, description, brand, category and release date (VTEX's other fields are ignored)",
          headers: appKeyHeaders,
          params: catalogProductParams,
          body: catalogProductBody,
          response: { 200: catalogProduct, ...refusals },
        },
      },
      async (request) =>
        runFlow(database, editProduct, {
          actor: integrationActor(request),
          productId: Number(request.params.productId),
          body: request.body,
        }),
    );
  };
}

function catalogSkuRoutes(
  database: Database,
  integration: IntegrationService,
  modules: CatalogEditModules,
): FastifyPluginAsyncZod {
  const editSku = editSkuFlow(modules);
  const createSku = createSkuFlow(modules);
  return async (app) => {
    const onRequest = appKeyGuard(integration, 'catalog');
    app.post(
      '/api/catalog/pvt/stockkeepingunit',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary:
            "Create a SKU of a product (sold once it has offers: an offer feed, or a price and the stores' stock)",
          headers: appKeyHeaders,
          body: catalogSkuCreateBody,
          response: { 200: catalogSku, ...createRefusals },
        },
      },
      async (request) =>
        runFlow(database, createSku, { actor: integrationActor(request), body: request.body }),
    );
    app.get(
      '/api/catalog/pvt/stockkeepingunit/:skuId',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'A SKU: name, EAN, measurement unit and unit multiplier',
          headers: appKeyHeaders,
          params: catalogSkuParams,
          response: { 200: catalogSku, ...refusals },
        },
      },
      async (request) => modules.catalog.skuRecord(Number(request.params.skuId)),
    );
    app.put(
      '/api/catalog/pvt/stockkeepingunit/:skuId',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: "Update a SKU's name, EAN, measurement unit (un, kg) and unit multiplier",
          headers: appKeyHeaders,
          params: catalogSkuParams,
          body: catalogSkuBody,
          response: { 200: catalogSku, ...refusals },
        },
      },
      async (request) =>
        runFlow(database, editSku, {
          actor: integrationActor(request),
          skuId: Number(request.params.skuId),
          body: request.body,
        }),
    );
  };
}

const catalogIdParam = z.string().regex(/^\d{1,9}$/);

/** Brands: read one, add one, or change one's name and address. */
function brandRoutes(
  database: Database,
  integration: IntegrationService,
  modules: CatalogEditModules,
): FastifyPluginAsyncZod {
  const createBrand = createBrandFlow(modules);
  const editBrand = editBrandFlow(modules);
  return async (app) => {
    const onRequest = appKeyGuard(integration, 'catalog');
    const common = { tags, security, headers: appKeyHeaders };
    app.get(
      '/api/catalog/pvt/brand/:brandId',
      {
        onRequest,
        schema: {
          ...common,
          summary: 'A brand',
          params: z.object({ brandId: catalogIdParam }),
          response: { 200: catalogBrand, ...createRefusals },
        },
      },
      async (request) => modules.catalog.records.brand(Number(request.params.brandId)),
    );
    app.post(
      '/api/catalog/pvt/brand',
      {
        onRequest,
        schema: {
          ...common,
          summary: 'Create a brand (Id and LinkId given or chosen; catalogIdTaken when taken)',
          body: catalogBrandCreateBody,
          response: { 200: catalogBrand, ...createRefusals },
        },
      },
      async (request) =>
        runFlow(database, createBrand, { actor: integrationActor(request), body: request.body }),
    );
    app.put(
      '/api/catalog/pvt/brand/:brandId',
      {
        onRequest,
        schema: {
          ...common,
          summary: "Change a brand's name and address (catalogIdTaken when another brand has it)",
          params: z.object({ brandId: catalogIdParam }),
          body: catalogBrandBody,
          response: { 200: catalogBrand, ...createRefusals },
        },
      },
      async (request) =>
        runFlow(database, editBrand, {
          actor: integrationActor(request),
          brandId: Number(request.params.brandId),
          body: request.body,
        }),
    );
  };
}

/** The menu's categories: read one, add one, or change one's name and address. */
function categoryRoutes(
  database: Database,
  integration: IntegrationService,
  modules: CatalogEditModules,
): FastifyPluginAsyncZod {
  const createCategory = createCategoryFlow(modules);
  const editCategory = editCategoryFlow(modules);
  return async (app) => {
    const onRequest = appKeyGuard(integration, 'catalog');
    const common = { tags, security, headers: appKeyHeaders };
    app.get(
      '/api/catalog/pvt/category/:categoryId',
      {
        onRequest,
        schema: {
          ...common,
          summary: 'A category of the menu, with its listing address',
          params: z.object({ categoryId: catalogIdParam }),
          response: { 200: catalogCategory, ...createRefusals },
        },
      },
      async (request) => modules.catalog.records.category(Number(request.params.categoryId)),
    );
    app.post(
      '/api/catalog/pvt/category',
      {
        onRequest,
        schema: {
          ...common,
          summary:
            'Create a category: at the top of the menu (FatherCategoryId null) or under one that holds no products, three levels at most',
          body: catalogCategoryCreateBody,
          response: { 200: catalogCategory, ...createRefusals },
        },
      },
      async (request) =>
        runFlow(database, createCategory, { actor: integrationActor(request), body: request.body }),
    );
    app.put(
      '/api/catalog/pvt/category/:categoryId',
      {
        onRequest,
        schema: {
          ...common,
          summary:
            "Change a category's name and address (its branch's listings follow); it keeps its place in the menu (categoryMoveUnsupported)",
          params: z.object({ categoryId: catalogIdParam }),
          body: catalogCategoryBody,
          response: { 200: catalogCategory, ...createRefusals },
        },
      },
      async (request) =>
        runFlow(database, editCategory, {
          actor: integrationActor(request),
          categoryId: Number(request.params.categoryId),
          body: request.body,
        }),
    );
  };
}

/** VTEX's product specifications by name (catalog_system): the §3 seals, certificates, ingredients and sheet. */
function specificationRoutes(
  database: Database,
  integration: IntegrationService,
  modules: CatalogEditModules,
): FastifyPluginAsyncZod {
  const editSpecifications = editSpecificationsFlow(modules);
  const path = '/api/catalog_system/pvt/products/:productId/specification';
  return async (app) => {
    const onRequest = appKeyGuard(integration, 'catalog');
    const common = { tags, security, headers: appKeyHeaders, params: catalogProductParams };
    app.get(
      path,
      {
        onRequest,
        schema: {
          ...common,
          summary:
            "A product's specifications by name: 'Sellos de advertencia', 'Certificaciones', 'Ingredientes' and its technical sheet",
          response: { 200: z.array(catalogSpecification), ...refusals, 404: errorResponse },
        },
      },
      async (request) => modules.catalog.records.specifications(Number(request.params.productId)),
    );
    app.post(
      path,
      {
        onRequest,
        schema: {
          ...common,
          summary:
            'Change the named specifications of a product (the others stay; an empty Value removes one). Seals and certificates by their §3 keys (specificationValueInvalid)',
          body: catalogSpecificationBody,
          response: { 200: z.array(catalogSpecification), ...createRefusals },
        },
      },
      async (request) =>
        runFlow(database, editSpecifications, {
          actor: integrationActor(request),
          productId: Number(request.params.productId),
          body: request.body,
        }),
    );
  };
}
