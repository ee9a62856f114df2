import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeSchemas } from '../api-app';

/** The Fastify instance the catalogue's routes are registered on (zod schemas). */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

export const tags = ['catalog'];
export const page = z.coerce.number().int().min(1).max(1000).default(1);
export const term = z.string().max(200);
export const numericId = z.string().regex(/^\d+$/, 'must be a number');
export const idList = z
  .string()
  .max(2000)
  .transform((raw) =>
    raw
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^\d+$/, 'ids must be numbers')));

/** Sends JSON the catalogue already validated and serialised (see CatalogService.json). */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** The part of the URL a trailing `*` matched ('' when the route has none). */
export function wildcard(params: unknown): string {
  return (params as { '*'?: string })['*'] ?? '';
}

/** A product's or a collection's id in the path. */
export const idParams = z.object({ id: numericId });

/** The schemas of the catalogue's routes: a route states its summary, its 200 answer and its path or query. */
export const ofCatalogue = routeSchemas({ tags }, {});
