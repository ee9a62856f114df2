import type { FastifyInstance, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { Failure } from '@despensa/contracts';

/** Methods no route of the shop answers; the web's Fetch API refuses TRACE outright. */
const REFUSED_METHODS = new Set(['TRACE', 'CONNECT']);

/**
 * Checks made once at the edge for every route: refused methods get a 405, and a string anywhere in the
 * url, query or body that is not well-formed UTF-16 (a lone surrogate such as "\ud800", which PostgreSQL
 * refuses as JSON) gets a 400 before any schema or service sees it.
 */
export function registerEdgeGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (REFUSED_METHODS.has(request.method)) throw new Failure('methodNotAllowed');
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const part of [request.params, request.query, request.body]) {
      if (!wellFormed(part)) throw new Failure('invalidText');
    }
  });
}

/** With the u flag a surrogate pair is one code point: only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether every string in a parsed value (keys included) is well-formed UTF-16. */
export function wellFormed(value: unknown): boolean {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(wellFormed);
  if (value && typeof value === 'object' && !Buffer.isBuffer(value))
    return Object.entries(value).every(([key, each]) => wellFormed(key) && wellFormed(each));
  return true;
}

/**
 * Which methods answer an /api path, so that an unsupported method gets a JSON 405 and an unknown path a
 * JSON 404. Fed by onRoute with every /api route.
 */
export class ApiRoutes {
  private readonly router = FindMyWay({ ignoreTrailingSlash: false, maxParamLength: 500 });
  private readonly methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

  add(method: string, url: string): void {
    if (!url.startsWith('/api/') || !this.methods.includes(method as never)) return;
    if (!this.router.hasRoute(method as HTTPMethod, url)) this.router.on(method as HTTPMethod, url, () => {});
  }

  /** The methods this path answers to (none: the path does not exist). */
  allowed(path: string): string[] {
    return this.methods.filter((method) => this.router.find(method, path) !== null);
  }
}
