import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS } from './support/cart';
import { fuzz } from './support/fuzz';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(async () => {
  await shop?.close();
});

describe('fuzzing every route of the OpenAPI document (§7, §8)', () => {
  it(
    'answers 1,500 generated valid and malformed requests without a single 5xx',
    { timeout: 120_000 },
    async () => {
      const report = await fuzz(shop.app, { requests: 1500, seed: 11, headers: CART_HEADERS });
      expect(report.total).toBe(1500);
      expect(report.failures, JSON.stringify(report.failures, null, 2)).toEqual([]);
      // Both kinds reached the routes: accepted answers and refused ones.
      expect(report.byStatus[200]).toBeGreaterThan(100);
      expect(report.byStatus[400]).toBeGreaterThan(100);
    },
  );
});
