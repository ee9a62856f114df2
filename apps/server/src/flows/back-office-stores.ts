import type {
  AdminStore,
  AdminStoreChange,
  AdminWindow,
  AdminWindowChange,
  AuditActor,
  CoverageZoneBody,
  CoverageZoneView,
  FeatureFlags,
  StaffAccount,
  StaffAccountBody,
  StaffAccountChange,
} from '@despensa/contracts';
import type { Tx } from '../db/client';
import type { AuditService } from '../modules/audit/service';
import type { FlagsService } from '../modules/flags/service';
import type { OperationsService } from '../modules/operations/service';
import type { DeliveryService } from '../modules/shipping/service';
import type { StoresService } from '../modules/stores/service';
import { defineFlow } from './flow';

export interface StoreOfficeModules {
  stores: StoresService;
  delivery: DeliveryService;
  operations: OperationsService;
  flags: FlagsService;
  audit: AuditService;
}

/**
 * A back-office change and its audit row (who, when, before and after) in one transaction: the change
 * goes through its owning module, which answers the state before and after; the flow answers what is
 * there now (what was, for a removal).
 */
function auditedChange<I extends { actor: AuditActor }, T>(
  audit: AuditService,
  action: string,
  subjectOf: (input: I) => string,
  change: (tx: Tx, input: I) => Promise<{ before: T | null; after: T | null }>,
) {
  return defineFlow<I, T>(action, async (input, { tx, step }) => {
    const { before, after } = await step(action, () => change(tx, input));
    await step('audit', () =>
      audit.record(tx, { actor: input.actor, action, subject: subjectOf(input), before, after }),
    );
    return (after ?? before)!;
  });
}

export function storeOfficeFlows({ stores, delivery, operations, flags, audit }: StoreOfficeModules) {
  return {
    changeStore: auditedChange<{ actor: AuditActor; storeId: string; change: AdminStoreChange }, AdminStore>(
      audit,
      'store.change',
      ({ storeId }) => `store:${storeId}`,
      (tx, { storeId, change }) => stores.change(tx, storeId, change),
    ),
    changeWindow: auditedChange<
      { actor: AuditActor; windowId: number; change: AdminWindowChange },
      AdminWindow
    >(
      audit,
      'deliveryWindow.change',
      ({ windowId }) => `deliveryWindow:${windowId}`,
      (tx, { windowId, change }) => delivery.windowAdmin.change(tx, windowId, change),
    ),
    createZone: auditedChange<
      { actor: AuditActor; salesChannel: number; zone: CoverageZoneBody },
      CoverageZoneView
    >(
      audit,
      'coverageZone.create',
      ({ salesChannel }) => `salesChannel:${salesChannel}`,
      async (tx, { salesChannel, zone }) => ({
        before: null,
        after: await delivery.zoneAdmin.create(tx, salesChannel, zone),
      }),
    ),
    removeZone: auditedChange<{ actor: AuditActor; salesChannel: number; zoneId: string }, CoverageZoneView>(
      audit,
      'coverageZone.remove',
      ({ salesChannel }) => `salesChannel:${salesChannel}`,
      async (tx, { salesChannel, zoneId }) => ({
        before: await delivery.zoneAdmin.remove(tx, salesChannel, zoneId),
        after: null,
      }),
    ),
    createStaff: auditedChange<{ actor: AuditActor; body: StaffAccountBody }, StaffAccount>(
      audit,
      'staff.create',
      ({ body }) => `staff:${body.email.toLowerCase()}`,
      async (tx, { body }) => ({ before: null, after: await operations.accounts.create(tx, body) }),
    ),
    changeStaff: auditedChange<
      { actor: AuditActor; staffId: string; change: StaffAccountChange },
      StaffAccount
    >(
      audit,
      'staff.change',
      ({ staffId }) => `staff:${staffId}`,
      (tx, { staffId, change }) => operations.accounts.change(tx, staffId, change),
    ),
    // The flag and its audit row commit together; every instance hears the commit (route: flags.reload).
    setFlag: auditedChange<{ actor: AuditActor; flag: string; enabled: boolean }, FeatureFlags>(
      audit,
      'featureFlag.set',
      ({ flag }) => `featureFlag:${flag}`,
      async (tx, { flag, enabled }) => {
        const before = await flags.all();
        await flags.write(tx, flag, enabled);
        return { before, after: { ...before, [flag]: enabled } };
      },
    ),
  };
}
