import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { sellableSkus } from './support/cart';
import { deliveringChannel } from './support/checkout';
import { erpCall, refusalOf, staffCall, staffLogin } from './support/integration';
import { eventually } from './support/eventually';

const ADMIN = { email: 'admin.fichas@despensa.cl', password: 'admin-fichas-despensa' };

let shop: TestApp;
let sc: number;
let productId: number;
let adminToken: string;
let catalogKey: { appKey: string; appToken: string };
let url: string;

beforeAll(async () => {
  shop = await createTestApp();
  sc = await deliveringChannel(shop);
  const [sku] = await sellableSkus(shop, { salesChannel: sc, limit: 1 });
  productId = shop.services.catalog.index.skusById.get(sku!.id)!.product.id;
  url = `/api/catalog_system/pvt/products/${productId}/specification`;
  const storeId = (await shop.database.pool.query('SELECT id FROM store WHERE sales_channel = $1', [sc]))
    .rows[0].id;
  await shop.services.operations.addStaff({ ...ADMIN, name: 'Admin', storeId, role: 'admin' });
  adminToken = await staffLogin(shop, ADMIN.email, ADMIN.password);
  catalogKey = (
    await staffCall(shop, adminToken, 'POST', '/api/admin/app-keys', { label: 'PIM', scopes: ['catalog'] })
  ).json();
});
afterAll(() => shop?.close());

const erp = (method: 'GET' | 'POST', payload?: object, key = catalogKey, path = url) =>
  erpCall(shop.app, key, method, path, payload);

/** The §3 fields of the product as the storefront's product API serves them. */
const served = () => {
  const product = shop.services.catalog.productById(String(productId), sc);
  return {
    seals: product['Flag Nutricional'],
    certificates: product.certificates,
    ingredients: product.ingredients,
    sheet: product['Ficha Técnica'],
  };
};

