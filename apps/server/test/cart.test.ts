import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOTALIZER_IDS, quoteShelf } from '@despensa/domain';
import { customerViewer, type OrderForm } from '@despensa/contracts';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS, cartClient, heldCartHeaders, sellableSkus } from './support/cart';
import { TEST_CART_KEY_SECRET, TEST_KEY, TEST_NOW } from './support/constants';
import { PROPAGATION_MS } from './support/eventually';

let shop: TestApp;
let cart: ReturnType<typeof cartClient>;
let skus: { id: number; cart_limit: number; price: number }[];
beforeAll(async () => {
  shop = await createTestApp();
  cart = cartClient(shop);
  skus = await sellableSkus(shop);
});
afterAll(async () => {
  await shop?.close();
});

const sku = (i: number) => String(skus[i]!.id);
const totalizer = (form: OrderForm, id: string) => form.totalizers.find((t) => t.id === id)!.value;
const units = (form: OrderForm) => form.items.reduce((sum, item) => sum + item.quantity, 0);

describe('creating and reading a cart', () => {
  it('needs the x-account header', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/orderForm',
      headers: TEST_KEY,
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Falta la cabecera x-account');
    const get = await shop.app.inject({
      method: 'GET',
      url: `/api/orderform/${'a'.repeat(32)}`,
      headers: TEST_KEY,
    });
    expect(get.json().message).toContain('x-account');
  });

  it('creates an empty orderForm in the VTEX shape', async () => {
    const form = await cart.create();
    expect(form.orderFormId).toMatch(/^[0-9a-f]{32}$/);
    expect(form.items).toEqual([]);
    expect(form.value).toBe(0);
    expect(form.salesChannel).toBe('1');
    expect(form.totalizers.map((t) => t.id)).toEqual([...TOTALIZER_IDS]);
    expect(form.itemsOrdination).toEqual({ criteria: 'add_time', ascending: false });
    expect(form.storePreferencesData).toMatchObject({ currencyCode: 'CLP', countryCode: 'CHL' });
    expect(form.clientPreferencesData.locale).toBe('es-CL');
    expect(form.shippingData.logisticsInfo).toEqual([]);
    expect(form.marketingData.coupon).toBeNull();
    const again = await cart.get(form.orderFormId);
    expect(again.orderFormId).toBe(form.orderFormId);
    const noBody = await shop.app.inject({
      method: 'POST',
      url: '/api/orderForm?sc=1',
      headers: CART_HEADERS,
    });
    expect(noBody.statusCode, noBody.body).toBe(200);
  });

  it('creates a cart with items, postal code and a delivery method', async () => {
    const form = await cart.create({
      postalCode: '8320000',
      country: 'CHL',
      selectedSla: 'seller-1-sla-RetiroenTienda',
      items: [{ id: sku(0), quantity: 2, seller: '1' }],
    });
    expect(form.items).toHaveLength(1);
    expect(form.items[0]!.quantity).toBe(2);
    expect(form.shippingData.postalCode).toBe('8320000');
    expect(form.shippingData.logisticsInfo[0]).toMatchObject({
      selectedSla: 'seller-1-sla-RetiroenTienda',
      selectedDeliveryChannel: 'pickup-in-point',
    });
    const bad = await cart.call('POST', '/api/orderForm', { selectedSla: 'seller-1-sla-Dron' });
    expect(bad.statusCode).toBe(400);
  });

  it('gives 404 for ids of 15 characters or less, and for unknown ids', async () => {
    for (const id of ['abc', '123456789012345', 'f'.repeat(32)]) {
      const response = await cart.call('GET', `/api/orderform/${id}`);
      expect(response.statusCode, id).toBe(404);
      const patch = await cart.call('PATCH', `/api/orderform/${id}/items`, {
        orderItems: [{ id: sku(0), quantity: 1 }],
      });
      expect(patch.statusCode, id).toBe(404);
    }
  });

  it('survives a new app on the same database', async () => {
    const form = await cart.create({ items: [{ id: sku(1), quantity: 3 }] });
    const other = await anotherInstance();
    try {
      const response = await other.app.inject({
        method: 'GET',
        url: `/api/orderform/${form.orderFormId}`,
        headers: heldCartHeaders(`/api/orderform/${form.orderFormId}`),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      expect((response.json() as OrderForm).items.map((i) => [i.id, i.quantity])).toEqual([[sku(1), 3]]);
      // A change made through the other instance shows here at once: no instance serves a stale copy.
      expect((await cart.get(form.orderFormId)).items[0]!.quantity).toBe(3);
      await other.app.inject({
        method: 'PATCH',
        url: `/api/orderform/${form.orderFormId}/items`,
        headers: heldCartHeaders(`/api/orderform/${form.orderFormId}/items`),
        payload: { orderItems: [{ id: sku(1), quantity: 4 }] },
      });
      expect((await cart.get(form.orderFormId)).items[0]!.quantity).toBe(4);
    } finally {
      await other.close();
    }
  });

  it('answers every change with what a new instance renders from the database', async () => {
    // Lines a change leaves alone keep the price and the item rendered before (line memos): the answers
    // and the reads must still equal a render from scratch.
    const form = await cart.create({
      items: [
        { id: sku(0), quantity: 1 },
        { id: sku(1), quantity: 2 },
      ],
    });
    const url = `/api/orderform/${form.orderFormId}`;
    const read = async (app: TestApp['app']) =>
      (await app.inject({ method: 'GET', url, headers: heldCartHeaders(url) })).json() as OrderForm;
    for (const change of [
      [{ id: sku(2), quantity: 3 }],
      [{ id: sku(0), quantity: 5 }],
      [{ id: sku(1), quantity: 0 }],
      [
        { id: sku(3), quantity: 1 },
        { id: sku(0), quantity: 2 },
      ],
    ]) {
      const answered = await cart.patch(form.orderFormId, change);
      const other = await anotherInstance();
      try {
        const fresh = await read(other.app);
        expect(answered).toEqual(fresh);
        expect(await read(shop.app)).toEqual(fresh);
      } finally {
        await other.close();
      }
    }
  });
});

/** A second app on the test shop's database, as another instance behind the same load balancer. */
async function anotherInstance() {
  const config = loadConfig({
    API_KEYS: 'web:test-web-key',
    DATABASE_URL: shop.database.url,
    LOG_LEVEL: 'silent',
    CART_KEY_SECRET: TEST_CART_KEY_SECRET,
  });
  return buildApp({ config, database: shop.database, clock: () => TEST_NOW, logger: false, web: false });
}

describe('OpenAPI', () => {
  it('documents every §7 cart path', async () => {
    const paths = Object.keys(
      (await shop.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths,
    );
    for (const path of [
      '/api/orderForm',
      '/api/orderform/{id}',
      '/api/orderform/{id}/itemsOrdination',
      '/api/orderform/{id}/items',
      '/api/orderform/{id}/items/{seller}',
      '/api/orderform/{id}/items/removeAll',
      '/api/orderform/{id}/coupons',
      '/api/orderform/{id}/clientProfileData',
      '/api/orderform/{id}/customData/{appId}/{field}',
      '/api/order/info/{id}',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});

describe('changing items', () => {
  it('adds items priced from the catalogue with totals that add up', async () => {
    const { orderFormId } = await cart.create();
    const form = await cart.patch(orderFormId, [
      { id: sku(0), quantity: 2, seller: '1' },
      { id: sku(1), quantity: 1 },
    ]);
    expect(form.items).toHaveLength(2);
    const item = form.items.find((i) => i.id === sku(0))!;
    const product = (
      await shop.app.inject({
        method: 'GET',
        url: `/api/catalog/product/${item.productId}?sc=1`,
        headers: TEST_KEY,
      })
    ).json();
    const offer = product.items.find((i: { itemId: string }) => i.itemId === sku(0)).sellers[0]
      .commertialOffer;
    // The line's price is the offer before promotions; what one unit sells for is the offer's Price.
    expect(item.price).toBe(offer.PriceWithoutDiscount);
    expect(item.listPrice).toBe(offer.ListPrice);
    expect(item.sellingPrice).toBeLessThanOrEqual(item.price);
    expect(item.name).toContain(product.productName);
    expect(item.detailUrl).toBe(product.link);
    expect(item.additionalInfo.brandName).toBe(product.brand);
    expect(item.productCategoryIds).toBe(product.categoriesIds[0]);
    expect(item.availability).toBe('available');
    expect(item.maxItems).toBe(35);
    expect(Object.keys(item.paymentPrices)).toEqual(['Tcenco', 'CencoPay', 'BalanceCencoPay']);
    const lineTotals = form.items.reduce((sum, i) => sum + i.priceDefinition.total, 0);
    expect(form.value).toBe(lineTotals);
    expect(totalizer(form, 'Items') + totalizer(form, 'Discounts')).toBe(form.value);
    expect(form.value % 100).toBe(0);
  });

  it('updates the line of a sku already in the cart instead of adding a second one', async () => {
    const { orderFormId } = await cart.create();
    await cart.patch(orderFormId, [{ id: sku(2), quantity: 2 }]);
    const form = await cart.patch(orderFormId, [{ id: sku(2), quantity: 5 }]);
    expect(form.items.map((i) => [i.id, i.quantity])).toEqual([[sku(2), 5]]);
    const twice = await cart.patch(orderFormId, [
      { id: sku(3), quantity: 1 },
      { id: sku(3), quantity: 4 },
    ]);
    expect(twice.items.filter((i) => i.id === sku(3)).map((i) => i.quantity)).toEqual([4]);
  });

  it('changes and removes lines by index, and orders them by add time descending', async () => {
    const { orderFormId } = await cart.create();
    await cart.patch(orderFormId, [{ id: sku(0), quantity: 1 }]);
    await cart.patch(orderFormId, [{ id: sku(1), quantity: 1 }]);
    let form = await cart.patch(orderFormId, [{ id: sku(2), quantity: 1 }]);
    expect(form.items.map((i) => i.id)).toEqual([sku(2), sku(1), sku(0)]);
    form = await cart.patch(orderFormId, [
      { index: 0, quantity: 3 },
      { index: 1, quantity: 0 },
    ]);
    expect(form.items.map((i) => [i.id, i.quantity])).toEqual([
      [sku(2), 3],
      [sku(0), 1],
    ]);
    const missing = await cart.call('PATCH', `/api/orderform/${orderFormId}/items`, {
      orderItems: [{ index: 7, quantity: 1 }],
    });
    expect(missing.statusCode).toBe(400);
  });

  it('sorts by itemsOrdination: add time either way, or name', async () => {
    const { orderFormId } = await cart.create();
    for (const i of [0, 1, 2]) await cart.patch(orderFormId, [{ id: sku(i), quantity: 1 }]);
    const post = (body: unknown) =>
      cart.call('POST', `/api/orderform/${orderFormId}/itemsOrdination?sc=1`, body);
    let form: OrderForm = (await post({ criteria: 'add_time', ascending: true })).json();
    expect(form.items.map((i) => i.id)).toEqual([sku(0), sku(1), sku(2)]);
    form = (await post({ criteria: 'name', ascending: true })).json();
    const names = form.items.map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es-CL')));
    expect((await cart.get(orderFormId)).itemsOrdination).toEqual({ criteria: 'name', ascending: true });
    expect((await post({ criteria: 'price', ascending: true })).statusCode).toBe(400);
  });

  it('takes the seller from the path on /items/{seller}', async () => {
    const { orderFormId } = await cart.create();
    const response = await cart.call('PATCH', `/api/orderform/${orderFormId}/items/1?sc=1`, {
      orderItems: [{ id: sku(4), quantity: 1 }],
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as OrderForm).items[0]!.seller).toBe('1');
    const stranger = await cart.call('PATCH', `/api/orderform/${orderFormId}/items/99`, {
      orderItems: [{ id: sku(5), quantity: 1 }],
    });
    expect(stranger.statusCode).toBe(400);
  });

  it('removes everything with removeAll', async () => {
    const form = await cart.create({
      items: [
        { id: sku(0), quantity: 1 },
        { id: sku(1), quantity: 2 },
      ],
    });
    const response = await cart.call('POST', `/api/orderform/${form.orderFormId}/items/removeAll`);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as OrderForm).items).toEqual([]);
    expect((await cart.get(form.orderFormId)).value).toBe(0);
  });

  it('answers 400 with a message for unknown skus, skus not sold here and malformed bodies', async () => {
    const { orderFormId } = await cart.create();
    const url = `/api/orderform/${orderFormId}/items`;
    const unknown = await cart.call('PATCH', url, { orderItems: [{ id: '999999999', quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('El producto 999999999 no existe');
    for (const body of [
      {},
      { orderItems: [] },
      { orderItems: [{ id: sku(0) }] },
      { orderItems: [{ id: sku(0), quantity: -1 }] },
      { orderItems: [{ id: 'abc', quantity: 1 }] },
      { orderItems: 'todo' },
    ]) {
      const response = await cart.call('PATCH', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    const notJson = await shop.app.inject({
      method: 'PATCH',
      url,
      headers: { ...heldCartHeaders(url), 'content-type': 'application/json' },
      payload: '{"orderItems": [',
    });
    expect(notJson.statusCode).toBe(400);
    const { rows } = await shop.database.pool.query<{ sku_id: number; sales_channel: number }>(
      `SELECT s.id AS sku_id, c.sales_channel FROM sku s
         CROSS JOIN (SELECT DISTINCT sales_channel FROM sku_offer WHERE sales_channel <> 1) c
        WHERE NOT EXISTS (SELECT 1 FROM sku_offer o WHERE o.sku_id = s.id AND o.sales_channel = c.sales_channel)
        LIMIT 1`,
    );
    const notSold = await cart.call('PATCH', `${url}?sc=${rows[0]!.sales_channel}`, {
      orderItems: [{ id: String(rows[0]!.sku_id), quantity: 1 }],
    });
    expect(notSold.statusCode).toBe(400);
    expect(notSold.json().message).toContain('no se vende en este canal');
  });
});

describe('limits (§5, §9)', () => {
  it('caps a line at 35 units and says so', async () => {
    const { orderFormId } = await cart.create();
    const form = await cart.patch(orderFormId, [{ id: sku(0), quantity: 40 }]);
    expect(form.items[0]!.quantity).toBe(35);
    expect(form.messages).toContainEqual(
      expect.objectContaining({
        code: 'maxQuantity',
        text: 'Puedes agregar hasta 35 unidades de este producto',
      }),
    );
  });

  it('never sells more than the offer has in stock, and says how many are left', async () => {
    const { rows } = await shop.database.pool.query<{ id: number; available_quantity: number }>(
      `SELECT s.id, o.available_quantity FROM sku s
         JOIN sku_offer o ON o.sku_id = s.id AND o.seller_id = '1' AND o.sales_channel = 1
        WHERE o.available_quantity BETWEEN 2 AND 30 AND o.list_price > 0 AND s.measurement_unit <> 'kg'
          AND s.cart_limit >= 35
        ORDER BY s.id LIMIT 1`,
    );
    const scarce = rows[0]!;
    const { orderFormId } = await cart.create();
    const form = await cart.patch(orderFormId, [{ id: String(scarce.id), quantity: 35 }]);
    expect(form.items[0]!.quantity).toBe(scarce.available_quantity);
    expect(form.items[0]!.maxItems).toBe(scarce.available_quantity);
    expect(form.messages).toContainEqual(
      expect.objectContaining({
        code: 'stock',
        text: `Solo quedan ${scarce.available_quantity} unidades de este producto`,
      }),
    );
  });

  it("caps a line at the sku's own cart_limit", async () => {
    const [limited] = await sellableSkus(shop, { ownLimit: true, limit: 1 });
    const { orderFormId } = await cart.create();
    const form = await cart.patch(orderFormId, [{ id: String(limited!.id), quantity: 35 }]);
    expect(form.items[0]!.quantity).toBe(limited!.cart_limit);
    expect(form.items[0]!.maxItems).toBe(limited!.cart_limit);
    expect(form.messages[0]).toMatchObject({
      code: 'cartLimit',
      text: `Este producto tiene un máximo de ${limited!.cart_limit} unidades por compra`,
    });
  });

  it('holds at most 300 products (weighed lines count one each), 180 with express', async () => {
    const { orderFormId } = await cart.create();
    const nine = Array.from({ length: 9 }, (_, i) => ({ id: sku(i), quantity: 35 }));
    let form = await cart.patch(orderFormId, nine);
    expect(units(form)).toBe(300);
    expect(form.items.find((i) => i.id === sku(8))!.quantity).toBe(20);
    expect(form.messages).toContainEqual(
      expect.objectContaining({ code: 'cartMaxItems', text: 'Tu carro puede tener hasta 300 productos' }),
    );
    form = await cart.patch(orderFormId, [{ id: sku(9), quantity: 1 }]);
    expect(form.items.some((i) => i.id === sku(9))).toBe(false);
    const [weighed] = await sellableSkus(shop, { weighed: true, limit: 1 });
    form = await cart.patch(orderFormId, [
      { id: sku(0), quantity: 30 },
      { id: String(weighed!.id), quantity: 4 },
    ]);
    const kilos = form.items.find((i) => i.id === String(weighed!.id))!;
    expect(kilos.quantity).toBe(4);
    expect(kilos.measurementUnit).toBe('kg');
    // Steps of unitMultiplier kg at the kilo price, rounded to whole pesos, before its discounts.
    const base = kilos.priceDefinition.total - kilos.priceTags.reduce((sum, tag) => sum + tag.value, 0);
    expect(base).toBe(Math.round((kilos.price * 4 * kilos.unitMultiplier) / 100) * 100);

    const express = await cart.create({ selectedSla: 'seller-1-sla-Express' });
    const expressForm = await cart.patch(
      express.orderFormId,
      Array.from({ length: 6 }, (_, i) => ({ id: sku(i), quantity: 35 })),
    );
    expect(units(expressForm)).toBe(180);
    expect(expressForm.messages).toContainEqual(
      expect.objectContaining({
        code: 'expressMaxItems',
        text: 'Los pedidos con Despacho Express pueden tener hasta 180 productos',
      }),
    );
  });
});

describe('coupons', () => {
  it('applies a valid coupon, explains invalid, expired and not-applicable ones, and removes with ""', async () => {
    // No dairy in the cart, so LACTEOS15 (Lácteos, category 1) has nothing to apply to.
    const { rows } = await shop.database.pool.query<{ id: number }>(
      `SELECT s.id FROM sku s JOIN product p ON p.id = s.product_id JOIN category leaf ON leaf.id = p.category_id
         JOIN category sub ON sub.id = leaf.parent_id
         JOIN sku_offer o ON o.sku_id = s.id AND o.sales_channel = 1 AND o.seller_id = '1' AND o.available_quantity > 5
        WHERE sub.parent_id <> 1 ORDER BY s.id LIMIT 1`,
    );
    const { orderFormId } = await cart.create({ items: [{ id: String(rows[0]!.id), quantity: 2 }] });
    const apply = async (text: string) =>
      (await cart.call('POST', `/api/orderform/${orderFormId}/coupons`, { text })).json() as OrderForm;
    const before = await cart.get(orderFormId);

    const invalid = await apply('NOEXISTE');
    expect(invalid.messages).toEqual([
      expect.objectContaining({ code: 'couponInvalid', text: 'El cupón NOEXISTE no es válido' }),
    ]);
    expect(invalid.marketingData.coupon).toBeNull();

    const expired = await apply('verano2024');
    expect(expired.messages[0]).toMatchObject({
      code: 'couponExpired',
      text: 'El cupón VERANO2024 está vencido',
    });
    expect(expired.marketingData.coupon).toBeNull();

    const notApplicable = await apply('LACTEOS15');
    expect(notApplicable.messages[0]).toMatchObject({
      code: 'couponNotApplicable',
      text: 'El cupón LACTEOS15 no aplica a los productos de tu carro',
    });

    const valid = await apply('BIENVENIDA10');
    expect(valid.messages[0]).toMatchObject({ code: 'couponApplied', text: 'Cupón BIENVENIDA10 aplicado' });
    expect(valid.marketingData.coupon).toBe('BIENVENIDA10');
    expect(totalizer(valid, 'Discounts')).toBeLessThan(totalizer(before, 'Discounts'));
    expect(valid.value).toBeLessThan(before.value);
    expect(valid.items[0]!.priceTags.map((t) => t.identifier)).toContain('coupon-BIENVENIDA10');
    expect((await cart.get(orderFormId)).marketingData.coupon).toBe('BIENVENIDA10');

    const removed = await apply('');
    expect(removed.marketingData.coupon).toBeNull();
    expect(removed.value).toBe(before.value);
  });

  it('shows a coupon changed in the database on the next read of a cart that uses it (no stale cache)', async () => {
    const [item] = await sellableSkus(shop, { limit: 1 });
    const { rows } = await shop.database.pool.query<{ promotion: Record<string, unknown> }>(
      `SELECT promotion FROM coupon WHERE code = 'BIENVENIDA10'`,
    );
    const promotion = { ...rows[0]!.promotion, id: 'coupon-PRUEBA', name: 'Cupón PRUEBA', value: 10 };
    await shop.database.pool.query(`INSERT INTO coupon (code, promotion) VALUES ('PRUEBA', $1)`, [promotion]);
    const { orderFormId } = await cart.create({ items: [{ id: String(item!.id), quantity: 1 }] });
    await cart.call('POST', `/api/orderform/${orderFormId}/coupons`, { text: 'PRUEBA' });
    const tagOf = (form: OrderForm) =>
      form.items[0]!.priceTags.find((tag) => tag.identifier === 'coupon-PRUEBA')?.value;
    const tenPercent = tagOf(await cart.get(orderFormId));
    expect(tenPercent).toBeLessThan(0);
    // Read twice so the rendered cart is cached, then change the coupon behind the cart's back.
    expect(tagOf(await cart.get(orderFormId))).toBe(tenPercent);
    await shop.database.pool.query(`UPDATE coupon SET promotion = $1 WHERE code = 'PRUEBA'`, [
      { ...promotion, value: 20 },
    ]);
    // The change notification reaches the server asynchronously, as it does another instance.
    await vi.waitFor(async () => expect(tagOf(await cart.get(orderFormId))).toBe(tenPercent! * 2), {
      timeout: PROPAGATION_MS,
    });
  });
});

describe('sales channels and payment prices', () => {
  it('prices the same sku as the catalogue does in channel 1 and in a store channel', async () => {
    const { rows } = await shop.database.pool.query<{ sku_id: number; a: number; b: number; sc: number }>(
      `SELECT o1.sku_id, o1.price AS a, o2.price AS b, o2.sales_channel AS sc
         FROM sku_offer o1 JOIN sku_offer o2 ON o2.sku_id = o1.sku_id AND o2.seller_id = '1' AND o2.sales_channel <> 1
        WHERE o1.sales_channel = 1 AND o1.seller_id = '1' AND o1.price <> o2.price
          AND o1.available_quantity > 0 AND o2.available_quantity > 0 LIMIT 1`,
    );
    const row = rows[0]!;
    const online = await cart.create();
    const store = await cart.create();
    const inOnline = await cart.patch(online.orderFormId, [{ id: String(row.sku_id), quantity: 1 }], '?sc=1');
    const inStore = await cart.patch(
      store.orderFormId,
      [{ id: String(row.sku_id), quantity: 1 }],
      `?sc=${row.sc}`,
    );
    expect(inOnline.items[0]!.price).toBe(row.a);
    expect(inStore.items[0]!.price).toBe(row.b);
    expect(inStore.salesChannel).toBe(String(row.sc));
    // The cart remembers its channel.
    expect((await cart.get(store.orderFormId)).items[0]!.price).toBe(row.b);
  });

  it('puts group-card promotions in the Tcenco totalizers only', async () => {
    const promotions = (
      await shop.database.pool.query<{
        data: { id: string; tcenco: boolean; inclusions: { categories: string[] } };
      }>(`SELECT data FROM promotion`)
    ).rows.map((r) => r.data);
    const cardOnly = promotions.find((p) => p.tcenco && p.inclusions.categories.length > 0)!;
    const { rows } = await shop.database.pool.query<{ id: number }>(
      `SELECT s.id FROM sku s JOIN product p ON p.id = s.product_id JOIN category leaf ON leaf.id = p.category_id
         LEFT JOIN category sub ON sub.id = leaf.parent_id
         JOIN sku_offer o ON o.sku_id = s.id AND o.sales_channel = 1 AND o.seller_id = '1' AND o.available_quantity > 5
        WHERE ARRAY[leaf.id::text, sub.id::text, sub.parent_id::text] && $1::text[] AND s.measurement_unit <> 'kg'
        LIMIT 1`,
      [cardOnly.inclusions.categories],
    );
    const form = await cart.create({ items: [{ id: String(rows[0]!.id), quantity: 4 }] });
    const item = form.items[0]!;
    expect(item.promotions).toContain(cardOnly.id);
    expect(item.priceTags.map((t) => t.identifier)).not.toContain(cardOnly.id);
    expect(item.paymentPrices.Tcenco.priceTags.map((t) => t.identifier)).toContain(cardOnly.id);
    expect(item.paymentPrices.Tcenco.total).toBeLessThan(item.priceDefinition.total);
    expect(item.paymentPrices.CencoPay.total).toBe(item.priceDefinition.total);
    expect(totalizer(form, 'DiscountsTcenco')).toBeLessThan(totalizer(form, 'Discounts'));
    expect(totalizer(form, 'DiscountsCencoPay')).toBe(totalizer(form, 'Discounts'));
    expect(totalizer(form, 'Tcenco')).toBe(totalizer(form, 'Items'));
  });
});

describe('client profile and custom data', () => {
  it('validates and stores the profile (RUT, e-mail, phone)', async () => {
    const { orderFormId } = await cart.create();
    const url = `/api/orderform/${orderFormId}/clientProfileData`;
    const ok = await cart.call('POST', url, {
      email: 'ana@example.cl',
      document: '123456785',
      phone: '+56912345678',
      firstName: 'Ana',
      lastName: 'Pérez',
    });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as OrderForm).clientProfileData).toMatchObject({
      email: 'ana@example.cl',
      document: '12.345.678-5',
      documentType: 'rut',
      phone: '+56912345678',
      firstName: 'Ana',
    });
    for (const [body, message] of [
      [{ email: 'ana@example.cl', document: '12.345.678-9' }, 'Rut inválido'],
      [{ email: 'josé@example.cl' }, 'Mail inválido'],
      [{ email: 'ana@example.cl', phone: '12' }, 'Teléfono inválido'],
    ] as const) {
      const response = await cart.call('POST', url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it("cleans and checks a profile phone by the account's §5 rule: a short phone counts too", async () => {
    const { orderFormId } = await cart.create();
    const url = `/api/orderform/${orderFormId}/clientProfileData`;
    const short = await cart.call('POST', url, { email: 'ana@example.cl', phone: '2 2345-6789' });
    expect(short.statusCode, short.body).toBe(200);
    expect((short.json() as OrderForm).clientProfileData?.phone).toBe('223456789');
    const eight = await cart.call('POST', url, { email: 'ana@example.cl', phone: '2345 6789' });
    expect(eight.statusCode, eight.body).toBe(200);
    expect((eight.json() as OrderForm).clientProfileData?.phone).toBe('23456789');
  });

  it('sets sourceApp and sets and deletes the shipping estimate', async () => {
    const { orderFormId } = await cart.create();
    const base = `/api/orderform/${orderFormId}/customData`;
    let response = await cart.call('PUT', `${base}/orderSource/sourceApp?sc=1`, { value: 'app' });
    expect(response.statusCode).toBe(200);
    response = await cart.call('PUT', `${base}/shippingData/shippingEstimate`, { value: '180' });
    expect((response.json() as OrderForm).customData.customApps).toEqual([
      { id: 'orderSource', major: 1, fields: { sourceApp: 'app' } },
      { id: 'shippingData', major: 1, fields: { shippingEstimate: '180' } },
    ]);
    response = await cart.call('DELETE', `${base}/shippingData/shippingEstimate`);
    expect((response.json() as OrderForm).customData.customApps).toEqual([
      { id: 'orderSource', major: 1, fields: { sourceApp: 'app' } },
    ]);
    expect((await cart.call('PUT', `${base}/otraApp/campo`, { value: 'x' })).statusCode).toBe(404);
  });
});

describe('concurrency', () => {
  it('loses no change when 50 PATCHes hit one cart at once', async () => {
    const changes = Array.from({ length: 50 }, (_, i) => ({
      id: sku(i % 25),
      quantity: 1 + Math.floor(i / 25),
    }));
    const concurrent = await cart.create();
    const responses = await Promise.all(
      changes.map((change) =>
        cart.call('PATCH', `/api/orderform/${concurrent.orderFormId}/items`, { orderItems: [change] }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    // Each sku is set twice (to 1, then 2): whatever the order, 25 lines exist.
    const result = await cart.get(concurrent.orderFormId);
    expect(result.items).toHaveLength(25);

    const distinct = Array.from({ length: 50 }, (_, i) => ({ id: sku(i), quantity: 1 }));
    const parallel = await cart.create();
    await Promise.all(
      distinct.map((change) =>
        cart.call('PATCH', `/api/orderform/${parallel.orderFormId}/items`, { orderItems: [change] }),
      ),
    );
    const sequential = await cart.create();
    for (const change of distinct) await cart.patch(sequential.orderFormId, [change]);
    const summary = (form: OrderForm) =>
      form.items
        .map((item) => [item.id, item.quantity])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const [a, b] = [await cart.get(parallel.orderFormId), await cart.get(sequential.orderFormId)];
    expect(a.items).toHaveLength(50);
    expect(summary(a)).toEqual(summary(b));
    expect(a.value).toBe(b.value);
  });

  it('loses no change when two instances change one cart at once', async () => {
    // Each instance applies changes on the state it last wrote; the other's writes make that state stale.
    const other = await buildApp({
      config: loadConfig({
        API_KEYS: 'web:test-web-key',
        DATABASE_URL: shop.database.url,
        LOG_LEVEL: 'silent',
        CART_KEY_SECRET: TEST_CART_KEY_SECRET,
      }),
      database: shop.database,
      clock: () => TEST_NOW,
      logger: false,
      web: false,
    });
    try {
      const form = await cart.create({ items: [{ id: sku(0), quantity: 1 }] });
      await other.app.inject({
        method: 'GET',
        url: `/api/orderform/${form.orderFormId}`,
        headers: heldCartHeaders(`/api/orderform/${form.orderFormId}`),
      });
      await Promise.all(
        Array.from({ length: 30 }, (_, i) => {
          const request = {
            method: 'PATCH' as const,
            url: `/api/orderform/${form.orderFormId}/items`,
            headers: heldCartHeaders(`/api/orderform/${form.orderFormId}/items`),
            payload: { orderItems: [{ id: sku(i + 1), quantity: 1 + (i % 3) }] },
          };
          return (i % 2 === 0 ? shop : other).app.inject(request);
        }),
      );
      const expected = Array.from({ length: 30 }, (_, i) => [sku(i + 1), 1 + (i % 3)]).concat([[sku(0), 1]]);
      const byId = (a: (string | number)[], b: (string | number)[]) =>
        String(a[0]).localeCompare(String(b[0]));
      for (const app of [shop, other]) {
        const read = await app.app.inject({
          method: 'GET',
          url: `/api/orderform/${form.orderFormId}`,
          headers: heldCartHeaders(`/api/orderform/${form.orderFormId}`),
        });
        const items = (read.json() as OrderForm).items.map((item) => [item.id, item.quantity]);
        expect(items.sort(byId)).toEqual(expected.sort(byId));
      }
      // Both keep changing it after the race, each from a state it must notice is stale.
      await cart.patch(form.orderFormId, [{ id: sku(0), quantity: 5 }]);
      const patched = await other.app.inject({
        method: 'PATCH',
        url: `/api/orderform/${form.orderFormId}/items`,
        headers: heldCartHeaders(`/api/orderform/${form.orderFormId}/items`),
        payload: { orderItems: [{ id: sku(1), quantity: 0 }] },
      });
      const final = patched.json() as OrderForm;
      expect(final.items).toHaveLength(30);
      expect(final.items.find((item) => item.id === sku(0))!.quantity).toBe(5);
    } finally {
      await other.close();
    }
  });
});

describe('product cards and the cart', () => {
  it("quote the cart's price: a card's price equals the cart line's, and every pack badge is applied", async () => {
    const catalog = shop.services.catalog;
    // What a card quotes (the web's summarizeProduct does the same): the catalogue's offer and promotions.
    const summaries = catalog.index.products
      .map((doc) => catalog.productById(String(doc.id), 1))
      .flatMap((product) => {
        const sku = product.items[0]!;
        const seller = sku.sellers[0];
        const data = product.SkuData[sku.itemId]!;
        if (!seller?.commertialOffer.IsAvailable || data.promotions.length === 0) return [];
        const offer = seller.commertialOffer;
        const quote = quoteShelf(
          {
            price: offer.PriceWithoutDiscount,
            listPrice: offer.ListPrice,
            unitMultiplier: sku.unitMultiplier,
          },
          data.promotions,
          data.cart_limit,
        );
        expect(quote.price, product.productName).toBe(offer.Price);
        const summary = {
          name: product.productName,
          skuId: sku.itemId,
          sellerId: seller.sellerId,
          ...quote,
        };
        return [{ product, summary, shelf: offer.PriceWithoutDiscount }];
      });
    // Promotions of one unit (folded into the card price) and packs (badge only) are both seeded.
    const folded = summaries.filter(({ summary, shelf }) => summary.price < shelf);
    const packs = summaries.filter(({ summary }) => summary.badges.some((badge) => /^\d+x\d+$/.test(badge)));
    expect(folded.length).toBeGreaterThan(0);
    expect(packs.length).toBeGreaterThan(0);
    for (const { product, summary } of [...folded.slice(0, 5), ...packs.slice(0, 5)]) {
      const form = await cart.create({
        items: [{ id: summary.skuId, quantity: 1, seller: summary.sellerId }],
      });
      expect(form.items[0]!.sellingPrice, summary.name).toBe(summary.price);
      const card = form.items[0]!.paymentPrices.Tcenco.sellingPrice;
      expect(summary.cardPrice, summary.name).toBe(card);
      const badge = summary.badges.find((each) => /^\d+x\d+$/.test(each));
      if (!badge) continue;
      // '3x2': with three in the cart, the promotion behind the badge makes one unit free.
      const [take, pay] = badge.split('x').map(Number) as [number, number];
      const promotion = product.SkuData[summary.skuId]!.promotions.find((each) => each.badge === badge)!;
      const shelf = product.items.find((sku) => sku.itemId === summary.skuId)!.sellers[0]!.commertialOffer;
      const packed = await cart.patch(form.orderFormId, [{ id: summary.skuId, quantity: take }]);
      const tag = packed.items[0]!.priceTags.find((each) => each.identifier === promotion.id);
      expect(tag?.value, summary.name).toBe(-shelf.PriceWithoutDiscount * (take - pay));
    }
  });
});

/** A viewer holding a cart (its cart cookie), logged in as `customerId` or not. */
const holding = (orderFormId: string, customerId: string | null = null) => ({
  customerId,
  heldOrderFormId: orderFormId,
});

describe('persistent cart (merge after login)', () => {
  it("adds the anonymous cart's lines to the customer's stored cart, within the limits", async () => {
    const service = shop.services.cart;
    const stored = await cart.create({
      items: [
        { id: sku(0), quantity: 2 },
        { id: sku(1), quantity: 30 },
      ],
    });
    await service.assignToUser(holding(stored.orderFormId, 'customer-merge'), stored.orderFormId);
    const anonymous = await cart.create({
      items: [
        { id: sku(1), quantity: 10 },
        { id: sku(2), quantity: 1 },
      ],
    });
    // The customer, logged in on the browser that built the anonymous cart: it holds it.
    const customer = holding(anonymous.orderFormId, 'customer-merge');
    await service.setOrderInfo(holding(anonymous.orderFormId), anonymous.orderFormId, {
      skuData: { [sku(2)]: { substituteType: 2, note: 'sin' } },
    });
    const merged = await service.mergeCarts(customer, stored.orderFormId, anonymous.orderFormId);
    expect(merged.orderFormId).toBe(stored.orderFormId);
    expect(merged.items.map((item) => [item.id, item.quantity]).sort()).toEqual(
      [
        [sku(0), 2],
        // 30 + 10 is capped at the §5 maximum quantity of 35, and the shopper is told.
        [sku(1), 35],
        [sku(2), 1],
      ].sort(),
    );
    expect(merged.messages.map((message) => message.fields)).toEqual([{ itemId: sku(1) }]);
    expect((await service.getOrderInfo(customer, stored.orderFormId)).skuData[sku(2)]).toEqual({
      substituteType: 2,
      note: 'sin',
    });
  });

  it('refuses carts of another customer', async () => {
    const service = shop.services.cart;
    const theirs = await cart.create({ items: [{ id: sku(0), quantity: 1 }] });
    await service.assignToUser(holding(theirs.orderFormId, 'customer-a'), theirs.orderFormId);
    const mine = await cart.create({ items: [{ id: sku(1), quantity: 1 }] });
    await service.assignToUser(holding(mine.orderFormId, 'customer-b'), mine.orderFormId);
    const b = customerViewer('customer-b');
    await expect(service.mergeCarts(b, mine.orderFormId, theirs.orderFormId)).rejects.toMatchObject({
      code: 'notOwner',
    });
    await expect(service.mergeCarts(b, theirs.orderFormId, mine.orderFormId)).rejects.toMatchObject({
      code: 'notOwner',
    });
    expect((await cart.get(mine.orderFormId)).items).toHaveLength(1);
  });
});
