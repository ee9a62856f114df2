import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS, sellableSkus } from './support/cart';
import { deliveringChannel } from './support/checkout';
import { erpCall, secondInstance, staffCall, staffLogin } from './support/integration';
import { eventually } from './support/eventually';
import { patchable, RENAMES_PATCHED_AT_ONCE } from '../src/modules/catalog/product-patch';

const ADMIN = { email: 'admin.parches@despensa.cl', password: 'admin-parches-despensa' };

let shop: TestApp;
let second: App;
let sc: number;
let skuId: number;
let productId: number;
let catalogKey: { appKey: string; appToken: string };

beforeAll(async () => {
  shop = await createTestApp();
  second = await secondInstance(shop);
  sc = await deliveringChannel(shop);
  skuId = (await sellableSkus(shop, { salesChannel: sc, limit: 1 }))[0]!.id;
  productId = shop.services.catalog.index.skusById.get(skuId)!.product.id;
  const storeId = (await shop.database.pool.query('SELECT id FROM store WHERE sales_channel = $1', [sc]))
    .rows[0].id;
  await shop.services.operations.addStaff({ ...ADMIN, name: 'Admin', storeId, role: 'admin' });
  const token = await staffLogin(shop, ADMIN.email, ADMIN.password);
  catalogKey = (
    await staffCall(shop, token, 'POST', '/api/admin/app-keys', { label: 'PIM', scopes: ['catalog'] })
  ).json();
});
afterAll(async () => {
  await second?.close();
  await shop?.close();
});

const erp = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  erpCall(second.app, catalogKey, method, url, payload);

/** The product as each instance's storefront API serves it (its rendered answer, not only the index). */
const served = async (app: App) =>
  (
    await app.app.inject({
      method: 'GET',
      url: `/api/catalog/product/${productId}?sc=${sc}`,
      headers: CART_HEADERS,
    })
  ).json();

