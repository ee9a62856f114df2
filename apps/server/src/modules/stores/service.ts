import { Failure, type AdminStore, type AdminStoreChange, type StoreListItem } from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import { adminStoreOf, listActiveStores, storeForUpdate, updateStore, type StoreRow } from './repo';

/** A store as the stores module keeps it; other modules name it through this service. */
export type { StoreRow };

/**
 * The stores: the store locator, the shipping module's in-memory store table, and the back office's
 * changes (services, Click al Auto bays, hours), which every instance hears through the table's trigger.
 */
export class StoresService {
  constructor(private readonly database: Database) {}

  async list(): Promise<StoreListItem[]> {
    const rows = await listActiveStores(this.database.db);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      region: row.region,
      regionCode: row.regionCode,
      comuna: row.comuna,
      address: row.address,
      geoCoordinates: [row.lng, row.lat],
      pickup: row.pickup,
      car: row.car,
      express: row.express,
      openingHours: row.openingHours,
    }));
  }

  /** Every active store as stored (the shipping module keeps them in memory). */
  async activeRows(): Promise<StoreRow[]> {
    return listActiveStores(this.database.db);
  }

  /** The stores as the back office edits them (a store manager's list is its own store). */
  async adminList(onlyStoreId?: string): Promise<AdminStore[]> {
    const rows = await listActiveStores(this.database.db);
    return rows.filter((row) => !onlyStoreId || row.id === onlyStoreId).map(adminStoreOf);
  }

  /** The back office's change of a store, in the flow's transaction: before and after for the audit. */
  async change(
    tx: Tx,
    storeId: string,
    change: AdminStoreChange,
  ): Promise<{ before: AdminStore; after: AdminStore }> {
    const current = await storeForUpdate(tx, storeId);
    if (!current || !current.active) throw new Failure('storeNotFound');
    const openingHours = [...change.openingHours].sort((a, b) => a.day - b.day);
    const row = await updateStore(tx, storeId, { ...change, openingHours });
    return { before: adminStoreOf(current), after: adminStoreOf(row) };
  }
}
