import { z } from 'zod';
import { LISTING_PAGE_SIZE } from '@despensa/domain';
import {
  facetsResponse,
  legacyFacetsResponse,
  orderBy,
  productList,
  salesChannelQuery,
  searchBody,
  searchResponse,
} from '@despensa/contracts';
import type { FastifyRequest } from 'fastify';
import type { CatalogService } from '../../../modules/catalog/service';
import { ofCatalogue, page, sendJson, term, wildcard, type RouteApp } from './shared';

const searchEnvelope = searchResponse.omit({ products: true });

/**
 * Listings by URL path and the search with facets. `clusteredSkusOf` answers, for a shopper in the §6
 * clusterSearch segment only (null otherwise), the skus whose products the new backend ranks first.
 */
export function registerSearchRoutes(
  app: RouteApp,
  catalog: CatalogService,
  clusteredSkusOf: (request: FastifyRequest) => Promise<string[] | null>,
): void {
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
        schema: ofCatalogue(
          'List products by URL path (categories or a term); the total is in the resources header',
          productList,
          { querystring: listQuery },
        ),
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
        schema: ofCatalogue('Catalogue search with selected facets and order', searchResponse, {
          querystring: z.object({ page, sc: salesChannelQuery }),
          body: searchBody,
        }),
      },
      async (request, reply) => {
        const { products, ...envelope } = catalog.search(wildcard(request.params), request.body, {
          page: request.query.page,
          pageSize: LISTING_PAGE_SIZE,
          salesChannel: request.query.sc,
          preferredSkus: await clusteredSkusOf(request),
        });
        // The products are validated when rendered (RenderedProducts.view); the envelope here.
        const rest = JSON.stringify(searchEnvelope.parse(envelope)).slice(1);
        return sendJson(reply, `{"products":${catalog.json(products)},${rest}`);
      },
    );
  }
}

/** Facets with their counts, in the search's shape and the legacy one. */
export function registerFacetRoutes(app: RouteApp, catalog: CatalogService): void {
  for (const url of ['/api/search/facets', '/api/search/facets/*']) {
    app.post(
      url,
      {
        schema: ofCatalogue('Facets with counts for a path and selection', facetsResponse, {
          querystring: z.object({ sc: salesChannelQuery }),
          body: searchBody,
        }),
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
      schema: ofCatalogue(
        'Legacy facets: departments, brands, category trees, price ranges, trade policy',
        legacyFacetsResponse,
        { querystring: z.object({ ft: term.optional(), sc: salesChannelQuery }) },
      ),
    },
    async (request) => catalog.legacyFacets(wildcard(request.params), request.query.ft, request.query.sc),
  );
}
