import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, joinPrimeBody, primeMembership } from '@despensa/contracts';
import { requireSession, sessionUserId } from '../session';
import { requireFeature } from '../feature';
import { routeSchemas } from './api-app';
import type { AuthService } from '../../modules/auth/service';
import type { FlagsService } from '../../modules/flags/service';
import type { PrimeMemberships } from '../../flows/prime-membership';

const ofPrime = routeSchemas({ tags: ['prime'] }, errorResponses(400, 401, 402, 404, 409));

/** Prime (/mi-cuenta/prime), behind the Prime flag (§9: off by default). */
export function primeRoutes(
  memberships: PrimeMemberships,
  auth: AuthService,
  flags: FlagsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = [requireSession(auth), requireFeature(flags, 'prime')];
    app.get(
      '/api/user/prime',
      {
        preValidation,
        schema: ofPrime("The shopper's Prime membership", primeMembership),
      },
      async (request) => memberships.membership(sessionUserId(request)),
    );
    app.post(
      '/api/user/prime',
      {
        preValidation,
        schema: ofPrime('Join Prime: the first month is charged to a saved one-click card', primeMembership, {
          body: joinPrimeBody,
        }),
      },
      async (request) => memberships.join(sessionUserId(request), request.body.cardId),
    );
    app.delete(
      '/api/user/prime',
      {
        preValidation,
        schema: ofPrime('Cancel Prime: no renewal, a member until the period ends', primeMembership),
      },
      async (request) => memberships.cancel(sessionUserId(request)),
    );
  };
}