describe("a product's specifications (VTEX's catalog_system by name, scope catalog)", () => {
  it('reads the §3 seals, certificates, ingredients and technical sheet by name', async () => {
    const answer = await erp('GET');
    expect(answer.statusCode, answer.body).toBe(200);
    const names = answer.json().map((field: { Name: string }) => field.Name);
    expect(names.slice(0, 3)).toEqual(['Sellos de advertencia', 'Certificaciones', 'Ingredientes']);
    const { sheet } = served();
    for (const [name, value] of Object.entries(sheet))
      expect(answer.json()).toContainEqual({ Name: name, Value: [value] });
  });

  it('changes the named fields and keeps the others; shoppers see them; audited', async () => {
    const before = (await erp('GET')).json();
    const post = await erp('POST', [
      { Id: 30, Name: 'sellos de advertencia', Value: ['alto-en-sodio', 'alto-en-calorias'] },
      { Name: 'Certificaciones', Value: ['sin-gluten', 'vegano'] },
      { Name: 'Ingredientes', Value: ['Leche entera, sal'] },
      { Name: 'País de origen', Value: ['Chile, Región del Maule'] },
    ]);
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json().slice(0, 3)).toEqual([
      { Name: 'Sellos de advertencia', Value: ['alto-en-sodio', 'alto-en-calorias'] },
      { Name: 'Certificaciones', Value: ['sin-gluten', 'vegano'] },
      { Name: 'Ingredientes', Value: ['Leche entera, sal'] },
    ]);
    expect(post.json()).toContainEqual({ Name: 'País de origen', Value: ['Chile, Región del Maule'] });
    // A field not named stays as it was.
    const untouched = before.slice(3).filter((field: { Name: string }) => field.Name !== 'País de origen');
    for (const field of untouched) expect(post.json()).toContainEqual(field);
    await eventually(() => served().sheet['País de origen'] === 'Chile, Región del Maule');
    expect(served()).toMatchObject({
      seals: ['alto-en-sodio', 'alto-en-calorias'],
      certificates: ['sin-gluten', 'vegano'],
      ingredients: 'Leche entera, sal',
    });
    const audit = (
      await staffCall(shop, adminToken, 'GET', `/api/admin/audit-log?subject=product:${productId}`)
    ).json();
    expect(audit[0]).toMatchObject({
      action: 'product.specification',
      actor: { kind: 'appKey', id: catalogKey.appKey },
      before,
      after: post.json(),
    });
  });

  it('removes a field given an empty Value', async () => {
    const post = await erp('POST', [
      { Name: 'País de origen', Value: [] },
      { Name: 'Sellos de advertencia', Value: [] },
      { Name: 'Ingredientes', Value: [] },
    ]);
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json().map((field: { Name: string }) => field.Name)).not.toContain('País de origen');
    expect(post.json().slice(0, 3)).toEqual([
      { Name: 'Sellos de advertencia', Value: [] },
      { Name: 'Certificaciones', Value: ['sin-gluten', 'vegano'] },
      { Name: 'Ingredientes', Value: [] },
    ]);
    await eventually(() => served().sheet['País de origen'] === undefined);
    expect(served()).toMatchObject({ seals: [], ingredients: null });
  });

  it('refuses a seal or certificate that is not a §3 key, changing nothing', async () => {
    const before = (await erp('GET')).json();
    for (const field of [
      { Name: 'Sellos de advertencia', Value: ['ALTO EN SODIO'] },
      { Name: 'Certificaciones', Value: ['sin-gluten', 'libre-de-todo'] },
    ]) {
      const post = await erp('POST', [{ Name: 'País de origen', Value: ['Perú'] }, field]);
      expect(refusalOf(post)).toEqual([400, 'specificationValueInvalid']);
      expect(post.json().field).toBe('1.Value');
    }
    expect((await erp('GET')).json()).toEqual(before);
  });

  it('refuses an unknown product, a malformed body, and a key without the catalog scope', async () => {
    const unknown = `/api/catalog_system/pvt/products/999999999/specification`;
    expect(refusalOf(await erp('GET', undefined, catalogKey, unknown))).toEqual([404, 'productNotFound']);
    expect(refusalOf(await erp('POST', [{ Name: 'Origen', Value: ['Chile'] }], catalogKey, unknown))).toEqual(
      [404, 'productNotFound'],
    );
    for (const body of [[], [{ Name: '', Value: ['x'] }], [{ Name: 'Origen', Value: 'Chile' }], {}]) {
      const post = await erp('POST', body);
      expect(post.statusCode, JSON.stringify(body)).toBe(400);
    }
    const pricesKey = (
      await staffCall(shop, adminToken, 'POST', '/api/admin/app-keys', { label: 'ERP', scopes: ['prices'] })
    ).json();
    expect(refusalOf(await erp('GET', undefined, pricesKey))).toEqual([403, 'appKeyScopeForbidden']);
    expect(refusalOf(await erp('GET', undefined, null as never))).toEqual([401, 'appKeyMissing']);
  });
});

