import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { skuOffer, stockHold } from './tables';

/** Units of one offer (sku, channel, seller) a cart wants. */
export interface StockLine {
  skuId: number;
  salesChannel: number;
  sellerId: string;
  quantity: number;
}

/** Offers as stored (price, list price, stock), read in the caller's transaction: never from the index. */
export async function readOffers(
  tx: Db | Tx,
  skuIds: number[],
  salesChannel: number,
): Promise<
  { skuId: number; sellerId: string; price: number; listPrice: number; availableQuantity: number }[]
> {
  if (skuIds.length === 0) return [];
  return tx
    .select({
      skuId: skuOffer.skuId,
      sellerId: skuOffer.sellerId,
      price: skuOffer.price,
      listPrice: skuOffer.listPrice,
      availableQuantity: skuOffer.availableQuantity,
    })
    .from(skuOffer)
    .where(and(inArray(skuOffer.skuId, skuIds), eq(skuOffer.salesChannel, salesChannel)));
}

/** Lines of one offer added together: two lines drawing on one stock are counted as one demand. */
export function demandOf(lines: StockLine[]): StockLine[] {
  const byOffer = new Map<string, StockLine>();
  for (const line of lines) {
    const key = `${line.skuId}|${line.salesChannel}|${line.sellerId}`;
    const seen = byOffer.get(key);
    if (seen) seen.quantity += line.quantity;
    else byOffer.set(key, { ...line });
  }
  // A fixed order (by sku) so two holders lock the same rows in the same order and never deadlock.
  return [...byOffer.values()].sort((a, b) => a.skuId - b.skuId || a.sellerId.localeCompare(b.sellerId));
}

/**
 * Takes the units off each offer's stock only where that many are left (the row locks make racing holders
 * wait for each other), recording the hold, in ONE statement whatever the cart's size. Answers the skus
 * short of stock; when any is, the caller's transaction must roll back (nothing is taken then).
 */
export async function takeStock(
  tx: Tx,
  holder: string,
  lines: StockLine[],
  expiresAt: Date,
): Promise<number[]> {
  const demand = demandOf(lines);
  // `locked` takes the offers' row locks in one fixed order (a sorted FOR UPDATE), so two holders never
  // deadlock; the UPDATE then checks each locked row as it is now (READ COMMITTED re-reads it).
  const { rows } = await tx.execute<{ sku_id: number; sales_channel: number; seller_id: string }>(sql`
    WITH locked AS (
      SELECT o.sku_id, o.sales_channel, o.seller_id, w.quantity
      FROM ${skuOffer} o
      JOIN jsonb_to_recordset(${JSON.stringify(demand)}::jsonb)
        AS w("skuId" int, "salesChannel" int, "sellerId" text, quantity int)
        ON o.sku_id = w."skuId" AND o.sales_channel = w."salesChannel" AND o.seller_id = w."sellerId"
      ORDER BY o.sku_id, o.sales_channel, o.seller_id
      FOR UPDATE OF o
    ), taken AS (
      UPDATE ${skuOffer} o SET available_quantity = o.available_quantity - l.quantity
      FROM locked l
      WHERE o.sku_id = l.sku_id AND o.sales_channel = l.sales_channel AND o.seller_id = l.seller_id
        AND o.available_quantity >= l.quantity
      RETURNING o.sku_id, o.sales_channel, o.seller_id, l.quantity
    ), held AS (
      INSERT INTO ${stockHold} (holder, sku_id, sales_channel, seller_id, quantity, expires_at)
      SELECT ${holder}, sku_id, sales_channel, seller_id, quantity, ${expiresAt} FROM taken
    )
    SELECT sku_id, sales_channel, seller_id FROM taken`);
  // A demand line is one offer: sku, sales channel and seller, as the holds are keyed.
  const taken = new Set(rows.map((row) => `${row.sku_id}|${row.sales_channel}|${row.seller_id}`));
  return demand
    .filter((line) => !taken.has(`${line.skuId}|${line.salesChannel}|${line.sellerId}`))
    .map((line) => line.skuId);
}

