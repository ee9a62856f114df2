import { and, eq, inArray, sql } from 'drizzle-orm';
import { CHAIN_SELLER_ID } from '@despensa/domain';
import type { Db, Tx } from '../../db/client';
import { sku, skuOffer, stockHold } from './tables';

/**
 * The catalogue's writes for the integration APIs: the chain's offers of one SKU (prices, stock). A price
 * write tells every instance which SKUs changed (catalog_skus_changed) instead of rebuilding the index, as an
 * edit of existing products tells which products (catalog_products_changed): changeInPlace.
 */

/** What a write changed in place, and the channel each instance LISTENs on for it. */
export const CHANGED_IN_PLACE = {
  skus: 'catalog_skus_changed',
  products: 'catalog_products_changed',
} as const;
export type ChangedInPlace = keyof typeof CHANGED_IN_PLACE;

/**
 * Names these SKUs or products to every instance at commit (`{"skus":[…]}`, `{"products":[…]}`), which patches
 * them into its index, or rebuilds when the patch cannot take them. Call before the writes: the setting keeps
 * the statement triggers of migration 0001 quiet for the rest of this transaction (migrations 0027, 0035).
 */
export async function changeInPlace(tx: Tx, kind: ChangedInPlace, ids: readonly number[]): Promise<void> {
  await tx.execute(sql`SELECT set_config('despensa.catalog_change', ${kind}, true)`);
  await tx.execute(sql`SELECT pg_notify(${CHANGED_IN_PLACE[kind]}, ${JSON.stringify({ [kind]: ids })})`);
}

/** The units of an offer an ERP marks unlimited: more than any cart may take (cartLimit is far lower). */
export const UNLIMITED_STOCK = 1_000_000;

export async function skuIsKnown(tx: Db | Tx, skuId: number): Promise<boolean> {
  const [row] = await tx.select({ id: sku.id }).from(sku).where(eq(sku.id, skuId));
  return row !== undefined;
}

/** The channels the chain sells the SKU in, each offer row locked until the commit. */
export async function chainChannelsOf(tx: Tx, skuId: number): Promise<number[]> {
  const rows = await tx
    .select({ salesChannel: skuOffer.salesChannel })
    .from(skuOffer)
    .where(and(eq(skuOffer.skuId, skuId), eq(skuOffer.sellerId, CHAIN_SELLER_ID)))
    .orderBy(skuOffer.salesChannel)
    .for('update');
  return rows.map((row) => row.salesChannel);
}

/** Sets the chain's price and list price of the SKU per channel and says so to every instance at commit. */
export async function setChainPrices(
  tx: Tx,
  skuId: number,
  offers: { salesChannel: number; price: number; listPrice: number }[],
): Promise<void> {
  await changeInPlace(tx, 'skus', [skuId]);
  if (offers.length > 0) {
    // Every channel in one statement: a SKU sold in 26 stores is one UPDATE, not 26.
    const list = (pick: (offer: (typeof offers)[number]) => number) => `{${offers.map(pick).join(',')}}`;
    await tx.execute(sql`UPDATE sku_offer o SET price = c.price, list_price = c.list_price
      FROM unnest(${list((o) => o.salesChannel)}::int[], ${list((o) => o.price)}::int[],
                  ${list((o) => o.listPrice)}::int[]) AS c(sales_channel, price, list_price)
      WHERE o.sku_id = ${skuId} AND o.seller_id = ${CHAIN_SELLER_ID} AND o.sales_channel = c.sales_channel`);
  }
}

/**
 * The chain's offer of the SKU in a channel, locked (a checkout taking units waits), and the units its
 * holders took: each holder (an order group) with its units and whether they are sold or only held.
 */
export async function lockedChainOffer(
  tx: Tx,
  skuId: number,
  salesChannel: number,
): Promise<{
  availableQuantity: number;
  holds: { holder: string; quantity: number; sold: boolean }[];
} | null> {
  const where = and(
    eq(skuOffer.skuId, skuId),
    eq(skuOffer.salesChannel, salesChannel),
    eq(skuOffer.sellerId, CHAIN_SELLER_ID),
  );
  const [offer] = await tx
    .select({ availableQuantity: skuOffer.availableQuantity })
    .from(skuOffer)
    .where(where)
    .for('update');
  if (!offer) return null;
  const holds = await tx
    .select({ holder: stockHold.holder, quantity: stockHold.quantity, expiresAt: stockHold.expiresAt })
    .from(stockHold)
    .where(
      and(
        eq(stockHold.skuId, skuId),
        eq(stockHold.salesChannel, salesChannel),
        eq(stockHold.sellerId, CHAIN_SELLER_ID),
      ),
    );
  return {
    availableQuantity: offer.availableQuantity,
    holds: holds.map((hold) => ({
      holder: hold.holder,
      quantity: hold.quantity,
      sold: hold.expiresAt === null,
    })),
  };
}

/** Sets the units left to sell (migration 0014's row trigger patches every instance's index). */
export async function setChainStock(
  tx: Tx,
  skuId: number,
  salesChannel: number,
  availableQuantity: number,
): Promise<void> {
  await tx
    .update(skuOffer)
    .set({ availableQuantity })
    .where(
      and(
        eq(skuOffer.skuId, skuId),
        eq(skuOffer.salesChannel, salesChannel),
        eq(skuOffer.sellerId, CHAIN_SELLER_ID),
      ),
    );
}

/** The offers (any seller) of these SKUs as stored, for an instance patching its index (and the back office). */
export async function offersOf(
  db: Db,
  skuIds: number[],
): Promise<
  {
    skuId: number;
    salesChannel: number;
    sellerId: string;
    price: number;
    listPrice: number;
    availableQuantity: number;
  }[]
> {
  if (skuIds.length === 0) return [];
  return db
    .select({
      skuId: skuOffer.skuId,
      salesChannel: skuOffer.salesChannel,
      sellerId: skuOffer.sellerId,
      price: skuOffer.price,
      listPrice: skuOffer.listPrice,
      availableQuantity: skuOffer.availableQuantity,
    })
    .from(skuOffer)
    .where(inArray(skuOffer.skuId, skuIds));
}