describe("a product's nutrition table as specifications", () => {
  const TABLE = [
    { Name: 'Base nutricional', Value: ['100 ml'] },
    { Name: 'Porción', Value: ['1 vaso (200 ml)'] },
    { Name: 'Energía (kcal)', Value: ['61'] },
    { Name: 'Proteínas (g)', Value: ['3,2'] },
    { Name: 'Grasas totales (g)', Value: ['3.3'] },
    { Name: 'Grasas saturadas (g)', Value: ['2,1'] },
    { Name: 'Hidratos de carbono disponibles (g)', Value: ['4,7'] },
    { Name: 'Azúcares totales (g)', Value: ['4,7'] },
    { Name: 'Fibra dietética (g)', Value: ['0'] },
    { Name: 'Sodio (mg)', Value: ['44'] },
  ];
  const nutrition = () => shop.services.catalog.productById(String(productId), sc).nutrition;

  it("takes the whole table, reads it back in the label's order, and changes one nutrient alone", async () => {
    const post = await erp('POST', TABLE);
    expect(post.statusCode, post.body).toBe(200);
    const answered = post
      .json()
      .filter((field: { Name: string }) => TABLE.some((row) => row.Name === field.Name));
    expect(answered.map((field: { Name: string }) => field.Name)).toEqual(TABLE.map((row) => row.Name));
    expect(answered[3]).toEqual({ Name: 'Proteínas (g)', Value: ['3.2'] });
    const whole = {
      basis: '100ml',
      servingSize: '1 vaso (200 ml)',
      energyKcal: 61,
      proteinG: 3.2,
      fatTotalG: 3.3,
      fatSaturatedG: 2.1,
      carbohydratesG: 4.7,
      sugarsG: 4.7,
      fiberG: 0,
      sodiumMg: 44,
    };
    await eventually(() => nutrition()?.servingSize === '1 vaso (200 ml)');
    expect(nutrition()).toEqual(whole);
    expect((await erp('POST', [{ Name: 'sodio (mg)', Value: ['45'] }])).statusCode).toBe(200);
    await eventually(() => nutrition()?.sodiumMg === 45);
    expect(nutrition()).toEqual({ ...whole, sodiumMg: 45 });
  });

  it('refuses a nutrient that is not a number, another basis and a table left incomplete; an empty basis removes it', async () => {
    for (const field of [
      { Name: 'Sodio (mg)', Value: ['mucho'] },
      { Name: 'Sodio (mg)', Value: ['-1'] },
      { Name: 'Base nutricional', Value: ['200 g'] },
    ]) {
      const post = await erp('POST', [field]);
      expect(refusalOf(post), JSON.stringify(field)).toEqual([400, 'specificationValueInvalid']);
      expect(post.json().field).toBe('0.Value');
    }
    const removed = await erp('POST', [{ Name: 'Base nutricional', Value: [] }]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().map((field: { Name: string }) => field.Name)).not.toContain('Energía (kcal)');
    await eventually(() => nutrition() === null);
    const partial = await erp('POST', [{ Name: 'Energía (kcal)', Value: ['61'] }]);
    expect(refusalOf(partial)).toEqual([400, 'nutritionIncomplete']);
    expect(partial.json().field).toBe('Base nutricional');
  });
});

