import { sql } from 'drizzle-orm';
import { problem, type OfferFeedProblem, type OfferFeedRow } from '@despensa/domain';
import type { Tx } from '../../db/client';

/** Rows sent to PostgreSQL per statement while staging a feed (arrays of this many values each). */
const STAGE_CHUNK = 20_000;

/**
 * Applies a feed's checked rows to the offers of one seller, in the caller's transaction: staged in a
 * temporary table, the rows the catalogue refuses (an unknown SKU, stock below what open orders hold) are
 * reported and dropped, and the rest are written by one statement, so shoppers see all of the feed or none
 * of it. A feed's quantity is what the warehouse has; the offer's available stock is that minus the units
 * open orders already hold. Unchanged offers are not written, so sending a feed twice changes nothing.
 */
export async function applyOfferFeed(
  tx: Tx,
  rows: OfferFeedRow[],
  sellerId: string,
  onStaged: (rows: number) => void = () => {},
): Promise<{ applied: number; changed: number; problems: OfferFeedProblem[] }> {
  await tx.execute(sql`CREATE TEMP TABLE offer_feed_row (
      line integer NOT NULL, sku_id integer NOT NULL, sales_channel integer NOT NULL,
      price integer NOT NULL, list_price integer NOT NULL, quantity integer NOT NULL, held integer NOT NULL DEFAULT 0
    ) ON COMMIT DROP`);
  for (let start = 0; start < rows.length; start += STAGE_CHUNK) {
    const chunk = rows.slice(start, start + STAGE_CHUNK);
    const column = (pick: (row: OfferFeedRow) => number) => `{${chunk.map(pick).join(',')}}`;
    await tx.execute(sql`INSERT INTO offer_feed_row (line, sku_id, sales_channel, price, list_price, quantity)
      SELECT * FROM unnest(${column((r) => r.line)}::int[], ${column((r) => r.skuId)}::int[],
        ${column((r) => r.salesChannel)}::int[], ${column((r) => r.price)}::int[],
        ${column((r) => r.listPrice)}::int[], ${column((r) => r.quantity)}::int[])`);
    onStaged(Math.min(rows.length, start + STAGE_CHUNK));
  }
  const problems = await refusedRows(tx, sellerId);
  const written = await tx.execute<{ count: number }>(sql`WITH written AS (
      INSERT INTO sku_offer (sku_id, sales_channel, seller_id, price, list_price, available_quantity)
      SELECT sku_id, sales_channel, ${sellerId}, price, list_price, quantity - held FROM offer_feed_row
      ON CONFLICT (sku_id, sales_channel, seller_id) DO UPDATE
        SET price = excluded.price, list_price = excluded.list_price, available_quantity = excluded.available_quantity
        WHERE (sku_offer.price, sku_offer.list_price, sku_offer.available_quantity)
          IS DISTINCT FROM (excluded.price, excluded.list_price, excluded.available_quantity)
      RETURNING 1)
    SELECT count(*)::int AS count FROM written`);
  return {
    applied: rows.length - problems.length,
    changed: Number(written.rows[0]?.count ?? 0),
    problems,
  };
}

/** Reports and drops the staged rows the catalogue refuses; notes what open orders hold for the rest. */
async function refusedRows(tx: Tx, sellerId: string): Promise<OfferFeedProblem[]> {
  const unknown = await tx.execute<{ line: number }>(sql`DELETE FROM offer_feed_row f
      WHERE NOT EXISTS (SELECT 1 FROM sku s WHERE s.id = f.sku_id) RETURNING f.line`);
  await tx.execute(sql`UPDATE offer_feed_row f SET held = h.held
      FROM (SELECT sku_id, sales_channel, sum(quantity)::int AS held FROM stock_hold
            WHERE seller_id = ${sellerId} GROUP BY sku_id, sales_channel) h
      WHERE h.sku_id = f.sku_id AND h.sales_channel = f.sales_channel`);
  const below = await tx.execute<{
    line: number;
    quantity: number;
    held: number;
  }>(sql`DELETE FROM offer_feed_row
      WHERE quantity < held RETURNING line, quantity, held`);
  return [
    ...unknown.rows.map(({ line }) => problem(Number(line), 'unknownSku', 'skuId')),
    ...below.rows.map(({ line, held }) => ({
      ...problem(Number(line), 'belowHeld', 'quantity'),
      message: `${problem(Number(line), 'belowHeld').message} (${held} unidades)`,
    })),
  ].sort((a, b) => a.line - b.line);
}
