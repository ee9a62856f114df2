import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '@despensa/contracts';
import { createTestApp, type TestApp } from './support/app';
import { TEST_KEY } from './support/constants';
import { PROPAGATION_MS } from './support/eventually';
import { sql } from 'drizzle-orm';
import { changeInPlace } from '../src/modules/catalog/integration-writes';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(async () => {
  await shop?.close();
});

async function chainOffer(): Promise<{ productId: number; skuId: number }> {
  const { rows } = await shop.database.pool.query<{ product_id: number; sku_id: number }>(
    `SELECT s.product_id, o.sku_id FROM sku_offer o JOIN sku s ON s.id = o.sku_id
      WHERE o.sales_channel = 1 AND o.seller_id = '1' AND o.available_quantity > 10 AND o.list_price > 0
      ORDER BY o.sku_id LIMIT 1`,
  );
  return { productId: rows[0]!.product_id, skuId: rows[0]!.sku_id };
}

async function stockShown(productId: number, skuId: number): Promise<number | undefined> {
  const response = await shop.app.inject({
    method: 'GET',
    url: `/api/catalog/product/${productId}?sc=1`,
    headers: TEST_KEY,
  });
  const product = response.json() as Product;
  const item = product.items.find((each) => each.itemId === String(skuId));
  return item?.sellers.find((seller) => seller.sellerId === '1')?.commertialOffer.AvailableQuantity;
}

describe('stock moves without rebuilding the catalogue (every order moves stock)', () => {
  it('patches the offer in place when only its stock changes, and answers the new stock', async () => {
    const { productId, skuId } = await chainOffer();
    const index = shop.services.catalog.index;
    // Rendered (and kept) before the change: the change must reach it all the same.
    expect(await stockShown(productId, skuId)).toBeGreaterThan(10);
    await shop.database.pool.query(
      `UPDATE sku_offer SET available_quantity = 3 WHERE sku_id = $1 AND sales_channel = 1 AND seller_id = '1'`,
      [skuId],
    );
    await vi.waitFor(async () => expect(await stockShown(productId, skuId)).toBe(3), {
      timeout: PROPAGATION_MS,
    });
    // The same index: no full rebuild for a stock change.
    expect(shop.services.catalog.index).toBe(index);
  });

  it('rebuilds when a price changes', async () => {
    const { skuId } = await chainOffer();
    const index = shop.services.catalog.index;
    await shop.database.pool.query(
      `UPDATE sku_offer SET price = price + 100 WHERE sku_id = $1 AND sales_channel = 1 AND seller_id = '1'`,
      [skuId],
    );
    await vi.waitFor(() => expect(shop.services.catalog.index).not.toBe(index), { timeout: PROPAGATION_MS });
  });
});

describe("changes made while the catalogue is rebuilt (issue 33: a national chain's rebuild takes most of a minute, and orders move stock all along)", () => {
  it('takes the stock orders moved during a rebuild into the new index, without rebuilding again', async () => {
    const { productId, skuId } = await chainOffer();
    const swaps: null[] = [];
    shop.services.catalog.onChange((change) => change === null && swaps.push(change));
    let rebuildDone = false;
    const rebuilt = shop.services.catalog.rebuild().then(() => (rebuildDone = true));
    for (const quantity of [9, 8, 7])
      await shop.database.pool.query(
        `UPDATE sku_offer SET available_quantity = $2 WHERE sku_id = $1 AND sales_channel = 1 AND seller_id = '1'`,
        [skuId, quantity],
      );
    // Committed while the rebuild was reading (else this test proves nothing).
    expect(rebuildDone).toBe(false);
    await rebuilt;
    await vi.waitFor(async () => expect(await stockShown(productId, skuId)).toBe(7), {
      timeout: PROPAGATION_MS,
    });
    // Past the rebuild's debounce and a whole rebuild more: the index was replaced once.
    const index = shop.services.catalog.index;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(swaps).toHaveLength(1);
    expect(shop.services.catalog.index).toBe(index);
  });

  it('takes a product edited in place during a rebuild into the new index, without rebuilding again', async () => {
    const { productId } = await chainOffer();
    const swaps: null[] = [];
    shop.services.catalog.onChange((change) => change === null && swaps.push(change));
    let rebuildDone = false;
    const rebuilt = shop.services.catalog.rebuild().then(() => (rebuildDone = true));
    // As an ERP's edit commits it (changeInPlace): every instance is told which product, not to rebuild.
    await shop.database.db.transaction(async (tx) => {
      await changeInPlace(tx, 'products', [productId]);
      await tx.execute(sql`UPDATE product SET name = 'Kiwicha Solar Editada' WHERE id = ${productId}`);
    });
    expect(rebuildDone).toBe(false);
    await rebuilt;
    await vi.waitFor(
      () =>
        expect(shop.services.catalog.productById(String(productId), 1).productName).toBe(
          'Kiwicha Solar Editada',
        ),
      { timeout: PROPAGATION_MS },
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(swaps).toHaveLength(1);
  });
});
