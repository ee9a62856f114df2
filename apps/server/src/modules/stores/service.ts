import type { StoreListItem } from '@despensa/contracts';
import type { Database } from '../../db/client';
import { listActiveStores } from './repo';

/** Read-only view of the stores for the store locator; the delivery issue adds distances and maps. */
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
}
