import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  appKeyBody,
  appKeyCreated,
  appKeyView,
  auditLogEntry,
  auditLogQuery,
  errorResponses,
  pricingSettings,
} from '@despensa/contracts';
import { staffAdministers } from '@despensa/domain';
import type { Database } from '../../../db/client';
import { runFlow } from '../../../flows/flow';
import {
  createAppKeyFlow,
  pricingSettingsFlow,
  revokeAppKeyFlow,
  type BackOfficeModules,
} from '../../../flows/app-keys';
import { staffActor, staffGuard } from '../../staff';
import type { OperationsService } from '../../../modules/operations/service';

const tags = ['back office'];
const errors = errorResponses(400, 401, 403, 404);

/** The administrator of a back-office route (the staff guard set it). */
const administrator = (request: FastifyRequest) => staffActor(request, staffAdministers);

/** A back-office plugin's routes: a staff session (as /operaciones) whose role administers the shop. */
function administered(plain: FastifyInstance, operations: OperationsService) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', staffGuard(operations));
  app.addHook('preHandler', async (request) => void administrator(request));
  return app;
}

/** The back office's app keys (/api/admin/app-keys): create with scopes, list, revoke. */
export function appKeyRoutes(
  database: Database,
  operations: OperationsService,
  modules: BackOfficeModules,
): FastifyPluginAsyncZod {
  const createKey = createAppKeyFlow(modules);
  const revokeKey = revokeAppKeyFlow(modules);
  return async (plain) => {
    const app = administered(plain, operations);

    app.post(
      '/api/admin/app-keys',
      {
        schema: {
          tags,
          summary: 'Create an app key and token with scopes; the token is answered this once only',
          body: appKeyBody,
          response: { 200: appKeyCreated, ...errors },
        },
      },
      async (request) => runFlow(database, createKey, { actor: administrator(request), body: request.body }),
    );
    app.get(
      '/api/admin/app-keys',
      {
        schema: {
          tags,
          summary: 'Every app key (never its token)',
          response: { 200: z.array(appKeyView), ...errors },
        },
      },
      async () => modules.integration.list(),
    );
    app.delete(
      '/api/admin/app-keys/:appKey',
      {
        schema: {
          tags,
          summary: 'Revoke an app key: its next call is refused',
          params: z.object({ appKey: z.string().min(1).max(200) }),
          response: { 200: appKeyView, ...errors },
        },
      },
      async (request) =>
        runFlow(database, revokeKey, { actor: administrator(request), appKey: request.params.appKey }),
    );
  };
}

/** The chain's pricing settings and the audit log of every change (/api/admin). */
export function backOfficeSettingsRoutes(
  database: Database,
  operations: OperationsService,
  modules: BackOfficeModules,
): FastifyPluginAsyncZod {
  const setPricing = pricingSettingsFlow(modules);
  return async (plain) => {
    const app = administered(plain, operations);
    app.get(
      '/api/admin/pricing/settings',
      {
        schema: {
          tags,
          summary: "The chain's pricing settings",
          response: { 200: pricingSettings, ...errors },
        },
      },
      async () => modules.pricing.settings(),
    );
    app.put(
      '/api/admin/pricing/settings',
      {
        schema: {
          tags,
          summary: 'Change whether prices under cost are refused',
          body: pricingSettings,
          response: { 200: pricingSettings, ...errors },
        },
      },
      async (request) =>
        runFlow(database, setPricing, {
          actor: administrator(request),
          forbidBelowCost: request.body.forbidBelowCost,
        }),
    );
    app.get(
      '/api/admin/audit-log',
      {
        schema: {
          tags,
          summary: 'Who changed what and when, before and after (API and back-office changes), newest first',
          querystring: auditLogQuery,
          response: { 200: z.array(auditLogEntry), ...errors },
        },
      },
      async (request) => modules.audit.list(request.query),
    );
  };
}
