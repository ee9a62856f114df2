import type { SelectedFacet } from '@despensa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS, sellableSkus } from './support/cart';
import { deliveringChannel } from './support/checkout';
import { erpCall, secondInstance, staffCall, staffLogin } from './support/integration';
import { eventually } from './support/eventually';
import { patchable, REINDEXED_AT_ONCE } from '../src/modules/catalog/product-patch';
import type { ProductDoc } from '../src/modules/catalog/catalog-index';

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

const erp = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
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

  it("moves a product to another aisle and brand in every instance without a rebuild: both aisles and the brand list it where it now is, and both aisles' pages are purged", async () => {
    const indexes = [shop.services.catalog.index, second.services.catalog.index];
    const shown: string[] = [];
    shop.services.catalog.onProductsChanged((products) =>
      shown.push(...products.flatMap((each) => each.categoryPaths)),
    );
    const productUrl = `/api/catalog/pvt/product/${productId}`;
    const product = (await erp('GET', productUrl)).json();
    const index = shop.services.catalog.index;
    const doc = index.productsById.get(productId)!;
    const [oldAisle, newcomer] = [
      doc.categoryChain.at(-1)!,
      index.products.find((each) => each.categoryChain[0] !== doc.categoryChain[0])!,
    ];
    const newAisle = newcomer.categoryChain.at(-1)!;
    const brand = [...index.brands.values()].find((each) => each.id !== doc.brandId && each.name.length > 3)!;
    const put = await erp('PUT', productUrl, { ...product, CategoryId: newAisle.id, BrandId: brand.id });
    expect(put.statusCode, put.body).toBe(200);
    await eventually(async () =>
      [shop, second].every(
        (app) => app.services.catalog.index.productsById.get(productId)!.categoryId === newAisle.id,
      ),
    );
    const listed = (app: App, path: string, selectedFacets: SelectedFacet[] = []) =>
      app.services.catalog
        .search(path, { selectedFacets }, { page: 1, pageSize: 500, salesChannel: sc })
        .products.map((each) => each.productId);
    for (const app of [shop, second]) {
      const view = await served(app);
      expect([view.categoryId, view.brand]).toEqual([String(newAisle.id), brand.name]);
      expect(listed(app, newAisle.path)).toContain(String(productId));
      expect(listed(app, oldAisle.path)).not.toContain(String(productId));
      // Its new top aisle's facet, the brand's filter, and search by the brand's name within the new aisle.
      expect(listed(app, '', [{ key: 'category-1', value: newAisle.path.split('/')[1]! }])).toContain(
        String(productId),
      );
      expect(listed(app, '', [{ key: 'brand', value: brand.slug }])).toContain(String(productId));
      expect(listed(app, newAisle.path, [{ key: 'ft', value: brand.name }])).toContain(String(productId));
    }
    // The pages of the aisle it left are purged as well as those of the one it joined.
    expect(shown).toEqual(expect.arrayContaining([oldAisle.path, newAisle.path]));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(shop.services.catalog.index === indexes[0] && second.services.catalog.index === indexes[1]).toBe(
      true,
    );

    // The patched instance answers as one built from the database does: listings, facet counts, aisles.
    await shop.services.catalog.rebuild();
    const [patched, rebuilt] = [second, shop];
    for (const path of [oldAisle.path, newAisle.path, '/' + newAisle.path.split('/')[1]!]) {
      expect(listed(patched, path)).toEqual(listed(rebuilt, path));
      const counts = (app: App) => app.services.catalog.facets(path, [], sc);
      expect(counts(patched)).toEqual(counts(rebuilt));
    }
    const brandFacet: SelectedFacet[] = [{ key: 'brand', value: brand.slug }];
    expect(listed(patched, '', brandFacet)).toEqual(listed(rebuilt, '', brandFacet));
    for (const category of [...doc.categoryChain, ...newcomer.categoryChain])
      expect(patched.services.catalog.index.categories.get(category.id)!.docs).toEqual(
        rebuilt.services.catalog.index.categories.get(category.id)!.docs,
      );
    const word = brand.name.split(' ')[0]!;
    const searched = (app: App) => app.services.catalog.index.text.search(word, { prefix: false });
    expect(searched(patched)).toEqual(searched(rebuilt));
  });

  it("puts a product on a collection's shelf and takes it off in every instance without a rebuild", async () => {
    const indexes = [shop.services.catalog.index, second.services.catalog.index];
    const created = await erp('POST', '/api/catalog/pvt/collection', { Name: 'Parrilla de verano' });
    expect(created.statusCode, created.body).toBe(200);
    const collectionId: number = created.json().Id;
    await eventually(() =>
      [shop, second].every((app) => app.services.catalog.index.collections.has(collectionId)),
    );
    const indexesAfterCreate = [shop.services.catalog.index, second.services.catalog.index];
    const onShelf = (app: App) =>
      app.services.catalog
        .search(
          '',
          { selectedFacets: [{ key: 'productClusterIds', value: String(collectionId) }] },
          { page: 1, pageSize: 50, salesChannel: sc },
        )
        .products.map((each) => each.productId);
    const membership = `/api/catalog/pvt/collection/${collectionId}/stockkeepingunit`;
    const added = await erp('POST', membership, { SkuId: skuId });
    expect(added.statusCode, added.body).toBe(200);
    await eventually(
      () => onShelf(shop).includes(String(productId)) && onShelf(second).includes(String(productId)),
    );
    const removed = await erp('DELETE', `${membership}/${skuId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await eventually(() => onShelf(shop).length === 0 && onShelf(second).length === 0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The collection's creation rebuilt (a new shelf); putting a product on it and off did not.
    expect(indexesAfterCreate).not.toEqual(indexes);
    expect(shop.services.catalog.index === indexesAfterCreate[0]).toBe(true);
    expect(second.services.catalog.index === indexesAfterCreate[1]).toBe(true);
  });

  it('rebuilds every instance for an edit that shapes the index (a SKU added), and serves the new SKU', async () => {
    const indexes = [shop.services.catalog.index, second.services.catalog.index];
    const created = await erp('POST', '/api/catalog/pvt/stockkeepingunit', {
      ProductId: productId,
      Name: 'Quesillo Remendado Despensa 1 kg',
      MeasurementUnit: 'un',
      UnitMultiplier: 1,
    });
    expect(created.statusCode, created.body).toBe(200);
    const newSku: number = created.json().Id;
    await eventually(
      () => shop.services.catalog.index !== indexes[0] && second.services.catalog.index !== indexes[1],
    );
    await eventually(() =>
      [shop, second].every(
        (app) => app.services.catalog.index.skusById.get(newSku)?.product.id === productId,
      ),
    );
  });
});

describe('what a batch patches (issue 33: an ERP renaming or moving thousands at once rebuilds instead)', () => {
  const known = () => {
    const index = shop.services.catalog.index;
    return { brands: index.brands, chainOf: (id: number) => index.chainOf(id) };
  };
  const changedAs = (doc: ProductDoc, change: Partial<ProductDoc>) => ({
    row: { ...doc, ...change },
    skus: doc.skus,
  });

  it(`patches ${REINDEXED_AT_ONCE} renames, moves and new brands of a batch and asks for a rebuild past them`, () => {
    const [doc, other] = shop.services.catalog.index.products.filter(
      (each, at, all) =>
        at === 0 || (each.categoryId !== all[0]!.categoryId && each.brandId !== all[0]!.brandId),
    );
    const reindexed = { left: REINDEXED_AT_ONCE };
    const changes = [
      { name: 'Nombre nuevo' },
      { categoryId: other!.categoryId },
      { brandId: other!.brandId },
    ];
    for (let i = 0; i < REINDEXED_AT_ONCE; i++)
      expect(patchable(doc!, changedAs(doc!, changes[i % 3]!), known(), reindexed)).toBe(true);
    expect(patchable(doc!, changedAs(doc!, { name: 'Uno más' }), known(), reindexed)).toBe(false);
    // An edit that keeps what search reads takes none.
    expect(patchable(doc!, changedAs(doc!, { isNew: !doc!.isNew }), known(), reindexed)).toBe(true);
  });

  it('rebuilds for a brand or aisle the index does not have, and for new sales (the best-seller order)', () => {
    const [doc] = shop.services.catalog.index.products;
    const plenty = () => ({ left: REINDEXED_AT_ONCE });
    expect(patchable(doc!, changedAs(doc!, { brandId: 999_999 }), known(), plenty())).toBe(false);
    expect(patchable(doc!, changedAs(doc!, { categoryId: 999_999 }), known(), plenty())).toBe(false);
    expect(patchable(doc!, changedAs(doc!, { sales: doc!.sales + 1 }), known(), plenty())).toBe(false);
  });
});
