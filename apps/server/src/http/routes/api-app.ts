import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The Fastify instance a route plugin gets (zod schemas), for the helpers that add one group of its routes. */
export type ApiApp = Parameters<FastifyPluginAsyncZod>[0];

/** A call that carries no data: `{}` (VTEX's own examples send it) or no body at all (Fastify gives null). */
export const emptyBody = z.object({}).nullish();

/**
 * The schemas of a family of routes: what they share (tags, path parameters, headers…) and the refusals they
 * answer, so that a route states only its summary, its 200 answer and what else is its own (body, query…).
 */
export function routeSchemas<Shared extends object, Refusals extends object>(
  shared: Shared,
  refusals: Refusals,
) {
  return <Answer extends z.ZodType, Own extends object = object>(
    summary: string,
    answer: Answer,
    own?: Own,
  ) => ({
    ...shared,
    summary,
    ...(own as Own),
    response: { 200: answer, ...refusals },
  });
}
