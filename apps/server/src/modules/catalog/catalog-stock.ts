import { Failure } from '@despensa/contracts';
import type { Database, Db, Tx } from '../../db/client';
import {
  changeSold,
  channelOfHolder,
  demandOf,
  readOffers,
  releaseExpired,
  releaseHeld,
  returnSold,
  sellHeld,
  takeStock,
  type StockLine,
} from './stock';

/**
 * The offers' stock as stored, in the caller's transaction: held by a checkout, sold, given back, changed
 * by an order edit. The index follows through stock_changed (LiveIndex), never the other way round.
 */
export class CatalogStock {
  constructor(private readonly database: Database) {}

  /** Offers of these skus in a channel as stored now, in `tx` (checkout prices from here, not the index). */
  offersInDatabase(skuIds: number[], salesChannel: number, tx: Db | Tx) {
    return readOffers(tx, skuIds, salesChannel);
  }

  /**
   * Holds a cart's units for `holder` (an order group) until `expiresAt`, taking them off the offers'
   * stock, in `tx`. Fails `outOfStock` naming the skus short of units (the caller's transaction rolls back).
   */
  async holdStock(holder: string, lines: StockLine[], expiresAt: Date, tx: Tx): Promise<void> {
    failIfShort(await takeStock(tx, holder, lines, expiresAt));
  }

  /** The holder's units are sold (stay off the stock for good); false if its holds were given back. */
  sellHeldStock(holder: string, tx: Tx): Promise<boolean> {
    return sellHeld(tx, holder);
  }

  /** Gives the holder's unsold units back to the stock. */
  async releaseHeldStock(holder: string, tx: Tx): Promise<void> {
    await releaseHeld(tx, holder);
  }

  /** A canceled order: the units the holder sold for this seller go back to the stock, in `tx`. */
  async returnSoldStock(holder: string, sellerId: string, tx: Tx): Promise<void> {
    await returnSold(tx, holder, sellerId);
  }

  /** The channel a holder's units came from (an order's prices and stock live there). */
  channelOfSold(holder: string, tx: Db | Tx): Promise<number | null> {
    return channelOfHolder(tx, holder);
  }

  /**
   * An edited order: sold units of each offer grow or shrink by the line's quantity (negative gives
   * back), in `tx`. Fails `outOfStock` naming the skus short of units.
   */
  async changeSoldStock(holder: string, lines: StockLine[], tx: Tx): Promise<void> {
    const short: number[] = [];
    for (const line of demandOf(lines)) if (!(await changeSold(tx, holder, line))) short.push(line.skuId);
    failIfShort(short);
  }

  /** The sweep: gives back the units of holds past their time (STOCK_HOLD_MS); answers how many holds. */
  releaseExpiredStockHolds(now: Date): Promise<number> {
    return this.database.db.transaction((tx) => releaseExpired(tx, now));
  }
}

function failIfShort(short: number[]): void {
  if (short.length > 0) {
    throw new Failure('outOfStock', {
      message: `Algunos productos ya no tienen stock suficiente: ${short.join(', ')}`,
      field: 'items',
    });
  }
}