describe('an edit that does not shape the index reaches every instance without a rebuild (issue 33: ≤ 1 GB)', () => {
  it("patches a product's description, release date and seals, and its SKU's EAN and picture, into both instances", async () => {
    const indexes = [shop.services.catalog.index, second.services.catalog.index];
    // Both instances have rendered the product before the edit: their rendered answers must not be served again.
    for (const app of [shop, second]) expect((await served(app)).productId).toBe(String(productId));
    const productUrl = `/api/catalog/pvt/product/${productId}`;
    const product = (await erp('GET', productUrl)).json();
    const put = await erp('PUT', productUrl, {
      ...product,
      Description: 'Descripción nueva del ERP',
      ReleaseDate: '2026-09-15T00:00:00',
    });
    expect(put.statusCode, put.body).toBe(200);
    const specifications = await erp('POST', `/api/catalog_system/pvt/products/${productId}/specification`, [
      { Name: 'Sellos de advertencia', Value: ['alto-en-sodio'] },
    ]);
    expect(specifications.statusCode, specifications.body).toBe(200);
    const skuUrl = `/api/catalog/pvt/stockkeepingunit/${skuId}`;
    const { Name } = (await erp('GET', skuUrl)).json();
    const picture = 'https://media.cadena.cl/productos/parche.jpg';
    const skuPut = await erp('PUT', skuUrl, { Name, Ean: '7809876543210', ImageUrl: picture });
    expect(skuPut.statusCode, skuPut.body).toBe(200);

    const edited = async (app: App) => {
      const view = await served(app);
      const item = view.items.find((each: { itemId: string }) => each.itemId === String(skuId));
      return (
        view.description === 'Descripción nueva del ERP' &&
        view.releaseDate === '2026-09-15T00:00:00.000Z' &&
        view['Flag Nutricional'].join() === 'alto-en-sodio' &&
        item?.ean === '7809876543210' &&
        item?.images[0].imageUrl === picture
      );
    };
    await eventually(async () => (await edited(shop)) && (await edited(second)));
    // The seal filter reads the patched document.
    const sealed = shop.services.catalog.search(
      '',
      { selectedFacets: [{ key: 'seal', value: 'alto-en-sodio' }] },
      { page: 1, pageSize: 100, salesChannel: sc },
    );
    expect(sealed.products.map((each) => each.productId)).toContain(String(productId));
    // Past the rebuild's debounce: neither instance rebuilt its whole catalogue.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(shop.services.catalog.index === indexes[0] && second.services.catalog.index === indexes[1]).toBe(
      true,
    );
  });

  it('renames a product in every instance without a rebuild: search, autocomplete and the name order follow', async () => {
    const indexes = [shop.services.catalog.index, second.services.catalog.index];
    const productUrl = `/api/catalog/pvt/product/${productId}`;
    const product = (await erp('GET', productUrl)).json();
    const rename = async (Name: string) => {
      const put = await erp('PUT', productUrl, { ...product, Name });
      expect(put.statusCode, put.body).toBe(200);
      await eventually(
        async () => (await served(shop)).productName === Name && (await served(second)).productName === Name,
      );
    };
    const found = (app: App, word: string, orderBy?: 'OrderByNameASC') =>
      app.services.catalog
        .search(
          '',
          { selectedFacets: [{ key: 'ft', value: word }], ...(orderBy ? { orderBy } : {}) },
          { page: 1, pageSize: 50, salesChannel: sc },
        )
        .products.map((each) => each.productName);
    const completed = (app: App, prefix: string) =>
      app.services.catalog.autocomplete(prefix).itemsReturned.map((item) => item.name);

    await rename('Quesillo Parchado Despensa 500 g');
    for (const app of [shop, second]) {
      expect(found(app, 'parchado')).toEqual(['Quesillo Parchado Despensa 500 g']);
      // The word, the product (and its aisle) complete as-you-type.
      expect(completed(app, 'parch')).toEqual(
        expect.arrayContaining(['parchado', 'Quesillo Parchado Despensa 500 g']),
      );
    }
    await rename('Quesillo Remendado Despensa 500 g');
    for (const app of [shop, second]) {
      // The old word is gone: at most a near spelling of another product's ('planchado').
      expect(found(app, 'parchado')).not.toContain('Quesillo Remendado Despensa 500 g');
      expect(completed(app, 'parch')).not.toContain('parchado');
      expect(found(app, 'remendado')).toEqual(['Quesillo Remendado Despensa 500 g']);
      // Among the other quesillos by name, in its new place.
      const byName = found(app, 'quesillo', 'OrderByNameASC');
      expect(byName).toContain('Quesillo Remendado Despensa 500 g');
      expect(byName).toEqual([...byName].sort(new Intl.Collator('es').compare));
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(shop.services.catalog.index === indexes[0] && second.services.catalog.index === indexes[1]).toBe(
      true,
    );
  });

  it('rebuilds every instance for an edit that shapes the index (moved to another category), and its aisle lists it', async () => {
    const indexes = [shop.services.catalog.index, second.services.catalog.index];
    const productUrl = `/api/catalog/pvt/product/${productId}`;
    const product = (await erp('GET', productUrl)).json();
    const index = shop.services.catalog.index;
    const other = index.products.find((each) => each.categoryId !== product.CategoryId)!;
    const aisle = other.categoryChain.at(-1)!.path;
    const put = await erp('PUT', productUrl, { ...product, CategoryId: other.categoryId });
    expect(put.statusCode, put.body).toBe(200);
    await eventually(
      () => shop.services.catalog.index !== indexes[0] && second.services.catalog.index !== indexes[1],
    );
    for (const app of [shop, second]) {
      const listed = app.services.catalog.search(
        aisle,
        { selectedFacets: [] },
        { page: 1, pageSize: 500, salesChannel: sc },
      );
      expect(listed.products.map((each) => each.productId)).toContain(String(productId));
    }
  });
});

describe('renames patched in one batch (issue 33: an ERP renaming thousands at once rebuilds instead)', () => {
  it(`patches ${RENAMES_PATCHED_AT_ONCE} renames of a batch and asks for a rebuild past them`, () => {
    const [doc] = shop.services.catalog.index.products;
    const renamedAs = (name: string) => ({ row: { ...doc!, name }, skus: doc!.skus });
    const renames = { left: RENAMES_PATCHED_AT_ONCE };
    for (let i = 0; i < RENAMES_PATCHED_AT_ONCE; i++)
      expect(patchable(doc!, renamedAs(`Nombre ${i}`), renames)).toBe(true);
    expect(patchable(doc!, renamedAs('Uno más'), renames)).toBe(false);
    // An edit that keeps the name takes none.
    expect(patchable(doc!, renamedAs(doc!.name), renames)).toBe(true);
  });
});
