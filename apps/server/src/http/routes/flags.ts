import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, Failure, featureFlagBody, featureFlags } from '@despensa/contracts';
import type { FlagsService } from '../../modules/flags/service';

const tags = ['feature flags'];
/** The staff console's consumer (the operations/OSM key): the only one that may change a flag. */
const STAFF_CONSUMER = 'osm';

export function flagsRoutes(flags: FlagsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/feature-flags',
      {
        schema: {
          tags,
          summary: 'Every §9 feature flag and whether it is on now',
          response: { 200: featureFlags },
        },
      },
      async () => flags.all(),
    );
    app.put(
      '/api/operations/feature-flags/:flag',
      {
        preHandler: async (request) => {
          if (request.consumer !== STAFF_CONSUMER) throw new Failure('staffOnly');
        },
        schema: {
          tags,
          summary: 'Switch a flag on or off (staff key only); every app instance follows within moments',
          params: z.object({ flag: z.string().min(1).max(60) }),
          body: featureFlagBody,
          response: { 200: featureFlags, 403: errorResponse, 404: errorResponse },
        },
      },
      async (request) => flags.set(request.params.flag, request.body.enabled),
    );
  };
}
