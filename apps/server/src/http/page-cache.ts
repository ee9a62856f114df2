import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { SharedPageVariant } from '@despensa/contracts';
import { isBelowMinimumBrowser } from '@despensa/domain';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers';
import { parseCookies, sharedCookies } from './page-variant';

/**
 * The shared page cache (issue 16): an anonymous home, category, search, offer or product page is rendered
 * once per key and served to every shopper who asks for it until the catalogue, prices, promotions, stock
 * state or content change (LISTEN/NOTIFY) or a minute passes (content and promotions scheduled by the
 * clock).
 *
 * What keeps one shopper's data out of another's page: the page is never rendered from the shopper's
 * request. It is rendered from a copy that carries only the cookies that shape a shared page (the delivery
 * choice without its address, the contrast setting); a shopper with a cart or an address gets the same
 * page marked 'fill' and their own parts (cart, address) arrive from /comprador/partes on the client. A
 * shopper with a session cookie gets it marked 'session': their greeting, hearts and lists, and whether
 * their session is still live, come with their parts too, and until then the page holds what depends on
 * who is logged in (a heart clicked meanwhile waits for them). One variant more, not one per shopper.
 */

/** The route ids (apps/web/app/routes.ts) whose pages are the same for every shopper of a channel. */
const SHARED_ROUTES = new Set([
  'routes/home',
  'home:index.html',
  'routes/category',
  'routes/product',
  'routes/search',
  'search:busqueda',
  'routes/offer',
  'routes/cyber',
]);

/** A CDN may keep a shared page this long and serve it stale while it fetches a fresh one. */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=120';
const PERSONAL_CACHE_CONTROL = 'private, no-cache';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface CachedPage {
  status: number;
  /** Its Content-Security-Policy: the page's own inline scripts by hash. */
  policy: string;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  /** Sales channel of the page (undefined: the default one), for a stock change in one channel. */
  channel: number | undefined;
  /** Its address's path, read once: every price batch of an ERP asks it of every page kept. */
  pathname: string;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
  /** It shows products whose prices changed since: still served, while a new render replaces it. */
  stale?: boolean;
}

export interface PageCacheOptions {
  /** Bytes of HTML kept (compressed copies count too). */
  maxBytes?: number;
  /** A page older than this is rendered again, whatever happened. */
  ttlMs?: number;
}

/** What the shopper's request says about the shared page it may get. */
export interface SharedPageRequest {
  key: string;
  variant: SharedPageVariant;
  /** The Cookie header of the shared render: only what shapes a shared page. */
  cookie: string;
  channel: number | undefined;
}

