import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productBatches, type ProductWithSkus } from '../src/modules/catalog/repo';
import { createTestApp, type TestApp } from './support/app';

/**
 * The catalogue index reads its products and their skus through two cursors side by side, merged as
 * they come, each asking for its next batch before the last is handed on (issue 33: a 500,000-product
 * start halved).
 */
let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(async () => {
  await shop?.close();
});

async function read(rowsPerBatch: number, stopAfter = Infinity): Promise<ProductWithSkus[]> {
  const read: ProductWithSkus[] = [];
  let batches = 0;
  for await (const batch of productBatches(shop.database, rowsPerBatch)) {
    read.push(...batch);
    if (++batches >= stopAfter) break;
  }
  return read;
}

describe('productBatches', () => {
  it('gives every active product once, in id order, with exactly its skus in id order, at any batch size', async () => {
    const { rows } = await shop.database.pool.query<{ id: number; skus: number[] }>(
      `SELECT p.id, coalesce(array_agg(s.id ORDER BY s.id) FILTER (WHERE s.id IS NOT NULL), '{}') AS skus
         FROM product p LEFT JOIN sku s ON s.product_id = p.id
        WHERE p.is_active GROUP BY p.id ORDER BY p.id`,
    );
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.some((row) => row.skus.length > 1)).toBe(true);
    for (const size of [1, 7, 2_000]) {
      const products = await read(size);
      expect(products.map(({ row, skus }) => ({ id: row.id, skus: skus.map((sku) => sku.id) }))).toEqual(
        rows,
      );
      expect(products.every(({ row, skus }) => skus.every((sku) => sku.productId === row.id))).toBe(true);
    }
  });

  it('gives its connections back, no transaction left open, when the reader stops early', async () => {
    const { pool } = shop.database;
    // The app holds some connections of its own (its LISTEN): as many are held after the read as before.
    const held = () => pool.totalCount - pool.idleCount;
    const heldBefore = held();
    expect(await read(5, 2)).toHaveLength(10);
    expect(pool.waitingCount).toBe(0);
    expect(held()).toBe(heldBefore);
    const { rows } = await pool.query<{ open: number }>(
      `SELECT count(*)::int AS open FROM pg_stat_activity
        WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    expect(rows[0]!.open).toBe(0);
  });

  it('fails the read when PostgreSQL ends a cursor’s session mid-read, and leaves nothing unhandled', async () => {
    const reading = (async () => {
      let batches = 0;
      for await (const batch of productBatches(shop.database, 3)) {
        expect(batch.length).toBeGreaterThan(0);
        if (++batches === 2)
          await shop.database.pool.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'FETCH%'`,
          );
      }
    })();
    await expect(reading).rejects.toThrow();
    // The pool goes on with fresh connections.
    const { rows } = await shop.database.pool.query<{ one: number }>('SELECT 1 AS one');
    expect(rows).toEqual([{ one: 1 }]);
  });
});
