import type { FastifyRequest } from 'fastify';
import type { AuditActor, IntegrationScope } from '@despensa/contracts';
import type { IntegrationService } from '../modules/integration/service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who calls an integration route: the app key its guard accepted. */
    integrationActor: AuditActor | null;
  }
}

/** Paths an ERP calls with VTEX's app key and token instead of the storefront's x-api-key (api-key.ts). */
export const APP_KEY_PATH_PREFIXES = [
  '/api/pricing/',
  '/api/logistics/pvt/',
  '/api/catalog/pvt/',
  '/api/catalog_system/pvt/',
  '/api/oms/pvt/',
  '/api/rnb/pvt/',
  '/api/content/pvt/',
];

/**
 * An integration route's guard (onRequest: before its input is read): a live app key with its token, the
 * route's scope, within the key's rate. Refusals are typed: appKeyMissing, appKeyInvalid (401),
 * appKeyScopeForbidden (403), appKeyRateLimited (429).
 */
export function appKeyGuard(
  integration: IntegrationService,
  scope: IntegrationScope | readonly IntegrationScope[],
) {
  return async (request: FastifyRequest) => {
    const appKey = await integration.authenticate(
      header(request, 'x-vtex-api-appkey'),
      header(request, 'x-vtex-api-apptoken'),
      scope,
    );
    request.integrationActor = { kind: 'appKey', id: appKey };
  };
}

/** The actor a guarded route writes its audit row as. */
export function integrationActor(request: FastifyRequest): AuditActor {
  if (!request.integrationActor) throw new Error('integration route without its app key guard');
  return request.integrationActor;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
