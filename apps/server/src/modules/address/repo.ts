import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customerAddress } from './tables';

export type AddressRow = typeof customerAddress.$inferSelect;

/** Every query names the owner: one customer's call can never reach another's address. */
export async function listAddresses(db: Db, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(customerAddress)
    .where(eq(customerAddress.userId, userId))
    .orderBy(asc(customerAddress.createdAt), asc(customerAddress.id));
}

export async function findAddress(db: Db | Tx, userId: string, id: string): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(customerAddress)
    .where(and(eq(customerAddress.userId, userId), eq(customerAddress.id, id)));
  return row ?? null;
}

/** False when the customer already has an address with this id. */
export async function insertAddress(db: Db, row: typeof customerAddress.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(customerAddress)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: customerAddress.id });
  return rows.length === 1;
}

export async function updateAddress(
  db: Db,
  userId: string,
  id: string,
  change: Partial<typeof customerAddress.$inferInsert>,
): Promise<AddressRow | null> {
  const [row] = await db
    .update(customerAddress)
    .set(change)
    .where(and(eq(customerAddress.userId, userId), eq(customerAddress.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteAddress(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(customerAddress)
    .where(and(eq(customerAddress.userId, userId), eq(customerAddress.id, id)))
    .returning({ id: customerAddress.id });
  return rows.length > 0;
}
