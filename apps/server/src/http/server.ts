import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { Stream } from 'node:stream';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { logStreamError } from '../web';
import { ApiRoutes } from './edge';
import { documentRoute } from './openapi';

function newFastify(config: Config, logger: boolean) {
  return Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 256 * 1024,
    // Only the configured load balancers speak for the client (its address for rate limits and logs,
    // https for HSTS and secure cookies); never 'trust everyone', which lets any client forge its address.
    trustProxy: config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false,
    routerOptions: { maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();
}

export type ShopServer = ReturnType<typeof newFastify>;

/** The Fastify instance, with every route it registers listed (method and url pattern) as it comes. */
export function createServer(
  config: Config,
  logger: boolean,
): { app: ShopServer; routes: { method: string; url: string }[]; apiRoutes: ApiRoutes } {
  const app = newFastify(config, logger);
  const routes: { method: string; url: string }[] = [];
  const apiRoutes = new ApiRoutes();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url });
      apiRoutes.add(method, route.url);
    }
  });
  acceptBodilessJson(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  return { app, routes, apiRoutes };
}

/**
 * A GET or DELETE that says its body is JSON and sends none (VTEX's own examples do, and the ERP
 * connectors copied from them) has nothing to parse: it is not refused as invalid JSON. Any other body
 * goes through Fastify's own parser, with its guards against prototype poisoning.
 */
function acceptBodilessJson(app: ShopServer): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' && (request.method === 'GET' || request.method === 'DELETE')) done(null, undefined);
    else parseJson(request, body as string, done);
  });
}

/** The port the server listens on, once it does (sandboxes and links to the shop itself need it). */
export function listeningPort(app: ShopServer): number | null {
  return (app.server.address() as { port: number } | null)?.port ?? null;
}

/** Compression, the guard on streamed answers, and the OpenAPI document with its UI. */
export async function registerHttpPlugins(app: ShopServer, config: Config): Promise<void> {
  // Brotli's default level (11) costs tens of ms per response; 5 compresses pages and JSON nearly as well
  // in a fraction of the time. Built assets are compressed once, at build time.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // Every streamed answer (compressed, SSR, static file) gets an error listener after compression, so one
  // client hanging up mid-stream ends its own response and never raises an unhandled 'error'.
  app.addHook('onRoute', (route) => {
    route.onSend = [...[route.onSend ?? []].flat(), guardStream];
  });
  await app.register(swagger, {
    openapi: {
      // 3.1: JSON Schema as it is, so nullable values are types of their own and enums may include null.
      openapi: '3.1.0',
      info: {
        title: `${config.BRAND_NAME} storefront API`,
        description:
          'Every /api call needs the x-api-key and x-consumer headers. Prices are integer CLP cents.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          consumer: { type: 'apiKey', in: 'header', name: 'x-consumer' },
        },
      },
      security: [{ apiKey: [], consumer: [] }],
    },
    transform: documentRoute,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

async function guardStream(request: FastifyRequest, _reply: FastifyReply, payload: unknown) {
  if (payload instanceof Stream) payload.on('error', (error) => logStreamError(request, error));
  return payload;
}
