import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEGMENT_HEADER, salesChannelOfSegment } from '@despensa/domain';
import type { CatalogService } from '../../../modules/catalog/service';
import type { FlagsService } from '../../../modules/flags/service';
import { registerCatalogFileRoutes, registerProductRoutes, registerSellerSkuRoutes } from './products';
import { registerFacetRoutes, registerSearchRoutes } from './search';
import { registerFrequentRoutes, registerShelfRoutes } from './shelves';
import { registerSearchBoxRoutes, registerSuggestionRoutes } from './suggestions';

/**
 * The catalogue's API. `boughtSkusOf` answers the skus a request's logged-in shopper bought, most bought
 * first (null for a visitor), for the frequent products; `clusteredSkusOf` the same for a shopper in the
 * §6 clusterSearch segment only (null otherwise), whose searches the new backend ranks
 * (ListingQuery.preferredSkus).
 */
export function catalogRoutes(
  catalog: CatalogService,
  flags: FlagsService,
  boughtSkusOf: (request: FastifyRequest) => Promise<string[] | null> = async () => null,
  clusteredSkusOf: (request: FastifyRequest) => Promise<string[] | null> = async () => null,
): FastifyPluginAsyncZod {
  return async (app) => {
    // §6: an anonymous visitor's calls carry the segment id; a call without ?sc= is priced in its channel.
    app.addHook('preValidation', async (request) => {
      const query = request.query as Record<string, unknown> | undefined;
      const header = request.headers[SEGMENT_HEADER];
      if (!query || query.sc !== undefined || typeof header !== 'string') return;
      const salesChannel = salesChannelOfSegment(header);
      if (salesChannel !== null) query.sc = String(salesChannel);
    });
    registerProductRoutes(app, catalog, flags);
    registerSearchRoutes(app, catalog, clusteredSkusOf);
    registerFacetRoutes(app, catalog);
    registerShelfRoutes(app, catalog);
    registerFrequentRoutes(app, catalog, flags, boughtSkusOf);
    registerSearchBoxRoutes(app, catalog);
    registerCatalogFileRoutes(app, catalog);
    registerSuggestionRoutes(app, catalog);
    registerSellerSkuRoutes(app, catalog);
  };
}
