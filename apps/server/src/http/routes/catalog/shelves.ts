import { z } from 'zod';
import { MAX_ITEMS_PER_QUERY } from '@despensa/domain';
import { Failure, productList, rankingResponse, salesChannelQuery } from '@despensa/contracts';
import type { FastifyRequest } from 'fastify';
import type { CatalogService } from '../../../modules/catalog/service';
import type { FlagsService } from '../../../modules/flags/service';
import { requireFeature } from '../../feature';
import { idList, idParams, ofCatalogue, sendJson, type RouteApp } from './shared';

/** Recommended and sponsored products, and the sales rankings. */
export function registerShelfRoutes(app: RouteApp, catalog: CatalogService): void {
  app.get(
    '/api/products/recommended',
    {
      schema: ofCatalogue(
        'Recommended products (similar to an item, a campaign collection, or top sellers)',
        productList,
        {
          querystring: z.object({
            sc: salesChannelQuery,
            numResults: z.coerce.number().int().min(1).max(50).default(12),
            itemId: z.string().regex(/^\d+$/).optional(),
            campaign: z.string().regex(/^\d+$/).optional(),
            filter: z.string().max(300).optional(),
          }),
        },
      ),
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
    '/api/sponsored',
    {
      schema: ofCatalogue(
        'Sponsored products (at most 5), optionally among those of a listing',
        productList,
        {
          querystring: z.object({
            sc: salesChannelQuery,
            path: z.string().max(500).optional().describe("A listing's category path ('lacteos/leches')"),
            ft: z.string().max(200).optional().describe("A listing's search text"),
          }),
        },
      ),
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

  registerRankingRoutes(app, catalog);
}

function registerRankingRoutes(app: RouteApp, catalog: CatalogService): void {
  app.get(
    '/api/ranking/skus',
    {
      schema: ofCatalogue('Sales ranking of skus', rankingResponse, {
        querystring: z.object({ skus: idList }),
      }),
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
      schema: ofCatalogue('Sales ranking inside a collection', rankingResponse, { params: idParams }),
    },
    async (request) => catalog.collectionRanking(request.params.id),
  );
}

/**
 * §7 frequent products. `boughtSkusOf` answers the skus a request's logged-in shopper bought, most bought
 * first (null for a visitor).
 */
export function registerFrequentRoutes(
  app: RouteApp,
  catalog: CatalogService,
  flags: FlagsService,
  boughtSkusOf: (request: FastifyRequest) => Promise<string[] | null>,
): void {
  app.get(
    '/api/products/frequent',
    {
      preValidation: requireFeature(flags, 'frequentProducts'),
      schema: ofCatalogue(
        "Frequently bought products (qty defaults to 36): a logged-in shopper's own, most bought first; else the best sellers",
        productList,
        {
          querystring: z.object({
            sc: salesChannelQuery,
            qty: z.coerce.number().int().min(1).max(100).default(36),
          }),
        },
      ),
    },
    async (request, reply) => {
      const bought = await boughtSkusOf(request);
      return sendJson(
        reply,
        catalog.json(catalog.frequent(request.query.sc, request.query.qty, bought ?? undefined)),
      );
    },
  );
}