describe('collections (VTEX Catalog pvt, scope catalog)', () => {
  const collectionsOf = () =>
    shop.services.catalog.productById(String(productId), sc).productClusters as Record<string, string>;
  let skuId: number;
  beforeAll(() => {
    skuId = shop.services.catalog.index.products.find((each) => each.id === productId)!.skus[0]!.id;
  });

  it("creates a collection, puts a SKU's product in it and takes it out; shoppers see it; audited", async () => {
    const created = await erp(
      'POST',
      { Id: 9001, Name: 'Parrilla de verano' },
      catalogKey,
      '/api/catalog/pvt/collection',
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ Id: 9001, Name: 'Parrilla de verano', TotalProducts: 0 });
    const members = '/api/catalog/pvt/collection/9001/stockkeepingunit';
    const added = await erp('POST', { SkuId: skuId }, catalogKey, members);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ CollectionId: 9001, SkuId: skuId, ProductId: productId });
    // Again: nothing changes, nothing more is audited.
    expect((await erp('POST', { SkuId: skuId }, catalogKey, members)).statusCode).toBe(200);
    expect((await erp('GET', undefined, catalogKey, '/api/catalog/pvt/collection/9001')).json()).toEqual({
      Id: 9001,
      Name: 'Parrilla de verano',
      TotalProducts: 1,
    });
    await eventually(() => collectionsOf()['9001'] === 'Parrilla de verano');

    const removed = await erpCall(shop.app, catalogKey, 'DELETE', `${members}/${skuId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await eventually(() => collectionsOf()['9001'] === undefined);
    const audit = (
      await staffCall(shop, adminToken, 'GET', '/api/admin/audit-log?subject=collection:9001')
    ).json();
    expect(audit.map((row: { action: string }) => row.action)).toEqual([
      'collection.removeSku',
      'collection.addSku',
      'collection.create',
    ]);
    expect(audit[1]).toMatchObject({
      actor: { kind: 'appKey', id: catalogKey.appKey },
      before: { SkuId: skuId, member: false },
      after: { SkuId: skuId, ProductId: productId, member: true },
    });
  });

  it('refuses a taken id, an unknown collection or SKU, and a key without the catalog scope', async () => {
    const create = (body: object) => erp('POST', body, catalogKey, '/api/catalog/pvt/collection');
    expect(refusalOf(await create({ Id: 9001, Name: 'Otra' }))).toEqual([409, 'catalogIdTaken']);
    expect((await create({ Name: '' })).statusCode).toBe(400);
    expect(refusalOf(await erp('GET', undefined, catalogKey, '/api/catalog/pvt/collection/999999'))).toEqual([
      404,
      'collectionNotFound',
    ]);
    const members = (id: number) => `/api/catalog/pvt/collection/${id}/stockkeepingunit`;
    expect(refusalOf(await erp('POST', { SkuId: skuId }, catalogKey, members(999999)))).toEqual([
      404,
      'collectionNotFound',
    ]);
    expect(refusalOf(await erp('POST', { SkuId: 999999999 }, catalogKey, members(9001)))).toEqual([
      404,
      'skuNotFound',
    ]);
    const pricesKey = (
      await staffCall(shop, adminToken, 'POST', '/api/admin/app-keys', { label: 'ERP', scopes: ['prices'] })
    ).json();
    expect(refusalOf(await erp('POST', { SkuId: skuId }, pricesKey, members(9001)))).toEqual([
      403,
      'appKeyScopeForbidden',
    ]);
  });
});

describe('brands and categories: changing their name and address (VTEX Catalog pvt, scope catalog)', () => {
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    erpCall(shop.app, catalogKey, method, path, payload);

  it("changes a brand's name and address, audited; another brand's address and switching it off are refused", async () => {
    const created = (await call('POST', '/api/catalog/pvt/brand', { Id: 8801, Name: 'Campo Sur' })).json();
    expect(created).toMatchObject({ Id: 8801, LinkId: 'campo-sur' });
    const put = await call('PUT', '/api/catalog/pvt/brand/8801', {
      ...created,
      Name: 'Campo del Sur',
      LinkId: 'campo-del-sur',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ Id: 8801, Name: 'Campo del Sur', LinkId: 'campo-del-sur', Active: true });
    expect((await call('GET', '/api/catalog/pvt/brand/8801')).json().Name).toBe('Campo del Sur');
    const audit = (
      await staffCall(shop, adminToken, 'GET', '/api/admin/audit-log?subject=brand:8801')
    ).json();
    expect(audit[0]).toMatchObject({
      action: 'brand.put',
      before: { Name: 'Campo Sur' },
      after: { Name: 'Campo del Sur' },
    });

    const other = (await call('POST', '/api/catalog/pvt/brand', { Name: 'Otra Marca Sur' })).json();
    const clash = await call('PUT', `/api/catalog/pvt/brand/${other.Id}`, {
      Name: 'Otra',
      LinkId: 'campo-del-sur',
    });
    expect(refusalOf(clash)).toEqual([409, 'catalogIdTaken']);
    const off = await call('PUT', '/api/catalog/pvt/brand/8801', { Name: 'Campo del Sur', Active: false });
    expect(off.statusCode).toBe(400);
    expect(refusalOf(await call('PUT', '/api/catalog/pvt/brand/999999', { Name: 'Nadie' }))).toEqual([
      404,
      'brandNotFound',
    ]);
  });

  it("changes a category's name and address, and its branch's addresses follow; moving it is refused", async () => {
    const top = (await call('POST', '/api/catalog/pvt/category', { Id: 8701, Name: 'Mercado Verde' })).json();
    const leaf = (
      await call('POST', '/api/catalog/pvt/category', { Id: 8702, Name: 'Hojas', FatherCategoryId: 8701 })
    ).json();
    expect(leaf.Url).toBe('/mercado-verde/hojas');
    const put = await call('PUT', '/api/catalog/pvt/category/8701', {
      ...top,
      Name: 'Mercado Orgánico',
      LinkId: 'mercado-organico',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ Id: 8701, Name: 'Mercado Orgánico', Url: '/mercado-organico' });
    expect((await call('GET', '/api/catalog/pvt/category/8702')).json().Url).toBe('/mercado-organico/hojas');
    const audit = (
      await staffCall(shop, adminToken, 'GET', '/api/admin/audit-log?subject=category:8701')
    ).json();
    expect(audit[0]).toMatchObject({
      action: 'category.put',
      before: { Url: '/mercado-verde' },
      after: { Url: '/mercado-organico' },
    });

    const moved = await call('PUT', '/api/catalog/pvt/category/8702', {
      Name: 'Hojas',
      FatherCategoryId: null,
    });
    expect(refusalOf(moved)).toEqual([409, 'categoryMoveUnsupported']);
    await call('POST', '/api/catalog/pvt/category', { Id: 8703, Name: 'Brotes', FatherCategoryId: 8701 });
    const clash = await call('PUT', '/api/catalog/pvt/category/8703', { Name: 'Brotes', LinkId: 'hojas' });
    expect(refusalOf(clash)).toEqual([409, 'catalogIdTaken']);
    expect(refusalOf(await call('PUT', '/api/catalog/pvt/category/999999', { Name: 'Nada' }))).toEqual([
      404,
      'categoryNotFound',
    ]);
  });
});

describe("a SKU's picture through VTEX's file API (scope catalog)", () => {
  it('sets it from an https address, lists it, replaces it, and goes back to the drawing; audited', async () => {
    const skuId = shop.services.catalog.index.products.find((each) => each.id === productId)!.skus[0]!.id;
    const files = `/api/catalog/pvt/stockkeepingunit/${skuId}/file`;
    const call = (method: 'GET' | 'POST' | 'DELETE', payload?: object) =>
      erpCall(shop.app, catalogKey, method, files, payload);
    const shown = () =>
      shop.services.catalog.productById(String(productId), sc).items[0]!.images[0]!.imageUrl;
    expect((await call('GET')).json()).toEqual([]);

    const first = 'https://media.cadena.cl/sku/frente.jpg';
    const post = await call('POST', { IsMain: true, Label: 'frente', Name: 'Frente', Url: first });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json()).toEqual([{ Id: skuId, SkuId: skuId, IsMain: true, Url: first }]);
    await eventually(() => shown() === first);
    const second = 'https://media.cadena.cl/sku/frente-2027.jpg';
    expect((await call('POST', { Url: second })).json()).toEqual([
      { Id: skuId, SkuId: skuId, IsMain: true, Url: second },
    ]);
    expect((await call('GET')).json()[0].Url).toBe(second);

    for (const refused of [
      { Url: 'http://media.cadena.cl/sku.jpg' },
      { Url: 'https://media.cadena.cl/otra.jpg', IsMain: false },
      {},
    ])
      expect((await call('POST', refused)).statusCode, JSON.stringify(refused)).toBe(400);

    // As VTEX's own examples send it: a JSON content type and no body.
    const removed = await shop.app.inject({
      method: 'DELETE',
      url: files,
      headers: {
        'x-vtex-api-appkey': catalogKey.appKey,
        'x-vtex-api-apptoken': catalogKey.appToken,
        'content-type': 'application/json',
      },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual([]);
    await eventually(() => shown() === `/media/products/${skuId}.png`);
    const audit = (
      await staffCall(shop, adminToken, 'GET', `/api/admin/audit-log?subject=sku:${skuId}`)
    ).json();
    expect(
      audit.slice(0, 3).map((row: { after: { ImageUrl: string | null } }) => row.after.ImageUrl),
    ).toEqual([null, second, first]);
    expect(
      refusalOf(
        await erpCall(shop.app, catalogKey, 'GET', '/api/catalog/pvt/stockkeepingunit/999999999/file'),
      ),
    ).toEqual([404, 'skuNotFound']);
  });
});
