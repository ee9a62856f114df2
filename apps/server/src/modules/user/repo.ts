import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customer, customerDevice } from './tables';

export type CustomerRow = typeof customer.$inferSelect;

/** False when the e-mail or the RUT is taken. */
export async function insertCustomer(db: Db, row: typeof customer.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(customer).values(row).onConflictDoNothing().returning({ id: customer.id });
  return inserted.length === 1;
}

export async function deleteCustomer(db: Db, id: string): Promise<void> {
  await db.delete(customer).where(eq(customer.id, id));
}

export async function findCustomer(db: Db, id: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customer).where(eq(customer.id, id));
  return row ?? null;
}

export async function updateCustomer(
  db: Db | Tx,
  id: string,
  change: Partial<typeof customer.$inferInsert>,
): Promise<CustomerRow | null> {
  const [row] = await db.update(customer).set(change).where(eq(customer.id, id)).returning();
  return row ?? null;
}

export async function upsertDevice(db: Db, row: typeof customerDevice.$inferInsert): Promise<void> {
  await db
    .insert(customerDevice)
    .values(row)
    .onConflictDoUpdate({
      target: customerDevice.deviceId,
      set: {
        token: sql`excluded.token`,
        isMobile: sql`excluded.is_mobile`,
        device: sql`excluded.device`,
        updatedAt: sql`excluded.updated_at`,
        // A device keeps its owner unless a logged-in call names a new one.
        userId: sql`coalesce(excluded.user_id, ${customerDevice.userId})`,
      },
    });
}

export async function devicesOf(db: Db, userId: string): Promise<(typeof customerDevice.$inferSelect)[]> {
  return db.select().from(customerDevice).where(eq(customerDevice.userId, userId));
}

export async function deleteDevice(db: Db, deviceId: string): Promise<void> {
  await db.delete(customerDevice).where(eq(customerDevice.deviceId, deviceId));
}
