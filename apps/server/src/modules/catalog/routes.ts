import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LISTING_PAGE_SIZE, MAX_ITEMS_PER_QUERY, OSM_MAX_ITEMS_PER_QUERY } from '@despensa/domain';
import {
  autocompleteResponse,
  categoryNode,
  Failure,
  facetsResponse,
  legacyFacetsResponse,
  orderBy,
  popularSearchesResponse,
  product,
  productList,
  rankingResponse,
  reviewsResponse,
  salesChannelQuery,
  sellerIdParam,
  searchBody,
  searchResponse,
  specificationField,
  suggestionsResponse,
} from '@despensa/contracts';
import type { CatalogService } from './service';
import { requireFeature } from '../../http/feature';
import type { FlagsService } from '../flags/service';

const page = z.coerce.number().int().min(1).max(1000).default(1);
const term = z.string().max(200);
const idList = z
  .string()
  .max(2000)
  .transform((raw) =>
    raw
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^\d+$/, 'ids must be numbers')));

const tags = ['catalog'];

/**
 * `boughtSkusOf` answers the skus a request's logged-in shopper bought, most bought first (null for a
 * visitor), for the frequent products.
 */
export function catalogRoutes(
  catalog: CatalogService,
  flags: FlagsService,
  boughtSkusOf: (request: FastifyRequest) => Promise<string[] | null> = async () => null,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/catalog/product/:id',
      {
        schema: {
          tags,
          summary: 'Product by id',
          params: z.object({ id: z.string().regex(/^\d+$/, 'must be a number') }),
          querystring: z.object({ sc: salesChannelQuery }),
          response: { 200: product },
        },
      },
      async (request, reply) =>
        sendJson(reply, catalog.productJson(catalog.productById(request.params.id, request.query.sc))),
    );

    app.get(
      '/api/catalog/products/search/:slug/p',
      {
        schema: {
          tags,
          summary: 'Product by slug (linkText), as a one-element list like VTEX',
          params: z.object({ slug: z.string().min(1).max(300) }),
          querystring: z.object({ sc: salesChannelQuery }),
          response: { 200: productList },
        },
      },
      async (request, reply) =>
        sendJson(reply, catalog.json([catalog.productBySlug(request.params.slug, request.query.sc)])),
    );

    app.get(
      '/api/catalog/product/:id/reviews',
      {
        preValidation: requireFeature(flags, 'productReviews'),
        schema: {
          tags,
          summary: 'Ratings and reviews of a product',
          params: z.object({ id: z.string().regex(/^\d+$/, 'must be a number') }),
          response: { 200: reviewsResponse },
        },
      },
      async (request) => catalog.reviews(request.params.id),
    );

    const listQuery = z.object({
      ft: term.optional(),
      page,
      sc: salesChannelQuery,
      O: orderBy.optional(),
      b: z.string().max(500).optional(),
    });
    for (const url of ['/api/products/search', '/api/products/search/*']) {
      app.get(
        url,
        {
          schema: {
            tags,
            summary: 'List products by URL path (categories or a term); the total is in the resources header',
            querystring: listQuery,
            response: { 200: productList },
          },
        },
        async (request, reply) => {
          const { ft, page: pageNumber, sc, O, b } = request.query;
          const result = catalog.listByPath(wildcard(request.params), {
            ...(ft ? { ft } : {}),
            page: pageNumber,
            pageSize: LISTING_PAGE_SIZE,
            salesChannel: sc,
            ...(O ? { orderBy: O } : {}),
            brands: b ? b.split(',').filter(Boolean) : [],
          });
          reply.header('resources', `${result.from}-${result.to}/${result.total}`);
          if (result.redirect) reply.header('x-redirect', result.redirect);
          return sendJson(reply, catalog.json(result.products));
        },
      );
    }

    for (const url of ['/api/search', '/api/search/*']) {
      app.post(
        url,
        {
          schema: {
            tags,
            summary: 'Catalogue search with selected facets and order',
            querystring: z.object({ page, sc: salesChannelQuery }),
            body: searchBody,
            response: { 200: searchResponse },
          },
        },
        async (request, reply) => {
          const { products, ...envelope } = catalog.search(wildcard(request.params), request.body, {
            page: request.query.page,
            pageSize: LISTING_PAGE_SIZE,
            salesChannel: request.query.sc,
          });
          // The products are validated when rendered (CatalogService.view); the envelope here.
          const rest = JSON.stringify(searchEnvelope.parse(envelope)).slice(1);
          return sendJson(reply, `{"products":${catalog.json(products)},${rest}`);
        },
      );
    }

    for (const url of ['/api/search/facets', '/api/search/facets/*']) {
      app.post(
        url,
        {
          schema: {
            tags,
            summary: 'Facets with counts for a path and selection',
            querystring: z.object({ sc: salesChannelQuery }),
            body: searchBody,
            response: { 200: facetsResponse },
          },
        },
        async (request) =>
          catalog.facets(
            wildcard(request.params),
            request.body.selectedFacets,
            request.query.sc,
            request.body.query,
          ),
      );
    }

    app.get(
      '/api/facets/search/*',
      {
        schema: {
          tags,
          summary: 'Legacy facets: departments, brands, category trees, price ranges, trade policy',
          querystring: z.object({ ft: term.optional(), sc: salesChannelQuery }),
          response: { 200: legacyFacetsResponse },
        },
      },
      async (request) => catalog.legacyFacets(wildcard(request.params), request.query.ft, request.query.sc),
    );

    app.get(
      '/api/products/recommended',
      {
        schema: {
          tags,
          summary: 'Recommended products (similar to an item, a campaign collection, or top sellers)',
          querystring: z.object({
            sc: salesChannelQuery,
            numResults: z.coerce.number().int().min(1).max(50).default(12),
            itemId: z.string().regex(/^\d+$/).optional(),
            campaign: z.string().regex(/^\d+$/).optional(),
            filter: z.string().max(300).optional(),
          }),
          response: { 200: productList },
        },
      },
      async (request, reply) => {
        const { sc, numResults, itemId, campaign, filter } = request.query;
        const products = catalog.recommended({
          salesChannel: sc,
          numResults,
          ...(itemId ? { itemId } : {}),
          ...(campaign ? { campaign } : {}),
          ...(filter ? { filter } : {}),
        });
        return sendJson(reply, catalog.json(products));
      },
    );

    app.get(
      '/api/ranking/skus',
      {
        schema: {
          tags,
          summary: 'Sales ranking of skus',
          querystring: z.object({ skus: idList }),
          response: { 200: rankingResponse },
        },
      },
      async (request) => {
        if (request.query.skus.length > MAX_ITEMS_PER_QUERY) {
          throw new Failure('tooManyItemsInQuery', {
            message: `Se permiten hasta ${MAX_ITEMS_PER_QUERY} skus por consulta`,
            field: 'skus',
          });
        }
        return catalog.ranking(request.query.skus);
      },
    );

    app.get(
      '/api/collection/:id/ranking',
      {
        schema: {
          tags,
          summary: 'Sales ranking inside a collection',
          params: z.object({ id: z.string().regex(/^\d+$/, 'must be a number') }),
          response: { 200: rankingResponse },
        },
      },
      async (request) => catalog.collectionRanking(request.params.id),
    );

    app.get(
      '/api/products/frequent',
      {
        preValidation: requireFeature(flags, 'frequentProducts'),
        schema: {
          tags,
          summary:
            "Frequently bought products (qty defaults to 36): a logged-in shopper's own, most bought first; else the best sellers",
          querystring: z.object({
            sc: salesChannelQuery,
            qty: z.coerce.number().int().min(1).max(100).default(36),
          }),
          response: { 200: productList },
        },
      },
      async (request, reply) => {
        const bought = await boughtSkusOf(request);
        return sendJson(
          reply,
          catalog.json(catalog.frequent(request.query.sc, request.query.qty, bought ?? undefined)),
        );
      },
    );

    app.get(
      '/api/sponsored',
      {
        schema: {
          tags,
          summary: 'Sponsored products (at most 5), optionally among those of a listing',
          querystring: z.object({
            sc: salesChannelQuery,
            path: z.string().max(500).optional().describe("A listing's category path ('lacteos/leches')"),
            ft: z.string().max(200).optional().describe("A listing's search text"),
          }),
          response: { 200: productList },
        },
      },
      async (request, reply) => {
        const { sc, path, ft } = request.query;
        const listing =
          path !== undefined || ft !== undefined
            ? { path: path ?? '', selectedFacets: [], query: ft }
            : undefined;
        return sendJson(reply, catalog.json(catalog.sponsored(sc, listing)));
      },
    );

    app.get(
      '/api/autocomplete',
      {
        schema: {
          tags,
          summary: 'Autocomplete (VTEX buscaautocomplete shape)',
          querystring: z.object({
            productNameContains: term.default(''),
            maxRows: z.coerce.number().int().min(1).max(12).default(12),
          }),
          response: { 200: autocompleteResponse },
        },
      },
      async (request) => catalog.autocomplete(request.query.productNameContains, request.query.maxRows),
    );

    app.get(
      '/api/catalog/specification/fields/:categoryId',
      {
        schema: {
          tags,
          summary: 'Specification fields of a category',
          params: z.object({ categoryId: z.string().regex(/^\d+$/, 'must be a number') }),
          response: { 200: z.array(specificationField) },
        },
      },
      async (request) => catalog.specificationFields(request.params.categoryId),
    );

    app.get(
      '/api/files/categories.json',
      { schema: { tags, summary: 'The category tree', response: { 200: z.array(categoryNode) } } },
      async () => catalog.categoryTree(),
    );

    app.get('/api/files/promotions.json', { schema: { tags, summary: 'Promotions active now' } }, async () =>
      catalog.activePromotions(),
    );

    app.get(
      '/api/search-suggestions/:term',
      {
        schema: {
          tags,
          summary:
            "Search suggestions: products, brands, categories (empty for blank terms); with `seller`, only that seller's products at its prices",
          params: z.object({ term }),
          querystring: z.object({
            sc: salesChannelQuery,
            seller: sellerIdParam.optional(),
          }),
          response: { 200: suggestionsResponse },
        },
      },
      async (request) => catalog.suggestions(request.params.term, request.query.sc, request.query.seller),
    );

    app.get(
      '/api/search-suggestions-popular',
      { schema: { tags, summary: 'Popular searches', response: { 200: popularSearchesResponse } } },
      async () => catalog.popularSearches(),
    );

    for (const url of ['/api/search-suggested-products', '/api/search-suggested-products/*']) {
      app.post(
        url,
        {
          schema: {
            tags,
            summary: 'Suggested products for a term or path (4 by default)',
            querystring: z.object({
              limitReturnProducts: z.coerce.number().int().min(1).max(20).default(4),
              sc: salesChannelQuery,
            }),
            response: { 200: productList },
          },
        },
        async (request) =>
          catalog.suggestedProducts(
            wildcard(request.params),
            request.query.limitReturnProducts,
            request.query.sc,
          ),
      );
    }

    const skuQuery = z.object({ skuIds: idList, sc: salesChannelQuery });
    for (const url of ['/api/catalog/:seller/products/skus', '/api/:seller/products/skus']) {
      app.get(
        url,
        {
          schema: {
            tags,
            summary: 'Products by sku ids for one seller (at most 40 ids; 60 for the OSM consumer)',
            params: z.object({ seller: sellerIdParam }),
            querystring: skuQuery,
            response: { 200: productList },
          },
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
            catalog.json(
              catalog.productsBySkus(request.params.seller, request.query.skuIds, request.query.sc),
            ),
          );
        },
      );
    }
  };
}

const searchEnvelope = searchResponse.omit({ products: true });

/** Sends JSON this module already validated and serialised (see CatalogService.json). */
function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

function wildcard(params: unknown): string {
  return (params as { '*'?: string })['*'] ?? '';
}
