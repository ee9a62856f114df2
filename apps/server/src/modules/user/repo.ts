import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customer, customerDevice } from './tables';

export type CustomerRow = typeof customer.$inferSelect;

/** False when the e-mail or the RUT is taken. */
export async function insertCustomer(db: Db | Tx, row: typeof customer.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(customer).values(row).onConflictDoNothing().returning({ id: customer.id });
  return inserted.length === 1;
}

export async function findCustomer(db: Db, id: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customer).where(eq(customer.id, id));
  return row ?? null;
}

/** The customers whose e-mail (any case) or RUT (formatted) is this, or who have these ids. */
export async function customersBy(
  db: Db,
  by: { email?: string; document?: string; ids?: string[] },
): Promise<CustomerRow[]> {
  const where = [
    ...(by.email ? [sql`lower(${customer.email}) = ${by.email.toLowerCase()}`] : []),
    ...(by.document ? [eq(customer.document, by.document)] : []),
    ...(by.ids?.length ? [inArray(customer.id, by.ids)] : []),
  ];
  if (where.length === 0) return [];
  return db
    .select()
    .from(customer)
    .where(or(...where))
    .limit(20);
}

export async function updateCustomer(
  db: Db | Tx,
  id: string,
  change: Partial<typeof customer.$inferInsert>,
): Promise<CustomerRow | null> {
  const [row] = await db.update(customer).set(change).where(eq(customer.id, id)).returning();
  return row ?? null;
}

/**
 * Registers a device, or re-points one nobody owns or the caller owns; false (nothing written) for a
 * device another customer owns, or one a customer owns when nobody is logged in.
 */
export async function upsertDevice(db: Db, row: typeof customerDevice.$inferInsert): Promise<boolean> {
  const written = await db
    .insert(customerDevice)
    .values(row)
    .onConflictDoUpdate({
      target: customerDevice.deviceId,
      set: {
        token: sql`excluded.token`,
        isMobile: sql`excluded.is_mobile`,
        device: sql`excluded.device`,
        updatedAt: sql`excluded.updated_at`,
        userId: sql`excluded.user_id`,
      },
      setWhere: sql`${customerDevice.userId} IS NULL OR ${customerDevice.userId} = excluded.user_id`,
    })
    .returning({ deviceId: customerDevice.deviceId });
  return written.length > 0;
}

export async function devicesOf(db: Db, userId: string): Promise<(typeof customerDevice.$inferSelect)[]> {
  return db.select().from(customerDevice).where(eq(customerDevice.userId, userId));
}

export async function deleteDevice(db: Db, deviceId: string): Promise<void> {
  await db.delete(customerDevice).where(eq(customerDevice.deviceId, deviceId));
}
