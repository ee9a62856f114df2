import type { FastifyInstance, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { Failure } from '@despensa/contracts';

/** Methods no route of the shop answers; the web's Fetch API refuses TRACE outright. */
const REFUSED_METHODS = new Set(['TRACE', 'CONNECT']);

/**
 * Checks made once at the edge for every route: refused methods get a 405, and a string anywhere in the
 * url, query or body that is not well-formed UTF-16 (a lone surrogate such as "\ud800", which PostgreSQL
 * refuses as JSON) gets a 400 before any schema or service sees it, as does a body nested deeper than
 * MAX_INPUT_DEPTH (which would exhaust the stack of whatever walks it next).
 */
export function registerEdgeGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (REFUSED_METHODS.has(request.method)) throw new Failure('methodNotAllowed');
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const part of [request.params, request.query, request.body]) {
      const fault = inputFault(part);
      if (fault) throw new Failure(fault);
    }
  });
}

/** With the u flag a surrogate pair is one code point: only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/** How deep a request's JSON may nest: the shop's deepest body has a handful of levels. */
export const MAX_INPUT_DEPTH = 32;

/**
 * What is wrong with a parsed value, if anything: a string (keys included) that is not well-formed UTF-16,
 * or nesting deeper than MAX_INPUT_DEPTH. Walked with a list, not recursion, so no depth can overflow it.
 */
export function inputFault(value: unknown): 'invalidText' | 'inputTooDeep' | null {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [each, depth] = next;
    if (typeof each === 'string') {
      if (LONE_SURROGATE.test(each)) return 'invalidText';
      continue;
    }
    if (!each || typeof each !== 'object' || Buffer.isBuffer(each)) continue;
    if (depth >= MAX_INPUT_DEPTH) return 'inputTooDeep';
    for (const [key, item] of Object.entries(each)) {
      if (LONE_SURROGATE.test(key)) return 'invalidText';
      pending.push([item, depth + 1]);
    }
  }
  return null;
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