/** The holder's units are sold: its holds stop expiring. Answers false if they were already given back. */
export async function sellHeld(tx: Tx, holder: string): Promise<boolean> {
  const sold = await tx
    .update(stockHold)
    .set({ expiresAt: null })
    .where(eq(stockHold.holder, holder))
    .returning({ skuId: stockHold.skuId });
  return sold.length > 0;
}

/** Gives the units of holds still waiting back to their offers; `filter` picks the holds. */
async function giveBack(tx: Tx, where: ReturnType<typeof and>): Promise<number> {
  const released = await tx.delete(stockHold).where(where).returning();
  for (const hold of released) {
    await tx
      .update(skuOffer)
      .set({ availableQuantity: sql`${skuOffer.availableQuantity} + ${hold.quantity}` })
      .where(
        and(
          eq(skuOffer.skuId, hold.skuId),
          eq(skuOffer.salesChannel, hold.salesChannel),
          eq(skuOffer.sellerId, hold.sellerId),
        ),
      );
  }
  return released.length;
}

/** Gives a holder's unsold units back (a canceled payment). */
export function releaseHeld(tx: Tx, holder: string): Promise<number> {
  return giveBack(tx, and(eq(stockHold.holder, holder), isNotNull(stockHold.expiresAt)));
}

/** Gives back every hold past its time; answers how many holds. */
export function releaseExpired(tx: Tx, now: Date): Promise<number> {
  return giveBack(tx, and(isNotNull(stockHold.expiresAt), lte(stockHold.expiresAt, now)));
}

/** Gives a holder's sold units of one seller back to the offers (a canceled order). */
export function returnSold(tx: Tx, holder: string, sellerId: string): Promise<number> {
  return giveBack(tx, and(eq(stockHold.holder, holder), eq(stockHold.sellerId, sellerId)));
}

/** The channel a holder's units were taken from (null when it holds none). */
export async function channelOfHolder(tx: Db | Tx, holder: string): Promise<number | null> {
  const [row] = await tx
    .select({ salesChannel: stockHold.salesChannel })
    .from(stockHold)
    .where(eq(stockHold.holder, holder))
    .limit(1);
  return row?.salesChannel ?? null;
}

/**
 * An edited order: its sold units of one offer grow or shrink by `line.quantity` (negative gives back).
 * False when the offer has too few units left to grow by that many.
 */
export async function changeSold(tx: Tx, holder: string, line: StockLine): Promise<boolean> {
  if (line.quantity === 0) return true;
  const offer = and(
    eq(skuOffer.skuId, line.skuId),
    eq(skuOffer.salesChannel, line.salesChannel),
    eq(skuOffer.sellerId, line.sellerId),
  );
  const moved = await tx
    .update(skuOffer)
    .set({ availableQuantity: sql`${skuOffer.availableQuantity} - ${line.quantity}` })
    .where(and(offer, sql`${skuOffer.availableQuantity} >= ${line.quantity}`))
    .returning({ skuId: skuOffer.skuId });
  if (moved.length === 0) return false;
  if (line.quantity > 0) {
    await tx
      .insert(stockHold)
      .values({ holder, ...line, expiresAt: null })
      .onConflictDoUpdate({
        target: [stockHold.holder, stockHold.skuId, stockHold.salesChannel, stockHold.sellerId],
        set: { quantity: sql`${stockHold.quantity} + ${line.quantity}` },
      });
    return true;
  }
  // Fewer units: the hold shrinks, and goes once none are left (a hold never counts 0 units).
  const hold = and(
    eq(stockHold.holder, holder),
    eq(stockHold.skuId, line.skuId),
    eq(stockHold.salesChannel, line.salesChannel),
    eq(stockHold.sellerId, line.sellerId),
  );
  await tx.delete(stockHold).where(and(hold, lte(stockHold.quantity, -line.quantity)));
  await tx
    .update(stockHold)
    .set({ quantity: sql`${stockHold.quantity} + ${line.quantity}` })
    .where(hold);
  return true;
}
