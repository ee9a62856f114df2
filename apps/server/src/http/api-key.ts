import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Failure } from '@despensa/contracts';
import { APP_KEY_PATH_PREFIXES } from './app-key-guard';

declare module 'fastify' {
  interface FastifyRequest {
    /** The x-consumer of an authenticated API call (e.g. 'web', 'app', 'osm'). */
    consumer: string;
  }
}

const PUBLIC_API_PATHS = ['/api/health', '/api/ready', '/api/openapi.json', '/api/docs'];
/** navigator.sendBeacon cannot set headers: these paths may carry the key as ?apiKey=&consumer=. */
const BEACON_PATHS = new Set(['/api/analytics/events']);

/** §7: every call carries a known api key and its consumer; both must agree. */
export function registerApiKeyGuard(app: FastifyInstance, keys: Map<string, string>): void {
  app.decorateRequest('consumer', '');
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/api/') || PUBLIC_API_PATHS.some((p) => path === p || path.startsWith(`${p}/`)))
      return;
    // An ERP speaks VTEX's private APIs with an app key and token, which those routes check themselves.
    if (APP_KEY_PATH_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
    const query = BEACON_PATHS.has(path) ? (request.query as Record<string, unknown>) : {};
    const key = header(request, 'x-api-key') ?? text(query.apiKey);
    const consumer = header(request, 'x-consumer') ?? text(query.consumer);
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

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
