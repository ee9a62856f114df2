import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, favouriteParams, favourites } from '@despensa/contracts';
import { requireSession, sessionUserId } from '../session';
import { requireFeature } from '../feature';
import type { AuthService } from '../../modules/auth/service';
import type { FlagsService } from '../../modules/flags/service';
import type { FavouritesService } from '../../modules/favourites/service';

const tags = ['favourites'];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

/** The hearts on cards and product pages, and /productos-favoritos. */
export function favouritesRoutes(
  service: FavouritesService,
  auth: AuthService,
  flags: FlagsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = [requireSession(auth), requireFeature(flags, 'favourites')];
    app.get(
      '/api/user/favourites',
      {
        preValidation,
        schema: { tags, summary: 'The hearted skus, newest first', response: { 200: favourites, ...errors } },
      },
      async (request) => ({ skuIds: await service.list(sessionUserId(request)) }),
    );
    app.put(
      '/api/user/favourites/:skuId',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Heart a sku',
          params: favouriteParams,
          response: { 200: favourites, ...errors },
        },
      },
      async (request) => ({ skuIds: await service.add(sessionUserId(request), request.params.skuId) }),
    );
    app.delete(
      '/api/user/favourites/:skuId',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Take the heart off',
          params: favouriteParams,
          response: { 200: favourites, ...errors },
        },
      },
      async (request) => ({ skuIds: await service.remove(sessionUserId(request), request.params.skuId) }),
    );
  };
}
