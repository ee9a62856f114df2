import { errorResponses } from '@despensa/contracts';
import { routeSchemas } from '../api-app';

/** The schemas of back-office routes (/api/admin, tag 'back office') that answer these refusals. */
export function backOfficeSchemas<Refusals extends object>(refusals: Refusals) {
  return routeSchemas({ tags: ['back office'] }, refusals);
}

/** The back office's usual refusals: 400, 401, 403, 404, and 409 where a change clashes with what is there. */
export const ofBackOffice = backOfficeSchemas(errorResponses(400, 401, 403, 404, 409));
