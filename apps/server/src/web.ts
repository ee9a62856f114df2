import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { SHARED_PAGE_HEADER, type BrandConfig, type StorefrontServices } from '@despensa/contracts';
import { clientLeft } from './http/errors';
import { sellerCatalog } from './modules/catalog/seller-catalog';
import { PageCache, type SharedPageRequest } from './http/page-cache';
import { RENDER_LINE, renderInLine } from './http/render-line';
import { registerPageGuard } from './http/page-guard';
import { contentSecurityPolicy, cspNonce } from './http/security-headers';
import type { ContentPreview } from './http/content-preview';
import { isDatabaseUnavailable } from './db/unavailable';

// WEB_BUILD_DIR as the web build reads it (relative to apps/web): a test serves a build made beside the real one.
const webBuildDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web',
  process.env.WEB_BUILD_DIR ?? 'build',
);

/**
 * Serves the React Router app built by `npm run build -w @despensa/web`: hashed assets from build/client
 * with immutable caching, every other non-API path through React Router's SSR handler, whose loaders get
 * the services in process. Pages every shopper of a channel sees alike come from the page cache
 * (http/page-cache.ts), which the caller invalidates; null when there is no build to serve. A host named in
 * `brandsByHost` gets that brand's storefront (§1 white-label); every other host the chain's.
 */
export async function registerWeb(
  app: FastifyInstance,
  brandsByHost: ReadonlyMap<string, BrandConfig>,
  chainServices: StorefrontServices,
  previewOf: (request: FastifyRequest) => Promise<ContentPreview | null> = async () => null,
): Promise<PageCache | null> {
  const serverEntry = path.join(webBuildDir, 'server/index.js');
  if (!fs.existsSync(serverEntry)) {
    app.log.warn('web build not found: run `npm run build -w @despensa/web` (npm start does it)');
    return null;
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  // Renders take turns so that they never starve the API on the same event loop (http/render-line.ts).
  const handle = renderInLine(
    createRequestHandler(build, process.env.NODE_ENV === 'development' ? 'development' : 'production'),
    RENDER_LINE,
  );
  const pageCache = new PageCache(build);
  const servicesByHost = new Map(
    [...brandsByHost].map(([host, brand]) => [
      host,
      {
        ...chainServices,
        brand,
        // A brand that sells for another seller prices and sells that seller's offers only.
        catalog:
          brand.sellerId === chainServices.brand.sellerId
            ? chainServices.catalog
            : sellerCatalog(chainServices.catalog, brand.sellerId),
      },
    ]),
  );

  await app.register(async (web) => {
    await web.register(fastifyStatic, {
      root: path.join(webBuildDir, 'client/assets'),
      prefix: '/assets/',
      // The build writes .br/.gz beside each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      immutable: true,
      maxAge: '1y',
      decorateReply: false,
    });
    await web.register(fastifyStatic, {
      root: path.join(webBuildDir, 'client'),
      prefix: '/',
      wildcard: false,
      // Without this the per-file routes of build/client/assets shadow the /assets/ plugin and answer 404.
      globIgnore: ['assets/**'],
      index: false,
      maxAge: '1h',
      decorateReply: false,
      allowedPath: (pathName) =>
        !pathName.startsWith('/assets/') && /\.(ico|png|svg|txt|webmanifest|js|html)$/.test(pathName),
      // The service worker and its offline page are checked on every visit, so a deployment reaches
      // shoppers at once ('Nueva versión disponible') instead of after an hour of cache.
      setHeaders: (reply, filePath) => {
        if (/[\\/](sw\.js|offline\.html)$/.test(filePath)) reply.header('cache-control', 'no-cache');
      },
    });
    registerPageGuard(web);
    web.all('/*', async (request, reply) => {
      // An /api client gets the API's JSON 404 or 405, never the storefront's page.
      if (/^\/api(\/|$|\?)/.test(request.url)) return reply.callNotFound();
      const services = servicesByHost.get(request.hostname) ?? chainServices;
      // A staff member's preview of the drafts is theirs alone: never cached, never shared.
      const preview = await previewOf(request);
      const shared = preview ? null : pageCache.sharedPageOf(request);
      if (shared) {
        // The cache answers with the hashes of the page's inline scripts in its policy, so the render
        // carries no nonce: every instance, and every render of unchanged data, gives the same bytes and
        // ETag, and a CDN's or browser's revalidation holds whichever instance answers it.
        const render = (page: SharedPageRequest) =>
          handle(toWebRequest(request, reply, page), renderContext(services));
        if (await pageCache.serve(request, reply, shared, render)) return reply;
      }
      const nonce = cspNonce();
      const render = () => handle(toWebRequest(request, reply), renderContext(services, nonce));
      const response = await (preview ? preview(render) : render());
      const policy = contentSecurityPolicy([`'nonce-${nonce}'`], preview ? "'self'" : "'none'");
      return sendRendered(request, reply, response, {
        'content-security-policy': policy,
        // The back office frames a preview; no one keeps it.
        ...(preview && { 'x-frame-options': 'SAMEORIGIN', 'cache-control': 'private, no-store' }),
      });
    });
  });
  return pageCache;
}

/** What a render's loaders get: the services, the nonce when the page has one, and how to tell a stall. */
function renderContext(services: StorefrontServices, cspNonce?: string) {
  return { services, isUnavailable: isDatabaseUnavailable, ...(cspNonce ? { cspNonce } : {}) };
}

/** A page rendered for this request alone: its status, its headers, then ours over them, then its body. */
function sendRendered(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  headers: Record<string, string>,
): FastifyReply {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  if (!response.body) return reply.send();
  const body = Readable.fromWeb(response.body as never);
  // A shopper who leaves mid-page destroys the answer: that ends this response, never the process.
  body.on('error', (error) => logStreamError(request, error));
  return reply.send(body);
}

/** A client hanging up is routine; any other broken response stream is worth a log line. */
export function logStreamError(request: FastifyRequest, error: Error): void {
  if (clientLeft(request, error)) request.log.debug({ err: error }, 'client left mid-answer');
  else request.log.warn({ err: error }, 'response stream failed');
}

/** Read by apps/web's account actions (the same name there). */
const CLIENT_ADDRESS_HEADER = 'x-despensa-client-address';

/**
 * The Web Request React Router renders. For a shared page (`shared`) it carries only the cookies that
 * shape it and says which variant it is; the shopper's own cookies never reach that render.
 */
function toWebRequest(request: FastifyRequest, reply: FastifyReply, shared?: SharedPageRequest): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const each of Array.isArray(value) ? value : [value]) headers.append(name, each);
  }
  // The client's address for the login rate limits of the web's actions; set() drops any forged copy.
  headers.set(CLIENT_ADDRESS_HEADER, request.ip);
  headers.delete(SHARED_PAGE_HEADER);
  if (shared) {
    for (const name of ['cookie', 'authorization', 'x-access-token']) headers.delete(name);
    if (shared.cookie) headers.set('cookie', shared.cookie);
    headers.set(SHARED_PAGE_HEADER, shared.variant);
    // The render is shared: no shopper's address, and no shopper hanging up cancels it for the others.
    headers.delete(CLIENT_ADDRESS_HEADER);
  }
  const init: RequestInit = { method: shared ? 'GET' : request.method, headers };
  if (!shared) {
    const controller = new AbortController();
    reply.raw.on('close', () => controller.abort());
    init.signal = controller.signal;
  }
  // The page guard read the body within the size limit.
  if (request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body))
    init.body = request.body;
  return new Request(new URL(request.url, origin), init);
}
