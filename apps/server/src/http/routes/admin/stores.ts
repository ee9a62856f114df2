import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  adminStore,
  adminStoreChange,
  adminWindow,
  adminWindowChange,
  coverageZoneBody,
  coverageZoneView,
  Failure,
  type AuditActor,
} from '@despensa/contracts';
import { staffAdministers, staffMayRunStore, staffRunsStores } from '@despensa/domain';
import type { Database } from '../../../db/client';
import { runFlow } from '../../../flows/flow';
import { storeOfficeFlows, type StoreOfficeModules } from '../../../flows/back-office-stores';
import { loggedInStaff, staffActorWho } from '../../staff';
import { staffSection } from './back-office-guard';
import { ofBackOffice } from './back-office-schemas';

const storeParams = z.object({ storeId: z.string().min(1).max(60) });

/**
 * The staff member who may run this store: the admin any, a store manager only its own
 * (staffStoreForbidden for another's), as the audit names them.
 */
function storeRunner(request: FastifyRequest, storeId: string): AuditActor {
  const staff = loggedInStaff(request);
  if (!staffMayRunStore(staff, storeId)) throw new Failure('staffStoreForbidden');
  return { kind: 'staff', id: staff.id };
}

/**
 * The back office's stores (/api/admin/stores): services, Click al Auto bays, hours, delivery windows
 * (open, close, capacity) and coverage zones. Store managers and administrators; zones are drawn by an
 * administrator (a store manager reads them).
 */
export function storeOfficeRoutes(database: Database, modules: StoreOfficeModules): FastifyPluginAsyncZod {
  const flows = storeOfficeFlows(modules);
  const { stores } = modules;
  const channelOf = async (storeId: string) => {
    const [store] = await stores.adminList(storeId);
    if (!store) throw new Failure('storeNotFound');
    return store.salesChannel;
  };
  return async (plain) => {
    const app = staffSection(plain, modules.operations, staffRunsStores);

    app.get(
      '/api/admin/stores',
      {
        schema: ofBackOffice(
          "The stores a staff member runs (a store manager's own; every one for the admin)",
          z.array(adminStore),
        ),
      },
      async (request) => {
        const staff = loggedInStaff(request);
        return stores.adminList(staffAdministers(staff.role) ? undefined : staff.storeId);
      },
    );
    app.put(
      '/api/admin/stores/:storeId',
      {
        schema: ofBackOffice(
          'Change a store: pickup, Click al Auto and its bays, express, opening hours',
          adminStore,
          { params: storeParams, body: adminStoreChange },
        ),
      },
      async (request) => {
        const { storeId } = request.params;
        const actor = storeRunner(request, storeId);
        return runFlow(database, flows.changeStore, { actor, storeId, change: request.body });
      },
    );
    windowRoutes(app, database, modules, flows);
    zoneRoutes(app, database, modules, flows, channelOf);
  };
}

type App = Parameters<FastifyPluginAsyncZod>[0];

/** A store's delivery windows: read them, open or close one, change its capacity. */
function windowRoutes(
  app: App,
  database: Database,
  { delivery }: StoreOfficeModules,
  flows: ReturnType<typeof storeOfficeFlows>,
) {
  app.get(
    '/api/admin/stores/:storeId/windows',
    {
      schema: ofBackOffice(
        "A store's delivery windows still to start, with places held and whether closed",
        z.array(adminWindow),
        { params: storeParams },
      ),
    },
    async (request) => {
      storeRunner(request, request.params.storeId);
      return delivery.windowAdmin.list(request.params.storeId);
    },
  );
  app.patch(
    '/api/admin/windows/:windowId',
    {
      schema: ofBackOffice(
        'Open or close a delivery window, or change its capacity (never below the places held or taken)',
        adminWindow,
        {
          params: z.object({
            windowId: z.coerce
              .number()
              .int()
              .positive()
              .max(2 ** 53),
          }),
          body: adminWindowChange,
        },
      ),
    },
    async (request) => {
      const { windowId } = request.params;
      const storeId = await delivery.windowAdmin.storeOf(windowId);
      if (!storeId) throw new Failure('windowNotFound');
      const actor = storeRunner(request, storeId);
      return runFlow(database, flows.changeWindow, { actor, windowId, change: request.body });
    },
  );
}

function zoneRoutes(
  app: App,
  database: Database,
  { delivery }: StoreOfficeModules,
  flows: ReturnType<typeof storeOfficeFlows>,
  channelOf: (storeId: string) => Promise<number>,
) {
  /** Zones are drawn by the administrator only. */
  const zoneDrawer = (request: FastifyRequest) => staffActorWho(request, staffAdministers);
  app.get(
    '/api/admin/stores/:storeId/zones',
    {
      schema: ofBackOffice(
        "The coverage and exclusion zones of a store's sales channel",
        z.array(coverageZoneView),
        { params: storeParams },
      ),
    },
    async (request) => {
      storeRunner(request, request.params.storeId);
      return delivery.zoneAdmin.list(await channelOf(request.params.storeId));
    },
  );
  app.post(
    '/api/admin/stores/:storeId/zones',
    {
      schema: ofBackOffice(
        "Draw a coverage or exclusion zone for a store's sales channel (a polygon of [lng, lat])",
        coverageZoneView,
        { params: storeParams, body: coverageZoneBody },
      ),
    },
    async (request) => {
      const actor = zoneDrawer(request);
      const salesChannel = await channelOf(request.params.storeId);
      return runFlow(database, flows.createZone, { actor, salesChannel, zone: request.body });
    },
  );
  app.delete(
    '/api/admin/stores/:storeId/zones/:zoneId',
    {
      schema: ofBackOffice("Remove one of a store's zones", coverageZoneView, {
        params: storeParams.extend({ zoneId: z.string().min(1).max(80) }),
      }),
    },
    async (request) => {
      const actor = zoneDrawer(request);
      const salesChannel = await channelOf(request.params.storeId);
      return runFlow(database, flows.removeZone, { actor, salesChannel, zoneId: request.params.zoneId });
    },
  );
}
