import { errorResponses } from '@despensa/contracts';
import { routeSchemas } from '../api-app';

/** The schemas of back-office routes (/api/admin, tag 'back office') that answer these refusals. */
export function backOfficeSchemas<Refusals extends object>(refusals: Refusals) {
  return routeSchemas({ tags: ['back office'] }, refusals);
}

/** Back-office routes whose changes cannot clash with what is there: 400, 401, 403, 404. */
export const ofBackOfficeNoClash = backOfficeSchemas(errorResponses(400, 401, 403, 404));

/** The back office's usual refusals: 400, 401, 403, 404, and 409 where a change clashes with what is there. */
export const ofBackOffice = backOfficeSchemas(errorResponses(400, 401, 403, 404, 409));
