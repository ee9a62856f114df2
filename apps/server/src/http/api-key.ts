import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Failure } from '@despensa/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The x-consumer of an authenticated API call (e.g. 'web', 'app', 'osm'). */
    consumer: string;
  }
}

const PUBLIC_API_PATHS = ['/api/health', '/api/openapi.json', '/api/docs'];

/** §7: every call carries a known api key and its consumer; both must agree. */
export function registerApiKeyGuard(app: FastifyInstance, keys: Map<string, string>): void {
  app.decorateRequest('consumer', '');
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/api/') || PUBLIC_API_PATHS.some((p) => path === p || path.startsWith(`${p}/`)))
      return;
    const key = header(request, 'x-api-key');
    const consumer = header(request, 'x-consumer');
    if (!key) throw new Failure('missingApiKey');
    if (!consumer) throw new Failure('missingConsumer');
    const owner = keys.get(key);
    if (!owner || owner !== consumer) throw new Failure('invalidApiKey');
    request.consumer = consumer;
  });
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