export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  private readonly rendering = new Map<string, Promise<CachedPage | null>>();
  /** Bumped by every whole-page invalidation: a render that started before one is served but not kept. */
  private generation = 0;
  /** Renders under way whose products changed meanwhile: kept, but stale from the start. */
  private readonly overtaken = new Set<string>();
  readonly routes: RouteObject[];
  hits = 0;
  misses = 0;
  stale = 0;

  constructor(build: ServerBuild, options: PageCacheOptions = {}) {
    this.pages = new LRUCache<string, CachedPage>({
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      // Room for its compressed copies too.
      sizeCalculation: (page) => Math.ceil(page.body.length * 1.5) + 512,
      ttl: options.ttlMs ?? 60_000,
    });
    this.routes = routeTree(build);
  }

  /**
   * Pages also change when the clock reaches dated content (a banner's start or end, a scheduled publish):
   * `datedChanges` counts those times, and a new count drops every page before the next is served.
   */
  expireWith(datedChanges: () => number): void {
    this.datedChanges = datedChanges;
    this.datedSeen = datedChanges();
  }

  private datedChanges: (() => number) | null = null;
  private datedSeen = 0;

  private expireDated(): void {
    const count = this.datedChanges?.() ?? 0;
    if (count === this.datedSeen) return;
    this.datedSeen = count;
    this.invalidateAll();
  }

  /** Drops every page (catalogue rebuilt, promotions or content changed). */
  invalidateAll(): void {
    this.generation++;
    this.pages.clear();
  }

  /** Drops the pages of one sales channel (a product came in or ran out of stock there). */
  invalidateChannel(channel: number, defaultChannel: number): void {
    this.generation++;
    for (const [key, page] of this.pages.entries())
      if ((page.channel ?? defaultChannel) === channel) this.pages.delete(key);
  }

  /**
   * Renews only the pages that may show these products (an ERP changed their prices): their own pages,
   * their categories' listings and the pages that list across categories (home, search, offers). Every
   * other product's and category's page stays. An ERP changes prices many times a second, so a renewed
   * page is not dropped: the next shopper gets it at once while one render replaces it (stale while
   * revalidate), and no shopper waits for a render a price change caused.
   */
  invalidateProducts(products: { slug: string; categoryPaths: string[] }[]): void {
    const productPaths = new Set(products.map((product) => `/${product.slug}/p`));
    const categoryPaths = new Set(products.flatMap((product) => product.categoryPaths));
    const shows = (pathname: string) =>
      pathname.endsWith('/p') ? productPaths.has(pathname) : this.mayList(pathname, categoryPaths);
    for (const page of this.pages.values()) if (shows(page.pathname)) page.stale = true;
    for (const key of this.rendering.keys()) if (shows(pathOfKey(key))) this.overtaken.add(key);
  }

  /** Whether a page other than a product's may list products of these categories. */
  private mayList(pathname: string, categoryPaths: Set<string>): boolean {
    let routeId = this.routeIds.get(pathname);
    if (routeId === undefined) {
      routeId = matchRoutes(this.routes, pathname)?.at(-1)?.route.id ?? '';
      this.routeIds.set(pathname, routeId);
    }
    return (
      routeId !== 'routes/category' || categoryPaths.has(decodeURIComponent(pathname).replace(/\/$/, ''))
    );
  }

  private readonly routeIds = new LRUCache<string, string>({ max: 20_000 });

  /** Which route a path lands on, remembered: matching every route costs more than serving a hit. */
  private readonly sharedPaths = new LRUCache<string, boolean>({ max: 20_000 });
  private isSharedPath(pathname: string): boolean {
    let shared = this.sharedPaths.get(pathname);
    if (shared === undefined) {
      const leaf = matchRoutes(this.routes, pathname)?.at(-1)?.route.id;
      shared = leaf !== undefined && SHARED_ROUTES.has(leaf);
      this.sharedPaths.set(pathname, shared);
    }
    return shared;
  }

  /**
   * What a user agent changes in a page, remembered: a crowd sends few distinct user agents, and reading
   * one (the bot patterns, the browser's version) cost more than the rest of a cache hit.
   */
  private readonly browsers = new LRUCache<string, { outdated: string; bot: string }>({ max: 5_000 });
  private browserOf(userAgent: string | undefined): { outdated: string; bot: string } {
    let browser = this.browsers.get(userAgent ?? '');
    if (!browser) {
      browser = {
        outdated: outdatedBrowserKey(userAgent),
        // A bot's page carries no consent banner, push invitation or analytics (§4): a page of its own.
        bot: !userAgent || isbot(userAgent) ? 'bot' : '',
      };
      this.browsers.set(userAgent ?? '', browser);
    }
    return browser;
  }

  /** The shared page this request may get, or null when its page is the shopper's own. */
  sharedPageOf(request: FastifyRequest): SharedPageRequest | null {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const url = new URL(request.url, 'http://shop');
    // React Router's own data requests stay uncached: a client navigation reads the data of the shopper's
    // own session (the route manifest comes with the page: apps/web/react-router.config.ts).
    if (url.pathname.endsWith('.data')) return null;
    if (!this.isSharedPath(url.pathname)) return null;
    const shared = sharedCookies(parseCookies(request.headers.cookie));
    if (!shared) return null;
    const { choice, contrast, consent, variant } = shared;
    const { outdated, bot } = this.browserOf(request.headers['user-agent']);
    return {
      // The host too: a second brand may be served by the same instances under its own name.
      key: [
        variant,
        request.protocol,
        request.host,
        choice?.json ?? '',
        contrast ?? '',
        consent ?? '',
        outdated,
        bot,
        request.url,
      ].join('\n'),
      variant,
      cookie: shared.cookie,
      channel: choice?.channel,
    };
  }

  /**
   * Answers from the cache, rendering once per key (concurrent shoppers of a cold key wait for the same
   * render). `render` gets the Cookie header and variant of the shared render; its answer is kept only
   * when it is a plain 200 page that sets no cookie; otherwise this answers false and sends nothing.
   */
  async serve(
    request: FastifyRequest,
    reply: FastifyReply,
    shared: SharedPageRequest,
    render: (shared: SharedPageRequest) => Promise<Response>,
  ): Promise<boolean> {
    this.expireDated();
    let page = this.pages.get(shared.key);
    reply.header('x-page-cache', page ? (page.stale ? 'stale' : 'hit') : 'miss');
    if (page?.stale) {
      this.stale++;
      // Its new render runs on its own; a render that fails leaves the old copy for the next shopper.
      this.rendered(shared, render).catch(() => {});
    } else if (page) this.hits++;
    else {
      this.misses++;
      page = (await this.rendered(shared, render)) ?? undefined;
      // Not a shared page after all (a redirect, an error, a cookie set): the caller renders the shopper's own.
      if (!page) return false;
    }
    // Not the reply itself: a Fastify reply is a thenable, and awaiting it would wait for the answer to end.
    await this.send(request, reply, page, shared);
    return true;
  }

  /** The key's render under way, or a new one: concurrent shoppers of one key share a render. */
  private rendered(
    shared: SharedPageRequest,
    render: (shared: SharedPageRequest) => Promise<Response>,
  ): Promise<CachedPage | null> {
    let pending = this.rendering.get(shared.key);
    if (!pending) {
      pending = this.renderOnce(shared, render).finally(() => {
        this.rendering.delete(shared.key);
        this.overtaken.delete(shared.key);
      });
      this.rendering.set(shared.key, pending);
    }
    return pending;
  }

  private async renderOnce(
    shared: SharedPageRequest,
    render: (shared: SharedPageRequest) => Promise<Response>,
  ): Promise<CachedPage | null> {
    const generation = this.generation;
    const response = await render(shared);
    if (response.status !== 200 || response.headers.has('set-cookie') || !response.body) {
      await response.body?.cancel();
      // No longer a shared page (taken off the shelf, say): an old copy must not stay.
      this.pages.delete(shared.key);
      return null;
    }
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => !HOP_HEADERS.has(name));
    const page: CachedPage = {
      status: 200,
      headers,
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      policy: contentSecurityPolicy(inlineScriptHashes(body)),
      channel: shared.channel,
      pathname: pathOfKey(shared.key),
    };
    // Overtaken by a change of its products, it is still newer than the copy it replaces: kept, and renewed
    // again at the next request (an ERP's steady stream of changes must not leave the oldest copy in place).
    if (this.overtaken.has(shared.key)) page.stale = true;
    if (generation === this.generation) this.pages.set(shared.key, page);
    return page;
  }

  private async send(
    request: FastifyRequest,
    reply: FastifyReply,
    page: CachedPage,
    shared: SharedPageRequest,
  ): Promise<void> {
    for (const [name, value] of page.headers) reply.header(name, value);
    reply.header('etag', page.etag);
    reply.header('content-security-policy', page.policy);
    reply.header('vary', 'Accept-Encoding, Cookie');
    reply.header(
      'cache-control',
      shared.variant === 'anonymous' ? SHARED_CACHE_CONTROL : PERSONAL_CACHE_CONTROL,
    );
    if (etagMatches(request.headers['if-none-match'], page.etag)) {
      reply.status(304).send();
      return;
    }
    reply.status(page.status);
    if (request.method === 'HEAD') {
      reply.send();
      return;
    }
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding === 'br') {
      page.br ??= brotli(page.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
      reply.header('content-encoding', 'br').send(await page.br);
    } else if (encoding === 'gzip') {
      page.gzip ??= gzip(page.body, { level: 6 });
      reply.header('content-encoding', 'gzip').send(await page.gzip);
    } else reply.send(page.body);
  }
}

/** The path of a page's key (its last line is the request's URL). */
function pathOfKey(key: string): string {
  return new URL(key.slice(key.lastIndexOf('\n') + 1), 'http://shop').pathname;
}

const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'set-cookie', 'etag']);

/** The route tree of a React Router build, to tell which route a path lands on. */
function routeTree(build: ServerBuild): RouteObject[] {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const children = byParent.get(route.parentId) ?? [];
    children.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as RouteObject);
    byParent.set(route.parentId, children);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const children = byParent.get(route.id);
      return children && !route.index ? ({ ...route, children: attach(children) } as RouteObject) : route;
    });
  return attach(byParent.get(undefined) ?? []);
}

/** Old browsers get a page without scripts (apps/web lib/browser-support): a key of their own. */
function outdatedBrowserKey(userAgent: string | undefined): string {
  return userAgent && !isbot(userAgent) && isBelowMinimumBrowser(userAgent) ? 'old' : '';
}

function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  if (/\bbr\b/.test(header)) return 'br';
  if (/\bgzip\b/.test(header)) return 'gzip';
  return null;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}
