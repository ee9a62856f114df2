import { z } from 'zod';
import { MAX_ITEMS_PER_QUERY, OSM_MAX_ITEMS_PER_QUERY } from '@despensa/domain';
import {
  categoryNode,
  Failure,
  product,
  productList,
  reviewsResponse,
  salesChannelQuery,
  sellerIdParam,
  specificationField,
} from '@despensa/contracts';
import type { CatalogService } from '../../../modules/catalog/service';
import type { FlagsService } from '../../../modules/flags/service';
import { requireFeature } from '../../feature';
import { idList, idParams, numericId, ofCatalogue, sendJson, tags, type RouteApp } from './shared';

/** A product by id or slug, and its reviews. */
export function registerProductRoutes(app: RouteApp, catalog: CatalogService, flags: FlagsService): void {
  app.get(
    '/api/catalog/product/:id',
    {
      schema: ofCatalogue('Product by id', product, {
        params: idParams,
        querystring: z.object({ sc: salesChannelQuery }),
      }),
    },
    async (request, reply) =>
      sendJson(reply, catalog.productJson(catalog.productById(request.params.id, request.query.sc))),
  );

  app.get(
    '/api/catalog/products/search/:slug/p',
    {
      schema: ofCatalogue('Product by slug (linkText), as a one-element list like VTEX', productList, {
        params: z.object({ slug: z.string().min(1).max(300) }),
        querystring: z.object({ sc: salesChannelQuery }),
      }),
    },
    async (request, reply) =>
      sendJson(reply, catalog.json([catalog.productBySlug(request.params.slug, request.query.sc)])),
  );

  app.get(
    '/api/catalog/product/:id/reviews',
    {
      preValidation: requireFeature(flags, 'productReviews'),
      schema: ofCatalogue('Ratings and reviews of a product', reviewsResponse, { params: idParams }),
    },
    async (request) => catalog.reviews(request.params.id),
  );
}

/** Products by sku ids for one seller (the white-label storefronts and the OSM consumer). */
export function registerSellerSkuRoutes(app: RouteApp, catalog: CatalogService): void {
  const skuQuery = z.object({ skuIds: idList, sc: salesChannelQuery });
  for (const url of ['/api/catalog/:seller/products/skus', '/api/:seller/products/skus']) {
    app.get(
      url,
      {
        schema: ofCatalogue(
          'Products by sku ids for one seller (at most 40 ids; 60 for the OSM consumer)',
          productList,
          { params: z.object({ seller: sellerIdParam }), querystring: skuQuery },
        ),
      },
      async (request, reply) => {
        const max = request.consumer === 'osm' ? OSM_MAX_ITEMS_PER_QUERY : MAX_ITEMS_PER_QUERY;
        if (request.query.skuIds.length > max) {
          throw new Failure('tooManyItemsInQuery', {
            message: `Se permiten hasta ${max} skuIds por consulta`,
            field: 'skuIds',
          });
        }
        return sendJson(
          reply,
          catalog.json(catalog.productsBySkus(request.params.seller, request.query.skuIds, request.query.sc)),
        );
      },
    );
  }
}

/** The catalogue's files: a category's specification fields, the category tree, the live promotions. */
export function registerCatalogFileRoutes(app: RouteApp, catalog: CatalogService): void {
  app.get(
    '/api/catalog/specification/fields/:categoryId',
    {
      schema: ofCatalogue('Specification fields of a category', z.array(specificationField), {
        params: z.object({ categoryId: numericId }),
      }),
    },
    async (request) => catalog.specificationFields(request.params.categoryId),
  );

  app.get(
    '/api/files/categories.json',
    { schema: ofCatalogue('The category tree', z.array(categoryNode)) },
    async () => catalog.categoryTree(),
  );

  app.get('/api/files/promotions.json', { schema: { tags, summary: 'Promotions active now' } }, async () =>
    catalog.activePromotions(),
  );
}
