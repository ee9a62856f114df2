import { z } from 'zod';
import {
  autocompleteResponse,
  popularSearchesResponse,
  productList,
  salesChannelQuery,
  sellerIdParam,
  suggestionsResponse,
  type SearchSuggestions,
} from '@despensa/contracts';
import type { CatalogService } from '../../../modules/catalog/service';
import { ofCatalogue, term, wildcard, type RouteApp } from './shared';

/** How long a client or cache may keep a v5 suggestions answer (one per term and channel). */
const SUGGESTIONS_MAX_AGE_S = 300;

/** The search box: autocomplete, popular searches and suggested products. */
export function registerSearchBoxRoutes(app: RouteApp, catalog: CatalogService): void {
  app.get(
    '/api/autocomplete',
    {
      schema: ofCatalogue('Autocomplete (VTEX buscaautocomplete shape)', autocompleteResponse, {
        querystring: z.object({
          productNameContains: term.default(''),
          maxRows: z.coerce.number().int().min(1).max(12).default(12),
        }),
      }),
    },
    async (request) => catalog.autocomplete(request.query.productNameContains, request.query.maxRows),
  );

  app.get(
    '/api/search-suggestions-popular',
    { schema: ofCatalogue('Popular searches', popularSearchesResponse) },
    async () => catalog.popularSearches(),
  );

  for (const url of ['/api/search-suggested-products', '/api/search-suggested-products/*']) {
    app.post(
      url,
      {
        schema: ofCatalogue('Suggested products for a term or path (4 by default)', productList, {
          querystring: z.object({
            limitReturnProducts: z.coerce.number().int().min(1).max(20).default(4),
            sc: salesChannelQuery,
          }),
        }),
      },
      async (request) =>
        catalog.suggestedProducts(
          wildcard(request.params),
          request.query.limitReturnProducts,
          request.query.sc,
        ),
    );
  }
}

/**
 * Search suggestions, and §7's versions: v3 the chain's; v4 and v5 with the seller in the path (a
 * white-label brand's); v5 adds the enableVtexSuggestions flag (the suggested terms, `searches`) and is
 * cached per term.
 */
export function registerSuggestionRoutes(app: RouteApp, catalog: CatalogService): void {
  app.get(
    '/api/search-suggestions/:term',
    {
      schema: ofCatalogue(
        "Search suggestions: products, brands, categories (empty for blank terms); with `seller`, only that seller's products at its prices",
        suggestionsResponse,
        {
          params: z.object({ term }),
          querystring: z.object({ sc: salesChannelQuery, seller: sellerIdParam.optional() }),
        },
      ),
    },
    async (request) => catalog.suggestions(request.params.term, request.query.sc, request.query.seller),
  );

  app.get(
    '/api/v3/search-suggestions/:term',
    {
      schema: ofCatalogue(
        "Search suggestions v3: the chain's products, brands and categories",
        suggestionsResponse,
        { params: z.object({ term }), querystring: z.object({ sc: salesChannelQuery }) },
      ),
    },
    async (request) => withoutTerms(catalog.suggestions(request.params.term, request.query.sc)),
  );

  registerSellerSuggestionRoutes(app, catalog);
}

/** v4 and v5: only the path's seller's products, at its prices. */
function registerSellerSuggestionRoutes(app: RouteApp, catalog: CatalogService): void {
  const sellerTerm = z.object({ seller: sellerIdParam, term });
  app.get(
    '/api/v4/:seller/search-suggestions/:term',
    {
      schema: ofCatalogue(
        "Search suggestions v4: only the path's seller's products, at its prices",
        suggestionsResponse,
        { querystring: z.object({ sc: salesChannelQuery }), params: sellerTerm },
      ),
    },
    async (request) =>
      withoutTerms(catalog.suggestions(request.params.term, request.query.sc, request.params.seller)),
  );

  app.get(
    '/api/v5/:seller/search-suggestions/:term',
    {
      schema: ofCatalogue(
        'Search suggestions v5: as v4, with the suggested terms when enableVtexSuggestions=true',
        suggestionsResponse,
        {
          querystring: z.object({
            sc: salesChannelQuery,
            enableVtexSuggestions: z.enum(['true', 'false']).default('false'),
          }),
          params: sellerTerm,
        },
      ),
    },
    async (request, reply) => {
      const { sc, enableVtexSuggestions } = request.query;
      const suggestions = catalog.suggestions(request.params.term, sc, request.params.seller);
      reply.header('cache-control', `public, max-age=${SUGGESTIONS_MAX_AGE_S}`);
      return enableVtexSuggestions === 'true' ? suggestions : withoutTerms(suggestions);
    },
  );
}

function withoutTerms(suggestions: SearchSuggestions): SearchSuggestions {
  return { ...suggestions, searches: [] };
}
