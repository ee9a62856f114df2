import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The Fastify instance a route plugin gets (zod schemas), for the helpers that add one group of its routes. */
export type ApiApp = Parameters<FastifyPluginAsyncZod>[0];
