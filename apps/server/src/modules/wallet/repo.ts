import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { walletCard, walletCharge, walletEnrolment } from './tables';

export type CardRow = typeof walletCard.$inferSelect;

const live = (userId: string, id: string) =>
  and(eq(walletCard.userId, userId), eq(walletCard.id, id), isNull(walletCard.deletedAt));

/** Every card query names the owner: one customer's call never reaches another's card. */
export async function listCards(db: Db, userId: string): Promise<CardRow[]> {
  return db
    .select()
    .from(walletCard)
    .where(and(eq(walletCard.userId, userId), isNull(walletCard.deletedAt)))
    .orderBy(asc(walletCard.createdAt), asc(walletCard.id));
}

export async function findCard(db: Db | Tx, userId: string, id: string): Promise<CardRow | null> {
  const [row] = await db.select().from(walletCard).where(live(userId, id));
  return row ?? null;
}

/** The first card a customer saves is their favourite. */
export async function insertCard(
  db: Db,
  row: Omit<typeof walletCard.$inferInsert, 'favourite'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [favourite] = await tx
      .select({ id: walletCard.id })
      .from(walletCard)
      .where(
        and(eq(walletCard.userId, row.userId), eq(walletCard.favourite, true), isNull(walletCard.deletedAt)),
      )
      .for('update');
    await tx.insert(walletCard).values({ ...row, favourite: !favourite });
  });
}

/** Moves the favourite to this card; null when it is not the customer's. */
export async function makeFavourite(db: Db, userId: string, id: string): Promise<CardRow | null> {
  return db.transaction(async (tx) => {
    const [card] = await tx.select().from(walletCard).where(live(userId, id)).for('update');
    if (!card) return null;
    await tx
      .update(walletCard)
      .set({ favourite: false })
      .where(and(eq(walletCard.userId, userId), eq(walletCard.favourite, true)));
    const [row] = await tx
      .update(walletCard)
      .set({ favourite: true })
      .where(eq(walletCard.id, id))
      .returning();
    return row!;
  });
}

/** Deletes the card unless it is in use (checked in the same statement, so an order marking it wins cleanly). */
export async function deleteCard(
  db: Db,
  userId: string,
  id: string,
  at: Date,
): Promise<{ deleted: CardRow } | { inUse: true } | null> {
  const [deleted] = await db
    .update(walletCard)
    .set({ deletedAt: at, favourite: false })
    .where(and(live(userId, id), eq(walletCard.inUse, false)))
    .returning();
  if (deleted) return { deleted };
  return (await findCard(db, userId, id)) ? { inUse: true } : null;
}

/** False when there is no such live card. */
export async function setCardInUse(db: Db, id: string, inUse: boolean): Promise<boolean> {
  const rows = await db
    .update(walletCard)
    .set({ inUse })
    .where(and(eq(walletCard.id, id), isNull(walletCard.deletedAt)))
    .returning({ id: walletCard.id });
  return rows.length === 1;
}

export async function insertEnrolment(db: Db, row: typeof walletEnrolment.$inferInsert): Promise<void> {
  await db.insert(walletEnrolment).values(row);
}

/** Closes an open enrolment and answers it; null when unknown or already closed (a repeated return). */
export async function closeEnrolment(db: Db, token: string, at: Date) {
  const [row] = await db
    .update(walletEnrolment)
    .set({ finishedAt: at })
    .where(and(eq(walletEnrolment.token, token), isNull(walletEnrolment.finishedAt)))
    .returning();
  return row ?? null;
}

export type ChargeRow = typeof walletCharge.$inferSelect;

/** The charge already asked for this transaction, if any. */
export async function chargeOfTransaction(db: Db, tId: string): Promise<ChargeRow | null> {
  const [row] = await db.select().from(walletCharge).where(eq(walletCharge.tId, tId));
  return row ?? null;
}

/** False when another call recorded a charge for this transaction first. */
export async function insertCharge(db: Db, row: typeof walletCharge.$inferInsert): Promise<boolean> {
  const rows = await db.insert(walletCharge).values(row).onConflictDoNothing().returning();
  return rows.length === 1;
}

export async function findCharge(db: Db, userId: string, internalCode: string): Promise<ChargeRow | null> {
  const [row] = await db
    .select()
    .from(walletCharge)
    .where(and(eq(walletCharge.userId, userId), eq(walletCharge.internalCode, internalCode)));
  return row ?? null;
}
