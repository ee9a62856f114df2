import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  errorResponses,
  featureFlagBody,
  featureFlags,
  staffAccount,
  staffAccountBody,
  staffAccountChange,
} from '@despensa/contracts';
import { staffAdministers } from '@despensa/domain';
import type { Database } from '../../../db/client';
import { runFlow } from '../../../flows/flow';
import { storeOfficeFlows, type StoreOfficeModules } from '../../../flows/back-office-stores';
import { staffActor, staffGuard } from '../../staff';

const tags = ['back office'];
const errors = errorResponses(400, 401, 403, 404, 409);

const administrator = (request: FastifyRequest) => staffActor(request, staffAdministers);

/** Staff accounts and feature flags in the back office (/api/admin, administrators), each change audited. */
export function staffAccountRoutes(database: Database, modules: StoreOfficeModules): FastifyPluginAsyncZod {
  const flows = storeOfficeFlows(modules);
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', staffGuard(modules.operations));
    app.addHook('preHandler', async (request) => void administrator(request));

    app.get(
      '/api/admin/staff',
      {
        schema: { tags, summary: 'Every staff account', response: { 200: z.array(staffAccount), ...errors } },
      },
      async () => modules.operations.accounts.list(),
    );
    app.post(
      '/api/admin/staff',
      {
        schema: {
          tags,
          summary: 'Create a staff account with a role and a store',
          body: staffAccountBody,
          response: { 200: staffAccount, ...errors },
        },
      },
      async (request) =>
        runFlow(database, flows.createStaff, { actor: administrator(request), body: request.body }),
    );
    app.patch(
      '/api/admin/staff/:staffId',
      {
        schema: {
          tags,
          summary: "Change a staff account's role or store, or deactivate it (its sessions end)",
          params: z.object({ staffId: z.string().min(1).max(80) }),
          body: staffAccountChange,
          response: { 200: staffAccount, ...errors },
        },
      },
      async (request) =>
        runFlow(database, flows.changeStaff, {
          actor: administrator(request),
          staffId: request.params.staffId,
          change: request.body,
        }),
    );
    app.put(
      '/api/admin/feature-flags/:flag',
      {
        schema: {
          tags,
          summary: 'Switch a §9 feature flag on or off; every instance follows within moments',
          params: z.object({ flag: z.string().min(1).max(60) }),
          body: featureFlagBody,
          response: { 200: featureFlags, ...errors },
        },
      },
      async (request) => {
        await runFlow(database, flows.setFlag, {
          actor: administrator(request),
          flag: request.params.flag,
          enabled: request.body.enabled,
        });
        return modules.flags.reload();
      },
    );
  };
}
