import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
