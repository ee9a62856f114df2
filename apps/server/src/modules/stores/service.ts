import type { StoreListItem } from '@despensa/contracts';
import type { Database } from '../../db/client';
import { listActiveStores, type StoreRow } from './repo';

/** A store as the stores module keeps it; other modules name it through this service. */
export type { StoreRow };

/** Read-only view of the stores: the store locator, and the shipping module's in-memory store table. */
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
}
