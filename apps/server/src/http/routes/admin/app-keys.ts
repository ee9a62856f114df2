import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import {
  appKeyBody,
  appKeyCreated,
  appKeyView,
  auditLogEntry,
  auditLogQuery,
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
import { staffActor, staffSection } from './back-office-guard';
import { ofBackOfficeNoClash } from './back-office-schemas';
import type { OperationsService } from '../../../modules/operations/service';

/** A back-office plugin's routes: a staff session (as /operaciones) whose role administers the shop. */
const administered = (plain: FastifyInstance, operations: OperationsService) =>
  staffSection(plain, operations, staffAdministers);

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
        schema: ofBackOfficeNoClash(
          'Create an app key and token with scopes; the token is answered this once only',
          appKeyCreated,
          { body: appKeyBody },
        ),
      },
      async (request) => runFlow(database, createKey, { actor: staffActor(request), body: request.body }),
    );
    app.get(
      '/api/admin/app-keys',
      {
        schema: ofBackOfficeNoClash('Every app key (never its token)', z.array(appKeyView)),
      },
      async () => modules.integration.list(),
    );
    app.delete(
      '/api/admin/app-keys/:appKey',
      {
        schema: ofBackOfficeNoClash('Revoke an app key: its next call is refused', appKeyView, {
          params: z.object({ appKey: z.string().min(1).max(200) }),
        }),
      },
      async (request) =>
        runFlow(database, revokeKey, { actor: staffActor(request), appKey: request.params.appKey }),
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
        schema: ofBackOfficeNoClash("The chain's pricing settings", pricingSettings),
      },
      async () => modules.pricing.settings(),
    );
    app.put(
      '/api/admin/pricing/settings',
      {
        schema: ofBackOfficeNoClash('Change whether prices under cost are refused', pricingSettings, {
          body: pricingSettings,
        }),
      },
      async (request) =>
        runFlow(database, setPricing, {
          actor: staffActor(request),
          forbidBelowCost: request.body.forbidBelowCost,
        }),
    );
    app.get(
      '/api/admin/audit-log',
      {
        schema: ofBackOfficeNoClash(
          'Who changed what and when, before and after (API and back-office changes), newest first',
          z.array(auditLogEntry),
          { querystring: auditLogQuery },
        ),
      },
      async (request) => modules.audit.list(request.query),
    );
  };
}
