import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Failure } from '@despensa/contracts';
import { isThisHost } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The checks every page request passes before React Router sees it, as the API's do:
 *
 * - A page action (any non-GET request) from another site is refused with 403 forbiddenOrigin, by the same
 *   rule as the API's (checkOrigin): an Origin that is not this host. A form posted before the page's
 *   scripts run may come without Origin; then a browser's Sec-Fetch-Site or Referer that names another
 *   site refuses it too, and a request that carries none of the three (not a browser's) is let through,
 *   as the API lets it.
 * - A page request's body is read with the API's size limit (the server's bodyLimit): a Content-Length
 *   over it is refused at once, and a body that crosses it while arriving gets 413 without the rest being
 *   kept. React Router gets the body read, as bytes.
 */
export function registerPageGuard(web: FastifyInstance): void {
  web.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || /^\/api(\/|$|\?)/.test(request.url)) return;
    if (!fromThisSite(request)) throw new Failure('forbiddenOrigin');
  });
  web.removeAllContentTypeParsers();
  web.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

function fromThisSite(request: FastifyRequest): boolean {
  const { origin, referer } = request.headers;
  if (origin !== undefined) return isThisHost(request, origin);
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none';
  return referer === undefined || isThisHost(request, referer);
}
