import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
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
import { ofCatalog } from './catalog-schemas';

const refusals = { 403: errorResponse, 429: errorResponse };
const createRefusals = { ...refusals, 400: errorResponse, 404: errorResponse, 409: errorResponse };
/** Creating a record, and reading or changing a brand or a category. */
const ofCatalogEdits = ofCatalog(createRefusals);
const onProduct = ofCatalog(refusals, { params: catalogProductParams });
const onSku = ofCatalog(refusals, { params: catalogSkuParams });
const onSpecifications = ofCatalog({ ...refusals, 404: errorResponse }, { params: catalogProductParams });
const onSpecificationsChange = ofCatalog(createRefusals, { params: catalogProductParams });

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
        schema: ofCatalogEdits(
          'Create a product in a leaf category, of a known brand (Id and LinkId given or chosen; catalogIdTaken when taken)',
          catalogProduct,
          { body: catalogProductCreateBody },
        ),
      },
      async (request) =>
        runFlow(database, createProduct, { actor: integrationActor(request), body: request.body }),
    );
    app.get(
      '/api/catalog/pvt/product/:productId',
      {
        onRequest,
        schema: onProduct('A product: name, description, category, brand, release date', catalogProduct),
      },
      async (request) => modules.catalog.productRecord(Number(request.params.productId)),
    );
    app.put(
      '/api/catalog/pvt/product/:productId',
      {
        onRequest,
        schema: onProduct(
          "Update a product's name, description, brand, category and release date (VTEX's other fields are ignored)",
          catalogProduct,
          { body: catalogProductBody },
        ),
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
        schema: ofCatalogEdits(
          "Create a SKU of a product (sold once it has offers: an offer feed, or a price and the stores' stock)",
          catalogSku,
          { body: catalogSkuCreateBody },
        ),
      },
      async (request) =>
        runFlow(database, createSku, { actor: integrationActor(request), body: request.body }),
    );
    app.get(
      '/api/catalog/pvt/stockkeepingunit/:skuId',
      {
        onRequest,
        schema: onSku('A SKU: name, EAN, measurement unit and unit multiplier', catalogSku),
      },
      async (request) => modules.catalog.skuRecord(Number(request.params.skuId)),
    );
    app.put(
      '/api/catalog/pvt/stockkeepingunit/:skuId',
      {
        onRequest,
        schema: onSku("Update a SKU's name, EAN, measurement unit (un, kg) and unit multiplier", catalogSku, {
          body: catalogSkuBody,
        }),
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
const onBrand = ofCatalog(createRefusals, { params: z.object({ brandId: catalogIdParam }) });
const onCategory = ofCatalog(createRefusals, { params: z.object({ categoryId: catalogIdParam }) });

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
    app.get(
      '/api/catalog/pvt/brand/:brandId',
      {
        onRequest,
        schema: onBrand('A brand', catalogBrand),
      },
      async (request) => modules.catalog.records.brand(Number(request.params.brandId)),
    );
    app.post(
      '/api/catalog/pvt/brand',
      {
        onRequest,
        schema: ofCatalogEdits(
          'Create a brand (Id and LinkId given or chosen; catalogIdTaken when taken)',
          catalogBrand,
          { body: catalogBrandCreateBody },
        ),
      },
      async (request) =>
        runFlow(database, createBrand, { actor: integrationActor(request), body: request.body }),
    );
    app.put(
      '/api/catalog/pvt/brand/:brandId',
      {
        onRequest,
        schema: onBrand(
          "Change a brand's name and address (catalogIdTaken when another brand has it)",
          catalogBrand,
          { body: catalogBrandBody },
        ),
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
    app.get(
      '/api/catalog/pvt/category/:categoryId',
      {
        onRequest,
        schema: onCategory('A category of the menu, with its listing address', catalogCategory),
      },
      async (request) => modules.catalog.records.category(Number(request.params.categoryId)),
    );
    app.post(
      '/api/catalog/pvt/category',
      {
        onRequest,
        schema: ofCatalogEdits(
          'Create a category: at the top of the menu (FatherCategoryId null) or under one that holds no products, three levels at most',
          catalogCategory,
          { body: catalogCategoryCreateBody },
        ),
      },
      async (request) =>
        runFlow(database, createCategory, { actor: integrationActor(request), body: request.body }),
    );
    app.put(
      '/api/catalog/pvt/category/:categoryId',
      {
        onRequest,
        schema: onCategory(
          "Change a category's name and address (its branch's listings follow); it keeps its place in the menu (categoryMoveUnsupported)",
          catalogCategory,
          { body: catalogCategoryBody },
        ),
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
    app.get(
      path,
      {
        onRequest,
        schema: onSpecifications(
          "A product's specifications by name: 'Sellos de advertencia', 'Certificaciones', 'Ingredientes' and its technical sheet",
          z.array(catalogSpecification),
        ),
      },
      async (request) => modules.catalog.records.specifications(Number(request.params.productId)),
    );
    app.post(
      path,
      {
        onRequest,
        schema: onSpecificationsChange(
          'Change the named specifications of a product (the others stay; an empty Value removes one). Seals and certificates by their §3 keys (specificationValueInvalid)',
          z.array(catalogSpecification),
          { body: catalogSpecificationBody },
        ),
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
