import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
import { staffActor, staffSection } from './back-office-guard';
import { ofBackOffice } from './back-office-schemas';

/** Staff accounts and feature flags in the back office (/api/admin, administrators), each change audited. */
export function staffAccountRoutes(database: Database, modules: StoreOfficeModules): FastifyPluginAsyncZod {
  const flows = storeOfficeFlows(modules);
  return async (plain) => {
    const app = staffSection(plain, modules.operations, staffAdministers);

    app.get(
      '/api/admin/staff',
      {
        schema: ofBackOffice('Every staff account', z.array(staffAccount)),
      },
      async () => modules.operations.accounts.list(),
    );
    app.post(
      '/api/admin/staff',
      {
        schema: ofBackOffice('Create a staff account with a role and a store', staffAccount, {
          body: staffAccountBody,
        }),
      },
      async (request) =>
        runFlow(database, flows.createStaff, { actor: staffActor(request), body: request.body }),
    );
    app.patch(
      '/api/admin/staff/:staffId',
      {
        schema: ofBackOffice(
          "Change a staff account's role or store, or deactivate it (its sessions end)",
          staffAccount,
          { params: z.object({ staffId: z.string().min(1).max(80) }), body: staffAccountChange },
        ),
      },
      async (request) =>
        runFlow(database, flows.changeStaff, {
          actor: staffActor(request),
          staffId: request.params.staffId,
          change: request.body,
        }),
    );
    app.put(
      '/api/admin/feature-flags/:flag',
      {
        schema: ofBackOffice(
          'Switch a §9 feature flag on or off; every instance follows within moments',
          featureFlags,
          { params: z.object({ flag: z.string().min(1).max(60) }), body: featureFlagBody },
        ),
      },
      async (request) => {
        await runFlow(database, flows.setFlag, {
          actor: staffActor(request),
          flag: request.params.flag,
          enabled: request.body.enabled,
        });
        return modules.flags.reload();
      },
    );
  };
}
