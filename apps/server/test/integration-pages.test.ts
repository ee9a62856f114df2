import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SALES_CHANNEL } from '@despensa/domain';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS, sellableSkus } from './support/cart';
import { TEST_NOW } from './support/constants';
import { erpCall, staffLogin } from './support/integration';
import { eventually } from './support/eventually';

const webBuilt = fs.existsSync(path.resolve(import.meta.dirname, '../../web/build/server/index.js'));
if (!webBuilt)
  throw new Error('the page cache is tested on the web build: run `npm run build -w @despensa/web`');

let shop: TestApp;
let key: { appKey: string; appToken: string };
/** The SKU whose price changes, and a product of another top category whose pages must stay cached. */
let changed: { skuId: number; productPath: string; categoryPath: string };
let untouched: { productPath: string; categoryPath: string };

beforeAll(async () => {
  shop = await createTestApp({ web: true });
  const storeId = (await shop.database.pool.query('SELECT id FROM store WHERE active ORDER BY id LIMIT 1'))
    .rows[0].id;
  const admin = { email: 'admin.paginas@despensa.cl', password: 'admin-paginas-despensa' };
  await shop.services.operations.addStaff({ ...admin, name: 'Admin', storeId, role: 'admin' });
  const token = await staffLogin(shop, admin.email, admin.password);
  key = (
    await shop.app.inject({
      method: 'POST',
      url: '/api/admin/app-keys',
      headers: { ...CART_HEADERS, 'x-staff-token': token },
      payload: { label: 'ERP', scopes: ['prices', 'promotions'] },
    })
  ).json();
  const [sku] = await sellableSkus(shop, { limit: 1 });
  const { product } = shop.services.catalog.index.skusById.get(sku!.id)!;
  const top = product.categoryChain[0]!;
  const other = shop.services.catalog.index.products.find((each) => each.categoryChain[0]!.id !== top.id)!;
  changed = { skuId: sku!.id, productPath: `/${product.slug}/p`, categoryPath: top.path };
  untouched = { productPath: `/${other.slug}/p`, categoryPath: other.categoryChain[0]!.path };
}, 120_000);
afterAll(() => shop?.close());

const page = (url: string) =>
  shop.app.inject({ method: 'GET', url, headers: { 'user-agent': 'Mozilla/5.0 Chrome/130.0' } });

/** The changed product's pages and the untouched ones, rendered and cached. */
async function cacheEveryPage(): Promise<void> {
  const paths = [changed.productPath, changed.categoryPath, untouched.productPath, untouched.categoryPath];
  for (const url of paths) await page(url);
  for (const url of paths) expect((await page(url)).headers['x-page-cache'], url).toBe('hit');
}

/** A 20 % promotion on one SKU id, live now in the pages' channel, through the promotions API. */
function promotionOn(skuId: string, name: string) {
  const day = 24 * 60 * 60 * 1000;
  return erpCall(shop.app, key, 'POST', '/api/rnb/pvt/calculatorconfiguration', {
    name,
    beginDateUtc: new Date(TEST_NOW.getTime() - day).toISOString(),
    endDateUtc: new Date(TEST_NOW.getTime() + day).toISOString(),
    isActive: true,
    type: 'regular',
    percentualDiscountValue: 20,
    skus: [{ id: skuId, name: 'sku' }],
    skusAreInclusive: true,
    idsSalesChannel: [String(DEFAULT_SALES_CHANNEL)],
  });
}

describe(
  "an ERP's price or promotion change and the shared page cache (issues 30, 33)",
  { timeout: 60_000 },
  () => {
    it('renews only the pages that may show the product (its own and its category), serving the old copy meanwhile', async () => {
      await cacheEveryPage();
      const put = await erpCall(shop.app, key, 'PUT', `/api/pricing/prices/${changed.skuId}`, {
        basePrice: 4321,
        listPrice: 4321,
      });
      expect(put.statusCode, put.body).toBe(200);
      // No shopper waits for the new render: the old page is served ('stale') while it is made.
      const answers: string[] = [];
      await eventually(async () => {
        const answer = await page(changed.productPath);
        answers.push(String(answer.headers['x-page-cache']));
        return answer.body.includes('4.321');
      });
      expect(answers).toContain('stale');
      expect(answers.at(-1)).toBe('hit');
      expect(answers).not.toContain('miss');
      const category = await page(changed.categoryPath);
      expect(category.headers['x-page-cache']).toBe('stale');
      expect(category.body).not.toContain('4.321');
      await eventually(async () => (await page(changed.categoryPath)).headers['x-page-cache'] === 'hit');
      expect((await page(untouched.productPath)).headers['x-page-cache']).toBe('hit');
      expect((await page(untouched.categoryPath)).headers['x-page-cache']).toBe('hit');
    });

    it('renews only the pages a promotion reaches: a promotion on one SKU keeps every other page', async () => {
      await cacheEveryPage();
      const before = (await page(changed.productPath)).body;
      const created = await promotionOn(String(changed.skuId), '20% en las páginas');
      expect(created.statusCode, created.body).toBe(200);
      const answers: string[] = [];
      await eventually(async () => {
        const answer = await page(changed.productPath);
        answers.push(String(answer.headers['x-page-cache']));
        return answer.body !== before && answer.headers['x-page-cache'] === 'hit';
      });
      expect(answers).not.toContain('miss');
      await eventually(async () => (await page(changed.categoryPath)).headers['x-page-cache'] === 'hit');
      expect((await page(untouched.productPath)).headers['x-page-cache']).toBe('hit');
      expect((await page(untouched.categoryPath)).headers['x-page-cache']).toBe('hit');
    });

    it('keeps every page, home included, when a promotion names no product (an id that does not exist)', async () => {
      await cacheEveryPage();
      await page('/');
      expect((await page('/')).headers['x-page-cache']).toBe('hit');
      const created = await promotionOn('999999999', 'Nada en las páginas');
      expect(created.statusCode, created.body).toBe(200);
      await eventually(() =>
        shop.services.catalog.index.promotions.some((each) => each.name === 'Nada en las páginas'),
      );
      for (const url of ['/', changed.productPath, changed.categoryPath, untouched.productPath])
        expect((await page(url)).headers['x-page-cache'], url).toBe('hit');
    });
  },
);
