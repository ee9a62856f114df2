import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_MERCHANDISER, SEED_OPERATOR_PASSWORD } from '../src/modules/operations/service';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS, sellableSkus } from './support/cart';
import { deliveringChannel } from './support/checkout';
import { TEST_NOW } from './support/constants';
import { indexedOffer, refusalOf, staffCall, staffLogin } from './support/integration';
import { eventually } from './support/eventually';

/** Issue 30 §4: the back office's catalogue and promotions (/api/admin), for merchandisers and the admin. */
const ADMIN = { email: 'administradora.oferta@despensa.cl', password: 'administradora-despensa' };
const DAY = 86_400_000;

let shop: TestApp;
let sc: number;
let storeId: string;
let skuId: number;
let productId: number;
/** A SKU sold by the unit that no test here edits, for the preview. */
let unitSkuId: number;
let adminToken: string;
let merchandiserToken: string;
let operatorToken: string;
let merchandiserId: string;

const call = (token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  staffCall(shop, token, method, url, payload);
const refusal = refusalOf;

const auditOf = async (subject: string) =>
  (await call(adminToken, 'GET', `/api/admin/audit-log?subject=${encodeURIComponent(subject)}`)).json();

/** A 20 % promotion on one SKU from now for a week, in one store, as the back office's form sends it. */
function twentyOff(extra: object = {}) {
  return {
    name: 'Oferta de la semana',
    beginDateUtc: TEST_NOW.toISOString(),
    endDateUtc: new Date(TEST_NOW.getTime() + 7 * DAY).toISOString(),
    type: 'regular',
    percentualDiscountValue: 20,
    cumulative: true,
    skus: [{ id: String(skuId) }],
    idsSalesChannel: [String(sc)],
    ...extra,
  };
}

beforeAll(async () => {
  shop = await createTestApp();
  sc = await deliveringChannel(shop);
  storeId = (await shop.database.pool.query('SELECT id FROM store WHERE sales_channel = $1', [sc])).rows[0]
    .id;
  await shop.services.operations.addStaff({ ...ADMIN, name: 'Administradora', storeId, role: 'admin' });
  adminToken = await staffLogin(shop, ADMIN.email, ADMIN.password);
  merchandiserToken = await staffLogin(shop, SEED_MERCHANDISER.email, SEED_MERCHANDISER.password);
  operatorToken = await staffLogin(shop, `operador.${storeId}@despensa.cl`, SEED_OPERATOR_PASSWORD);
  merchandiserId = (
    await shop.database.pool.query('SELECT id FROM staff_member WHERE email = $1', [SEED_MERCHANDISER.email])
  ).rows[0].id;
  const [sku, other] = await sellableSkus(shop, { salesChannel: sc, weighed: false, limit: 2 });
  unitSkuId = other!.id;
  skuId = sku!.id;
  productId = shop.services.catalog.index.skusById.get(skuId)!.product.id;
});
afterAll(async () => {
  await shop?.close();
});

describe('who may use the catalogue and promotions', () => {
  const reads = () => [
    `/api/admin/catalog/products?q=leche`,
    `/api/admin/catalog/products/${productId}`,
    '/api/admin/promotions',
    '/api/admin/sales-channels',
  ];

  it('refuses no session (notStaff) and an operator (staffRoleForbidden, 403), reads and writes alike', async () => {
    for (const url of reads()) {
      expect(refusal(await call(null, 'GET', url)), url).toEqual([401, 'notStaff']);
      expect(refusal(await call(operatorToken, 'GET', url)), url).toEqual([403, 'staffRoleForbidden']);
    }
    const writes: ['PUT' | 'POST', string, object][] = [
      ['PUT', `/api/admin/catalog/products/${productId}`, { Name: 'Robado' }],
      ['PUT', `/api/admin/catalog/skus/${skuId}/price`, { basePrice: 1 }],
      ['PUT', `/api/admin/catalog/skus/${skuId}/stock/${storeId}`, { quantity: 0 }],
      ['POST', '/api/admin/promotions', twentyOff()],
    ];
    for (const [method, url, body] of writes)
      expect(refusal(await call(operatorToken, method, url, body)), url).toEqual([403, 'staffRoleForbidden']);
    expect(await auditOf(`product:${productId}`)).toEqual([]);
  });

  it('lets a merchandiser and an administrator read them; the integration keys stay the administrator’s', async () => {
    for (const token of [merchandiserToken, adminToken])
      for (const url of reads()) expect((await call(token, 'GET', url)).statusCode, url).toBe(200);
    expect(refusal(await call(merchandiserToken, 'GET', '/api/admin/app-keys'))).toEqual([
      403,
      'staffRoleForbidden',
    ]);
  });
});

describe('the catalogue', () => {
  it('finds a product by its name, its id, its SKU and its EAN', async () => {
    const page = (await call(merchandiserToken, 'GET', `/api/admin/catalog/products/${productId}`)).json();
    const { Name } = page.product;
    const ean = page.skus.find((entry: { sku: { Id: number } }) => entry.sku.Id === skuId).sku.Ean;
    for (const q of [Name.slice(0, 12), String(productId), String(skuId), ean]) {
      const hits = (
        await call(merchandiserToken, 'GET', `/api/admin/catalog/products?q=${encodeURIComponent(q)}`)
      ).json();
      expect(
        hits.map((hit: { productId: number }) => hit.productId),
        q,
      ).toContain(productId);
    }
    const shelf = page.skus[0].shelves.find((each: { salesChannel: number }) => each.salesChannel === sc);
    expect(shelf.offer.price).toBe(indexedOffer(shop, page.skus[0].sku.Id, sc)!.price);
  });

  it('edits the product (brand, category) and the SKU (kg, multiplier): audited as the staff member', async () => {
    const page = (await call(merchandiserToken, 'GET', `/api/admin/catalog/products/${productId}`)).json();
    const brand = page.brands.find((each: { id: number }) => each.id !== page.product.BrandId);
    const category = page.categories.find((each: { id: number }) => each.id !== page.product.CategoryId);
    const edited = await call(merchandiserToken, 'PUT', `/api/admin/catalog/products/${productId}`, {
      Name: 'Producto editado en la oficina',
      Description: 'Nueva descripción',
      BrandId: brand.id,
      CategoryId: category.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ BrandId: brand.id, CategoryId: category.id });
    const [entry] = await auditOf(`product:${productId}`);
    expect(entry).toMatchObject({
      action: 'product.put',
      actor: { kind: 'staff', id: merchandiserId },
      before: { Name: page.product.Name, BrandId: page.product.BrandId },
      after: { Name: 'Producto editado en la oficina', BrandId: brand.id },
    });
    const sku = await call(merchandiserToken, 'PUT', `/api/admin/catalog/skus/${skuId}`, {
      Name: 'Al peso',
      Ean: '7801234567890',
      MeasurementUnit: 'kg',
      UnitMultiplier: 0.25,
    });
    expect(sku.json()).toMatchObject({ MeasurementUnit: 'kg', UnitMultiplier: 0.25, Ean: '7801234567890' });
  });

  it('refuses an unknown brand, a category that is not a leaf, an unknown product and an unknown SKU', async () => {
    const url = `/api/admin/catalog/products/${productId}`;
    expect(refusal(await call(merchandiserToken, 'PUT', url, { Name: 'x', BrandId: 999_999_999 }))).toEqual([
      404,
      'brandNotFound',
    ]);
    const top = (await shop.database.pool.query('SELECT id FROM category WHERE parent_id IS NULL LIMIT 1'))
      .rows[0].id;
    const notLeaf = await call(merchandiserToken, 'PUT', url, { Name: 'x', CategoryId: top });
    expect(refusal(notLeaf)).toEqual([404, 'categoryNotFound']);
    expect(notLeaf.json().field).toBe('CategoryId');
    expect(refusal(await call(merchandiserToken, 'GET', '/api/admin/catalog/products/999999999'))).toEqual([
      404,
      'productNotFound',
    ]);
    for (const [suffix, body] of [
      ['', { Name: 'x' }],
      ['/price', { basePrice: 1000 }],
      [`/stock/${storeId}`, { quantity: 3 }],
    ] as const)
      expect(
        refusal(await call(merchandiserToken, 'PUT', `/api/admin/catalog/skus/999999999${suffix}`, body)),
        suffix,
      ).toEqual([404, 'skuNotFound']);
  });

  it('sets a price the shopper sees at once, and refuses one under cost while the chain forbids it', async () => {
    const under = await call(merchandiserToken, 'PUT', `/api/admin/catalog/skus/${skuId}/price`, {
      basePrice: 900,
      costPrice: 1000,
    });
    expect(refusal(under)).toEqual([400, 'priceBelowCost']);
    const set = await call(merchandiserToken, 'PUT', `/api/admin/catalog/skus/${skuId}/price`, {
      basePrice: 2490,
      listPrice: 2990,
      costPrice: 1000,
    });
    expect(set.statusCode, set.body).toBe(200);
    await eventually(() => indexedOffer(shop, skuId, sc)?.price === 249_000);
    expect(indexedOffer(shop, skuId, sc)?.listPrice).toBe(299_000);
    const [entry] = await auditOf(`sku:${skuId}`);
    expect(entry).toMatchObject({ action: 'price.put', actor: { kind: 'staff', id: merchandiserId } });
  });

  it('sets a store’s count of a SKU; an unknown store is refused', async () => {
    const set = await call(merchandiserToken, 'PUT', `/api/admin/catalog/skus/${skuId}/stock/${storeId}`, {
      quantity: 37,
    });
    expect(set.statusCode, set.body).toBe(200);
    const page = (await call(merchandiserToken, 'GET', `/api/admin/catalog/products/${productId}`)).json();
    const entry = page.skus.find((each: { sku: { Id: number } }) => each.sku.Id === skuId);
    const shelf = entry.shelves.find((each: { warehouseId: string }) => each.warehouseId === storeId);
    expect(shelf.offer.availableQuantity).toBeLessThanOrEqual(37);
    expect(
      refusal(
        await call(merchandiserToken, 'PUT', `/api/admin/catalog/skus/${skuId}/stock/no-existe`, {
          quantity: 1,
        }),
      ),
    ).toEqual([404, 'warehouseNotFound']);
  });
});

describe('promotions', () => {
  it('creates one that is live now, lists it with where it applies, pauses and resumes it: each audited', async () => {
    const created = await call(merchandiserToken, 'POST', '/api/admin/promotions', twentyOff());
    expect(created.statusCode, created.body).toBe(200);
    const promotion = created.json();
    expect(promotion).toMatchObject({ status: 'live', percentualDiscountValue: 20, isActive: true });
    expect(promotion.skus).toEqual([{ id: String(skuId), name: expect.stringMatching(/\S/) }]);
    expect(promotion.channels).toEqual([{ id: String(sc), name: expect.stringMatching(/\S/) }]);
    const id = promotion.idCalculatorConfiguration;
    const listed = (await call(adminToken, 'GET', '/api/admin/promotions')).json();
    expect(
      listed.find((each: { idCalculatorConfiguration: string }) => each.idCalculatorConfiguration === id),
    ).toMatchObject({ name: 'Oferta de la semana', status: 'live' });
    const paused = await call(merchandiserToken, 'PUT', `/api/admin/promotions/${id}/active`, {
      isActive: false,
    });
    expect(paused.json()).toMatchObject({ status: 'paused', isActive: false });
    const resumed = await call(merchandiserToken, 'PUT', `/api/admin/promotions/${id}/active`, {
      isActive: true,
    });
    expect(resumed.json()).toMatchObject({ status: 'live', isActive: true });
    const actions = (await auditOf(`promotion:${id}`)).map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(['promotion.resume', 'promotion.pause', 'promotion.create']);
    const scheduled = await call(merchandiserToken, 'POST', '/api/admin/promotions', {
      ...twentyOff({ idCalculatorConfiguration: id }),
      beginDateUtc: new Date(TEST_NOW.getTime() + DAY).toISOString(),
    });
    expect(scheduled.json()).toMatchObject({ idCalculatorConfiguration: id, status: 'scheduled' });
  });

  it('refuses what the engine cannot price, naming the field, in Spanish; keeps nothing', async () => {
    const before = (await call(adminToken, 'GET', '/api/admin/promotions')).json().length;
    const cases: [object, string, RegExp][] = [
      [{ percentualDiscountValue: 150 }, 'percentualDiscountValue', /100 %/],
      [{ endDateUtc: '2020-01-01T00:00:00Z' }, 'endDateUtc', /posterior a la de inicio/],
      [{ idsSalesChannel: ['987654'] }, 'idsSalesChannel', /canal de venta 987654/],
      [{ nominalDiscountValue: 500 }, 'nominalDiscountValue', /porcentual o nominal/],
      [
        {
          type: 'forThePriceOf',
          percentualDiscountValue: 100,
          minimumQuantityBuyTogether: 3,
          quantityToAffectBuyTogether: 3,
        },
        'quantityToAffectBuyTogether',
        /al menos 1 unidad/,
      ],
    ];
    for (const [extra, field, message] of cases) {
      const answer = await call(merchandiserToken, 'POST', '/api/admin/promotions', twentyOff(extra));
      expect(refusal(answer), field).toEqual([400, 'promotionNotPriceable']);
      expect(answer.json(), field).toMatchObject({ field, message: expect.stringMatching(message) });
    }
    expect((await call(adminToken, 'GET', '/api/admin/promotions')).json()).toHaveLength(before);
    expect(
      refusal(
        await call(merchandiserToken, 'PUT', '/api/admin/promotions/no-existe/active', { isActive: false }),
      ),
    ).toEqual([404, 'promotionNotFound']);
  });

  it('previews a sample cart under a draft for a merchandiser; an unknown SKU in the cart is refused', async () => {
    const price = indexedOffer(shop, unitSkuId, sc)!.price;
    const preview = await call(merchandiserToken, 'POST', '/api/admin/promotions/preview', {
      salesChannel: sc,
      items: [{ skuId: unitSkuId, quantity: 2 }],
      promotion: {
        ...twentyOff({ skus: [{ id: String(unitSkuId) }] }),
        name: 'Borrador',
        percentualDiscountValue: 50,
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().lines[0].promotionDiscount).toBe(Math.round((price * 2 * 0.5) / 100) * 100);
    const unknown = await call(merchandiserToken, 'POST', '/api/admin/promotions/preview', {
      salesChannel: sc,
      items: [{ skuId: 999_999_999, quantity: 1 }],
      promotion: twentyOff(),
    });
    expect(refusal(unknown)).toEqual([404, 'skuNotFound']);
  });
});

describe('popular searches (issue 30: what the search box offers, set by a merchandiser)', () => {
  const popular = async () =>
    (
      await shop.app.inject({ method: 'GET', url: '/api/search-suggestions-popular', headers: CART_HEADERS })
    ).json().topSearches as { term: string }[];

  it('replaces the list in its order, which the storefront offers at once, audited', async () => {
    const before = (await popular()).map((row) => row.term);
    const answer = await call(merchandiserToken, 'PUT', '/api/admin/catalog/popular-searches', {
      terms: ['  yogurt ', 'pan amasado', 'palta hass'],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().topSearches.map((row: { term: string }) => row.term)).toEqual([
      'yogurt',
      'pan amasado',
      'palta hass',
    ]);
    expect((await popular()).map((row) => row.term)).toEqual(['yogurt', 'pan amasado', 'palta hass']);
    const [entry] = await auditOf('popularSearches');
    expect(entry).toMatchObject({
      action: 'popularSearches.set',
      actor: { kind: 'staff', id: merchandiserId },
      before,
      after: ['yogurt', 'pan amasado', 'palta hass'],
    });
  });

  it('refuses an empty term, a term twice, more than 20 and an operator', async () => {
    const put = (token: string, terms: string[]) =>
      call(token, 'PUT', '/api/admin/catalog/popular-searches', { terms });
    expect(refusal(await put(merchandiserToken, ['leche', '  ']))).toEqual([400, 'invalidInput']);
    const twice = await put(merchandiserToken, ['Leche', 'leche']);
    expect(refusal(twice)).toEqual([400, 'invalidInput']);
    expect(twice.json().message).toContain('Cada búsqueda va una sola vez');
    const many = Array.from({ length: 21 }, (_, i) => `término ${i}`);
    expect(refusal(await put(merchandiserToken, many))).toEqual([400, 'invalidInput']);
    expect(refusal(await put(operatorToken, ['leche']))).toEqual([403, 'staffRoleForbidden']);
    expect((await popular()).map((row) => row.term)).toEqual(['yogurt', 'pan amasado', 'palta hass']);
  });
});
