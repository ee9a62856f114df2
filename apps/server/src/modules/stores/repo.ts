import { asc, eq } from 'drizzle-orm';
import type { AdminStore, AdminStoreChange } from '@despensa/contracts';
import type { Db, Tx } from '../../db/client';
import { store } from './tables';

export type StoreRow = typeof store.$inferSelect;

/** Active stores in locator order: region code, comuna, name. */
export async function listActiveStores(db: Db): Promise<StoreRow[]> {
  return db
    .select()
    .from(store)
    .where(eq(store.active, true))
    .orderBy(asc(store.regionCode), asc(store.comuna), asc(store.name));
}

/** One store, locked for the change about to be made in `tx`. */
export async function storeForUpdate(tx: Tx, storeId: string): Promise<StoreRow | undefined> {
  const [row] = await tx.select().from(store).where(eq(store.id, storeId)).for('update');
  return row;
}

/** Writes the back office's change; the table's trigger tells every instance (shipping_changed). */
export async function updateStore(tx: Tx, storeId: string, change: AdminStoreChange): Promise<StoreRow> {
  const [row] = await tx.update(store).set(change).where(eq(store.id, storeId)).returning();
  return row!;
}

export function adminStoreOf(row: StoreRow): AdminStore {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    comuna: row.comuna,
    region: row.region,
    salesChannel: row.salesChannel,
    geoCoordinates: [row.lng, row.lat],
    pickup: row.pickup,
    car: row.car,
    express: row.express,
    carBays: row.carBays,
    openingHours: row.openingHours,
  };
}
