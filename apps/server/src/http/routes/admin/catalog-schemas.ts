import { appKeyHeaders } from '@despensa/contracts';
import { routeSchemas } from '../api-app';

/**
 * What every route of the catalog integration (VTEX's Catalog API, app-key scope `catalog`) declares: its
 * tag, no OpenAPI security scheme (the app key and its token are headers), and those headers.
 */
const catalogIntegration = {
  tags: ['integration: catalog'],
  security: [] as { [name: string]: string[] }[],
  headers: appKeyHeaders,
};

/**
 * The schemas of a group of catalog integration routes: the refusals they answer and what else they share
 * (their path parameters), so that a route states only its summary, its 200 answer and its own body or path.
 */
export function ofCatalog<Refusals extends object, Shared extends object = object>(
  refusals: Refusals,
  shared?: Shared,
) {
  return routeSchemas({ ...catalogIntegration, ...(shared as Shared) }, refusals);
}
