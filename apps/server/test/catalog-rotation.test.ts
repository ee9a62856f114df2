import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS } from './support/cart';
import { eventually } from './support/eventually';
import { secondInstance } from './support/integration';

/** Issue 33: a national chain's instance holds one index, not two, within its gigabyte. */
const OUT_OF_ROTATION = { CATALOG_REBUILD: 'out-of-rotation', DRAIN_NOTICE_MS: '300' };

let shop: TestApp;
let second: App;
let productId: number;
let secondClosed = false;

beforeAll(async () => {
  shop = await createTestApp({ env: OUT_OF_ROTATION });
  second = await secondInstance(shop, OUT_OF_ROTATION);
  productId = shop.services.catalog.index.products[0]!.id;
});
afterAll(async () => {
  if (!secondClosed) await second?.close();
  await shop?.close();
});

type Sample = { ready: number; reasons: string[]; product: number; code?: string };

/** What a load balancer and a shopper sent straight to the instance see of it now. */
async function sample(app: App): Promise<Sample> {
  const ready = await app.app.inject({ method: 'GET', url: '/api/ready' });
  const product = await app.app.inject({
    method: 'GET',
    url: `/api/catalog/product/${productId}?sc=1`,
    headers: CART_HEADERS,
  });
  return {
    ready: ready.statusCode,
    reasons: ready.json().reasons ?? [],
    product: product.statusCode,
    ...(product.statusCode === 200 ? {} : { code: product.json().code }),
  };
}

/** Samples these instances every few milliseconds until `done` holds. */
async function watch(apps: App[], done: () => boolean): Promise<Sample[][]> {
  const samples: Sample[][] = [];
  await eventually(async () => {
    samples.push(await Promise.all(apps.map(sample)));
    return done();
  });
  return samples;
}

/** The index an instance serves from; null while it has none (out of rotation, between the two). */
function indexOf(app: App): unknown {
  return app.services.catalog.serving ? app.services.catalog.index : null;
}

/** A write that shapes the index (a product's sales: the best-seller order): every instance rebuilds. */
async function shapeTheIndex(): Promise<void> {
  await shop.database.pool.query('UPDATE product SET sales = sales + 1 WHERE id = $1', [productId]);
}

describe('the catalogue rebuilt out of rotation (CATALOG_REBUILD=out-of-rotation)', () => {
  it('rebuilds one instance at a time, each out of /api/ready meanwhile, answering 503 and never a 500, while the other serves', async () => {
    const before = [shop.services.catalog.index, second.services.catalog.index];
    await shapeTheIndex();
    const samples = await watch([shop, second], () => {
      const now = [indexOf(shop), indexOf(second)];
      return now.every((index, at) => index !== null && index !== before[at]);
    });
    const out = (each: Sample) => each.ready === 503;
    for (const at of [0, 1]) {
      const own = samples.map((pair) => pair[at]!);
      // Out of rotation at some point, and only for that reason.
      expect(own.some(out)).toBe(true);
      expect(new Set(own.filter(out).flatMap((each) => each.reasons))).toEqual(new Set(['rebuilding']));
      // Its index dropped: a shopper sent straight to it gets the 503 to retry elsewhere, not a 500.
      const refused = own.filter((each) => each.product !== 200);
      expect(refused.length).toBeGreaterThan(0);
      expect(new Set(refused.map((each) => `${each.product} ${each.code}`))).toEqual(
        new Set(['503 serviceUnavailable']),
      );
      // It answers only while in rotation or in its drain notice, before its index goes.
      for (const each of own) if (!out(each)) expect(each.product).toBe(200);
    }
    // Never both out at once: one always serves.
    for (const [a, b] of samples) expect(out(a!) && out(b!)).toBe(false);
    expect(samples.at(-1)!.map((each) => [each.ready, each.product])).toEqual([
      [200, 200],
      [200, 200],
    ]);
  });

  it('rebuilds beside the index it serves from when no other instance serves', async () => {
    await second.close();
    secondClosed = true;
    const before = shop.services.catalog.index;
    await shapeTheIndex();
    const samples = await watch([shop], () => indexOf(shop) !== before);
    expect(samples.every(([own]) => own!.ready === 200 && own!.product === 200)).toBe(true);
  });
});
