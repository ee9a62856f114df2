import { eq } from 'drizzle-orm';
import { Failure, type PriceBody, type PriceView } from '@despensa/contracts';
import { pricesBelowCost } from '@despensa/domain';
import type { Database, Db, Tx } from '../../db/client';
import { pricingSetting, skuPrice } from './tables';

type PriceRow = typeof skuPrice.$inferSelect;

/** The price table of VTEX's Pricing API (GET/PUT/DELETE /api/pricing/prices/{itemId}). */
export class PricingService {
  constructor(
    private readonly database: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The SKU's stored price, or null when it has none. */
  async price(skuId: number, tx: Db | Tx = this.database.db): Promise<PriceView | null> {
    const [row] = await tx.select().from(skuPrice).where(eq(skuPrice.skuId, skuId));
    return row ? viewOf(row) : null;
  }

  /**
   * Stores the SKU's price, refused with priceBelowCost when a price is under its cost and the chain
   * forbids it. Answers the price before (null: none) and after, in `tx` (the row stays locked until commit).
   */
  async put(tx: Tx, skuId: number, body: PriceBody): Promise<{ before: PriceView | null; after: PriceView }> {
    if ((await this.settings(tx)).forbidBelowCost && pricesBelowCost(body).length > 0)
      throw new Failure('priceBelowCost', { field: 'basePrice' });
    const [beforeRow] = await tx.select().from(skuPrice).where(eq(skuPrice.skuId, skuId)).for('update');
    const values = {
      markup: body.markup ?? null,
      basePrice: body.basePrice,
      listPrice: body.listPrice ?? null,
      costPrice: body.costPrice ?? null,
      fixedPrices: body.fixedPrices,
      updatedAt: this.clock(),
    };
    const [row] = await tx
      .insert(skuPrice)
      .values({ skuId, ...values })
      .onConflictDoUpdate({ target: skuPrice.skuId, set: values })
      .returning();
    return { before: beforeRow ? viewOf(beforeRow) : null, after: viewOf(row!) };
  }

  /** Deletes the SKU's price; priceNotFound when it has none. Answers the price it had. */
  async remove(tx: Tx, skuId: number): Promise<PriceView> {
    const [row] = await tx.delete(skuPrice).where(eq(skuPrice.skuId, skuId)).returning();
    if (!row) throw new Failure('priceNotFound');
    return viewOf(row);
  }

  async settings(tx: Db | Tx = this.database.db): Promise<{ forbidBelowCost: boolean }> {
    const [row] = await tx.select().from(pricingSetting).where(eq(pricingSetting.id, 1));
    // A chain that never said otherwise does not sell under cost.
    return { forbidBelowCost: row?.forbidBelowCost ?? true };
  }

  async setSettings(
    tx: Tx,
    settings: { forbidBelowCost: boolean },
  ): Promise<{ before: { forbidBelowCost: boolean }; after: { forbidBelowCost: boolean } }> {
    const before = await this.settings(tx);
    await tx
      .insert(pricingSetting)
      .values({ id: 1, ...settings })
      .onConflictDoUpdate({ target: pricingSetting.id, set: settings });
    return { before, after: settings };
  }
}

function viewOf(row: PriceRow): PriceView {
  return {
    itemId: String(row.skuId),
    markup: row.markup,
    basePrice: row.basePrice,
    listPrice: row.listPrice,
    costPrice: row.costPrice,
    fixedPrices: row.fixedPrices,
  };
}
