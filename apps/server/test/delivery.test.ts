import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVERY_METHODS,
  DELIVERY_WINDOW_CAPACITY,
  PREPARATION_LEAD_MINUTES,
  type LngLat,
} from '@despensa/domain';
import { shippingSimulation, type OrderForm, type ShippingSimulation } from '@despensa/contracts';
import { createTestApp, type TestApp } from './support/app';
import { cartClient, holderCookie, sellableSkus } from './support/cart';
import { TEST_KEY } from './support/constants';
import { deliveryChoiceFor } from './support/delivery';
import { ADDRESS, accountsClient } from './support/accounts';
import { seedIfEmpty } from '../src/seed/seed';

/** Monday 2026-11-02, 12:00 in Santiago (UTC-3): stores open, past the 09:59:59 express cutoff. */
const NOW = new Date('2026-11-02T15:00:00Z');
/** Comuna points of cl-territorio (the offline geocoder puts an address there). */
const PROVIDENCIA: LngLat = [-70.61667, -33.43333];
const PEDRO_AGUIRRE_CERDA: LngLat = [-70.63333, -33.46667];
const ALHUE: LngLat = [-71.1, -34.03333];

let shop: TestApp;
let cart: ReturnType<typeof cartClient>;
let providencia: { sc: number; storeId: string };
beforeAll(async () => {
  shop = await createTestApp({ now: NOW });
  cart = cartClient(shop);
  const { rows } = await shop.database.pool.query(
    "SELECT sales_channel, id FROM store WHERE comuna_code = '13123'",
  );
  providencia = { sc: rows[0].sales_channel, storeId: rows[0].id };
});
afterAll(async () => {
  await shop?.close();
});

const get = (url: string) => shop.app.inject({ method: 'GET', url, headers: TEST_KEY });
const post = (url: string, payload: unknown) =>
  shop.app.inject({ method: 'POST', url, headers: TEST_KEY, payload: payload as object });
const at = ([lng, lat]: LngLat) => `lat=${lat}&lng=${lng}`;

function simulationBody(overrides: Record<string, unknown> = {}) {
  return {
    location: { zipCode: '', country: 'CL', point: PROVIDENCIA },
    saleschannel: providencia.sc,
    shippingMethod: DELIVERY_METHODS.homeDelivery.id,
    items: [] as { id: string; quantity: number; seller?: string }[],
    isCart: false,
    ...overrides,
  };
}
async function simulate(body: unknown, path = ''): Promise<ShippingSimulation> {
  const response = await post(`/api/shipping/simulation${path}`, body);
  expect(response.statusCode, response.body).toBe(200);
  // The route writes this JSON by hand (see simulationJson): it must still match the documented schema.
  return shippingSimulation.parse(response.json());
}

describe('sales channel by geolocation', () => {
  it('finds the store delivering to a covered point', async () => {
    const response = await get(`/api/sales-channel/geolocation?${at(PROVIDENCIA)}`);
    expect(response.statusCode).toBe(200);
    const { message, payload } = response.json();
    expect(message).toBe('success');
    expect(payload.coverageState).toBe('covered');
    expect(payload.store).toMatchObject({
      sc: providencia.sc,
      seller: '1',
      active: true,
      storeId: providencia.storeId,
    });
    expect(payload.store.coordinates).toHaveLength(2);
    expect(payload.distanceKm).toBeLessThan(2);
  });
  it('answers exclusionZone in Pedro Aguirre Cerda, inside the covered city', async () => {
    const { payload } = (await get(`/api/sales-channel/geolocation?${at(PEDRO_AGUIRRE_CERDA)}`)).json();
    expect(payload).toEqual({ coverageState: 'exclusionZone', store: null, distanceKm: null });
  });
  it('answers outOfCoverage far from every store', async () => {
    const { payload } = (await get(`/api/sales-channel/geolocation?${at(ALHUE)}`)).json();
    expect(payload.coverageState).toBe('outOfCoverage');
    expect(payload.store).toBeNull();
  });
  it('puts an address-book entry in Pedro Aguirre Cerda into the exclusion zone', async () => {
    const accounts = accountsClient(shop);
    const customer = await accounts.loggedIn();
    const created = await accounts.call('POST', '/api/user/address', {
      token: customer.token,
      payload: { ...ADDRESS, neighborhood: 'Pedro Aguirre Cerda', city: 'Pedro Aguirre Cerda' },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const point = created.json().geoCoordinates as LngLat;
    const { payload } = (await get(`/api/sales-channel/geolocation?${at(point)}`)).json();
    expect(payload.coverageState).toBe('exclusionZone');
  });
  it('answers the seller for a point', async () => {
    const { payload } = (await get(`/api/sales-channel/geolocation/seller?${at(PROVIDENCIA)}`)).json();
    expect(payload.store.seller).toBe('1');
  });
  it.each(['lat=abc&lng=-70.6', 'lat=-33.4', 'lat=-100&lng=-70.6', 'lat=-33.4&lng=200'])(
    'refuses bad coordinates (%s) with 400',
    async (query) => {
      for (const path of [
        '/api/sales-channel/geolocation',
        '/api/sales-channel/geolocation/seller',
        '/api/store/geolocation',
      ]) {
        const response = await get(`${path}?${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/^Campo inválido: querystring/);
      }
    },
  );
  it('hands out a uuid an order logs against', async () => {
    const response = await get(`/api/store/geolocation?${at(PROVIDENCIA)}`);
    const { uuid, payload } = response.json();
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.coverageState).toBe('covered');
    const logged = await post('/api/store/geolocation/log', { uuId: uuid, orderId: 'v123456-01' });
    expect(logged.statusCode).toBe(200);
    expect(logged.json()).toEqual({ message: 'success' });
    const { rows } = await shop.database.pool.query(
      'SELECT order_id FROM geolocation_lookup WHERE uuid = $1',
      [uuid],
    );
    expect(rows[0].order_id).toBe('v123456-01');
    expect((await post('/api/store/geolocation/log', { uuId: 'desconocido', orderId: 'x' })).statusCode).toBe(
      404,
    );
    expect((await post('/api/store/geolocation/log', { uuId: '', orderId: 'x' })).statusCode).toBe(400);
  });
  it('lists the pickup and Click al Auto stores', async () => {
    const response = await get('/api/sales-channel/geolocation/withdrawal');
    const { message, payload } = response.json();
    expect(message).toBe('success');
    expect(payload.stores.length).toBeGreaterThan(20);
    for (const store of payload.stores) expect(store.store || store.auto).toBe(true);
    expect(payload.stores.some((s: { auto: boolean }) => s.auto)).toBe(true);
  });
  it('answers the shipping policies of the four methods', async () => {
    const response = await post('/api/shipping-policies/', {});
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .payload.policies.map((p: { id: string; name: string; code: number }) => [p.id, p.name, p.code]),
    ).toEqual([
      ['seller-1-sla-DespachoaDomicilio', 'Despacho a Domicilio', 1],
      ['seller-1-sla-RetiroenTienda', 'Retiro en Tienda', 2],
      ['seller-1-sla-ClickalAuto', 'Click al Auto', 3],
      ['seller-1-sla-Express', 'Despacho Express', 4],
    ]);
  });
});

describe('seeded coverage', () => {
  it('covers every active store’s own point with its zone', async () => {
    const { rows } = await shop.database.pool.query('SELECT sales_channel, lat, lng FROM store WHERE active');
    for (const store of rows) {
      const { payload } = (await get(`/api/sales-channel/geolocation?${at([store.lng, store.lat])}`)).json();
      expect(payload.coverageState).toBe('covered');
      expect(payload.store.sc).toBe(store.sales_channel);
      expect(payload.distanceKm).toBe(0);
    }
  });
  it('documents the calls in OpenAPI', async () => {
    const { paths } = (await get('/api/openapi.json')).json();
    for (const path of [
      '/api/sales-channel/geolocation',
      '/api/sales-channel/geolocation/withdrawal',
      '/api/sales-channel/geolocation/seller',
      '/api/store/geolocation',
      '/api/store/geolocation/log',
      '/api/shipping/simulation',
      '/api/shipping/simulation/delivery',
      '/api/shipping/simulation/deliveryAll',
      '/api/shipping-policies/',
      '/api/orderform/{id}/shipping',
    ]) {
      expect(paths, path).toHaveProperty([path]);
    }
  });
});

describe('shipping simulation', () => {
  it('offers two-hour windows with capacity for home delivery', async () => {
    const result = await simulate(simulationBody({ items: [{ id: await skuId(0), quantity: 2 }] }));
    expect(result).toMatchObject({
      coverageState: 'covered',
      shippingMethod: 'Despacho a Domicilio',
      message: null,
    });
    const [entry] = result.logisticsInfo;
    const sla = entry!.slas[0]!;
    expect(sla).toMatchObject({
      id: DELIVERY_METHODS.homeDelivery.id,
      deliveryChannel: 'delivery',
      deliveryWindow: null,
    });
    expect(entry!.deliveryChannels).toEqual([{ id: 'delivery' }]);
    expect(sla.availableDeliveryWindows.length).toBeGreaterThan(30);
    for (const window of sla.availableDeliveryWindows) {
      expect(Date.parse(window.endDateUtc) - Date.parse(window.startDateUtc)).toBe(2 * 3600_000);
      expect(Date.parse(window.startDateUtc)).toBeGreaterThan(NOW.getTime());
      expect(window.capacity).toBe(DELIVERY_WINDOW_CAPACITY);
    }
  });
  it('lists the windows once, on the first deliverable item', async () => {
    const result = await simulate(
      simulationBody({
        items: [
          { id: await skuId(0), quantity: 1 },
          { id: await skuId(1), quantity: 1 },
        ],
      }),
    );
    const [first, second] = result.logisticsInfo;
    expect(first!.slas[0]!.availableDeliveryWindows.length).toBeGreaterThan(0);
    expect(second!.slas[0]).toEqual({ ...first!.slas[0], availableDeliveryWindows: [] });
  });
  it('is the same on /delivery', async () => {
    const result = await simulate(simulationBody(), '/delivery');
    expect(result.shippingMethod).toBe('Despacho a Domicilio');
  });
  it('estimates express by the §9 table and shows its price', async () => {
    // Providencia stores delivery_time 90: 31 items add 20 minutes.
    const result = await simulate(
      simulationBody({
        shippingMethod: DELIVERY_METHODS.express.id,
        items: [{ id: await skuId(0), quantity: 31 }],
      }),
    );
    expect(result.shippingMethod).toBe('Despacho Express');
    expect(result.express).toMatchObject({ available: true, estimateMinutes: 110 });
    const sla = result.logisticsInfo[0]!.slas[0]!;
    expect(sla).toMatchObject({
      id: DELIVERY_METHODS.express.id,
      estimateMinutes: 110,
      shippingEstimate: '110m',
    });
    expect(sla.price).toBeGreaterThan(0);
  });
  it("retries an unavailable express as 'Despacho Especial'", async () => {
    const result = await simulate(
      simulationBody({
        shippingMethod: DELIVERY_METHODS.express.id,
        items: [{ id: await skuId(0), quantity: 181 }],
      }),
    );
    expect(result.shippingMethod).toBe('Despacho Especial');
    expect(result.express).toMatchObject({
      available: false,
      reason: 'tooManyItems',
      estimateMinutes: 90 + 120,
    });
    expect(result.logisticsInfo[0]!.slas[0]).toMatchObject({
      name: 'Despacho Especial',
      id: DELIVERY_METHODS.homeDelivery.id,
    });
  });
  it('answers outOfCoverage and exclusionZone without slas', async () => {
    const far = await simulate(
      simulationBody({ location: { point: ALHUE }, items: [{ id: await skuId(0), quantity: 1 }] }),
    );
    expect(far).toMatchObject({ coverageState: 'outOfCoverage', message: 'outOfCoverage' });
    expect(far.logisticsInfo[0]!.slas).toEqual([]);
    const excluded = await simulate(simulationBody({ location: { point: PEDRO_AGUIRRE_CERDA } }));
    expect(excluded).toMatchObject({ coverageState: 'exclusionZone', message: 'outOfCoverage' });
  });
  it('offers pickup at the chosen store, and no schedules where the store lacks the method', async () => {
    const pickup = await simulate(
      simulationBody({
        shippingMethod: DELIVERY_METHODS.storePickup.id,
        location: { point: ALHUE },
        items: [{ id: await skuId(0), quantity: 1 }],
      }),
    );
    expect(pickup.message).toBeNull();
    expect(pickup.logisticsInfo[0]!.slas[0]).toMatchObject({
      deliveryChannel: 'pickup-in-point',
      pickupStoreInfo: { storeId: providencia.storeId },
    });
    // Providencia offers no Click al Auto.
    const car = await simulate(simulationBody({ shippingMethod: DELIVERY_METHODS.carPickup.id }));
    expect(car.message).toBe('noSchedules');
  });
  it('lists every method on /deliveryAll', async () => {
    const result = await simulate(
      simulationBody({ items: [{ id: await skuId(0), quantity: 1 }] }),
      '/deliveryAll',
    );
    expect(result.logisticsInfo[0]!.slas.map((s) => s.id)).toEqual([
      DELIVERY_METHODS.homeDelivery.id,
      DELIVERY_METHODS.express.id,
      DELIVERY_METHODS.storePickup.id,
    ]);
    expect(result.logisticsInfo[0]!.deliveryChannels).toEqual([
      { id: 'delivery' },
      { id: 'pickup-in-point' },
    ]);
  });
  it('simulates the cart from 1000000 cents on, and the default items below (§9)', async () => {
    const skus = await sellableSkus(shop, { salesChannel: providencia.sc, limit: 5 });
    const cheap = [{ id: String(skus[0]!.id), quantity: 1 }];
    expect(skus[0]!.price).toBeLessThan(1_000_000);
    const small = await simulate(simulationBody({ items: cheap, isCart: true }));
    expect(small.itemsSource).toBe('default');
    const units = Math.ceil(1_000_000 / skus[0]!.price);
    const big = await simulate(
      simulationBody({ items: [{ id: cheap[0]!.id, quantity: units }], isCart: true }),
    );
    expect(big.itemsSource).toBe('cart');
    expect(big.logisticsInfo.map((e) => e.itemId)).toEqual([cheap[0]!.id]);
    expect((await simulate(simulationBody({ items: cheap }))).itemsSource).toBe('request');
  });
  it('refuses bad bodies with 400', async () => {
    for (const body of [
      simulationBody({ shippingMethod: 'seller-1-sla-Dron' }),
      simulationBody({ location: { point: [-200, 0] } }),
      simulationBody({ items: [{ id: '1', quantity: 0 }] }),
      { saleschannel: 2 },
    ]) {
      const response = await post('/api/shipping/simulation', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/^Campo inválido: body/);
    }
    const unknownStore = await post(
      '/api/shipping/simulation',
      simulationBody({ saleschannel: 99999, shippingMethod: DELIVERY_METHODS.storePickup.id }),
    );
    expect(unknownStore.statusCode).toBe(200);
    expect(unknownStore.json().message).toBe('outOfCoverage');
  });
});

describe('delivery windows and the cart', () => {
  const attach = (
    id: string,
    body: unknown,
    sc = providencia.sc,
    headers: Record<string, string> = { 'x-account': 'despensa' },
  ) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/orderform/${id}/shipping?sc=${sc}`,
      // As the client that created the cart: it holds it by its cookie.
      headers: { ...TEST_KEY, cookie: holderCookie(id), ...headers },
      payload: body as object,
    });
  const firstWindows = async () =>
    (await simulate(simulationBody({ items: [{ id: await skuId(0), quantity: 1 }] }))).logisticsInfo[0]!
      .slas[0]!.availableDeliveryWindows;
  const windowOf = (w: { startDateUtc: string; endDateUtc: string }) => ({
    startDateUtc: w.startDateUtc,
    endDateUtc: w.endDateUtc,
  });

  it('attaches address, sla and window to the orderForm (§3 logistics entries)', async () => {
    const form = await cart.create(
      { items: [{ id: await skuId(1), quantity: 1, seller: '1' }] },
      `?sc=${providencia.sc}`,
    );
    const [window] = await firstWindows();
    const address = {
      addressType: 'residential',
      street: 'Av. Providencia',
      number: '1234',
      geoCoordinates: PROVIDENCIA,
    };
    const response = await attach(form.orderFormId, {
      address,
      availableAddresses: [address],
      selectedAddresses: [address],
      logisticsInfo: [
        { itemIndex: 0, selectedSla: DELIVERY_METHODS.homeDelivery.id, deliveryWindow: windowOf(window!) },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const attached: OrderForm = response.json();
    expect(attached.salesChannel).toBe(String(providencia.sc));
    expect(attached.shippingData.address).toMatchObject({ street: 'Av. Providencia' });
    const entry = attached.shippingData.logisticsInfo[0]!;
    expect(entry.selectedSla).toBe(DELIVERY_METHODS.homeDelivery.id);
    expect(entry.deliveryChannels).toEqual([{ id: 'delivery' }]);
    expect(entry.slas[0]).toMatchObject({
      id: DELIVERY_METHODS.homeDelivery.id,
      deliveryWindow: { ...windowOf(window!), remaining: DELIVERY_WINDOW_CAPACITY - 1 },
    });
    // The cart keeps it.
    expect((await cart.get(form.orderFormId)).shippingData.logisticsInfo[0]!.slas).toEqual(entry.slas);
  });
  it('extends windows daily and drops those ended more than 30 days ago', async () => {
    const old = new Date(NOW.getTime() - 31 * 24 * 3600_000);
    const recent = new Date(NOW.getTime() - 29 * 24 * 3600_000);
    for (const start of [old, recent]) {
      await shop.database.pool.query(
        "INSERT INTO delivery_window (store_id, starts_at, ends_at, capacity) VALUES ($1, $2, $2::timestamptz + interval '2 hours', 8)",
        [providencia.storeId, start],
      );
    }
    // A reload forgets the day windows were last extended on, as a new day does.
    await shop.services.delivery.reload();
    await simulate(simulationBody());
    const { rows } = await shop.database.pool.query(
      'SELECT starts_at FROM delivery_window WHERE store_id = $1 AND starts_at < $2 ORDER BY starts_at',
      [providencia.storeId, NOW],
    );
    expect(rows.map((r: { starts_at: Date }) => r.starts_at.toISOString())).toEqual([recent.toISOString()]);
  });
  it('refuses bad attachments', async () => {
    const form = await cart.create();
    expect((await attach(form.orderFormId, {}, 99999)).json()).toMatchObject({ code: 'storeNotFound' });
    expect((await attach('0'.repeat(32), {})).statusCode).toBe(404);
    expect((await attach(form.orderFormId, {}, providencia.sc, {})).json().message).toBe(
      'Falta la cabecera x-account',
    );
    expect(
      (await attach(form.orderFormId, { logisticsInfo: [{ itemIndex: 0, selectedSla: 'x' }] })).statusCode,
    ).toBe(400);
    const missing = await attach(form.orderFormId, {
      logisticsInfo: [
        {
          itemIndex: 0,
          selectedSla: DELIVERY_METHODS.homeDelivery.id,
          deliveryWindow: { startDateUtc: '2020-01-01T00:00:00Z', endDateUtc: '2020-01-01T02:00:00Z' },
        },
      ],
    });
    expect(missing.json()).toMatchObject({ code: 'windowNotOffered' });
    const garbage = await attach(form.orderFormId, {
      logisticsInfo: [
        {
          itemIndex: 0,
          selectedSla: DELIVERY_METHODS.homeDelivery.id,
          deliveryWindow: { startDateUtc: 'mañana', endDateUtc: 'tarde' },
        },
      ],
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ code: 'invalidWindow' });
  });
  it('offers and holds only windows its mode can still prepare (issue #17 lead time)', async () => {
    // A window starting 30 minutes from now: too soon for home delivery (120 min) and pickup (60 min).
    const soon = new Date(NOW.getTime() + 30 * 60_000);
    await shop.database.pool.query(
      "INSERT INTO delivery_window (store_id, starts_at, ends_at, capacity) VALUES ($1, $2, $2::timestamptz + interval '2 hours', 8)",
      [providencia.storeId, soon],
    );
    const windows = await firstWindows();
    expect(windows.length).toBeGreaterThan(0);
    for (const window of windows) {
      expect(Date.parse(window.startDateUtc) - NOW.getTime()).toBeGreaterThanOrEqual(
        PREPARATION_LEAD_MINUTES.homeDelivery * 60_000,
      );
    }
    const form = await cart.create(
      { items: [{ id: await skuId(1), quantity: 1, seller: '1' }] },
      `?sc=${providencia.sc}`,
    );
    const tooSoon = await attach(form.orderFormId, {
      logisticsInfo: [
        {
          itemIndex: 0,
          selectedSla: DELIVERY_METHODS.homeDelivery.id,
          deliveryWindow: {
            startDateUtc: soon.toISOString(),
            endDateUtc: new Date(soon.getTime() + 2 * 3600_000).toISOString(),
          },
        },
      ],
    });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toMatchObject({ code: 'windowNotOffered' });
    await shop.database.pool.query('DELETE FROM delivery_window WHERE store_id = $1 AND starts_at = $2', [
      providencia.storeId,
      soon,
    ]);
  });
  it('never oversells a window under 50 concurrent reservations', async () => {
    const windows = await firstWindows();
    const target = windowOf(windows[windows.length - 1]!);
    const carts = await Promise.all(Array.from({ length: 50 }, () => cart.create()));
    const responses = await Promise.all(
      carts.map((form) =>
        attach(form.orderFormId, {
          logisticsInfo: [
            { itemIndex: 0, selectedSla: DELIVERY_METHODS.homeDelivery.id, deliveryWindow: target },
          ],
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(DELIVERY_WINDOW_CAPACITY);
    // The rest are told the window is full. On a starved CPU (the API suite runs at nice 10 beside the
    // journeys) part of the burst waits for a pooled connection past its 5 s and is told 503 instead, by
    // design (db/timeouts.ts): a busy database answers fast, and nothing is held for those carts.
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(50 - DELIVERY_WINDOW_CAPACITY);
    for (const response of refused)
      expect([
        [409, 'windowFull'],
        [503, 'serviceUnavailable'],
      ]).toContainEqual([response.statusCode, response.json().code]);
    expect(codes.filter((c) => c === 409).length).toBeGreaterThan(0);
    const { rows } = await shop.database.pool.query(
      'SELECT reserved, capacity, (SELECT count(*)::int FROM window_reservation r WHERE r.window_id = w.id) AS held FROM delivery_window w WHERE store_id = $1 AND starts_at = $2',
      [providencia.storeId, target.startDateUtc],
    );
    expect(rows[0]).toEqual({
      reserved: DELIVERY_WINDOW_CAPACITY,
      capacity: DELIVERY_WINDOW_CAPACITY,
      held: DELIVERY_WINDOW_CAPACITY,
    });
    const after = (await firstWindows()).find((w) => w.startDateUtc === target.startDateUtc)!;
    expect(after).toMatchObject({ full: true, remaining: 0 });
  });
  it('moves a cart’s reservation when it picks another window', async () => {
    const [a, b] = (await firstWindows()).slice(3, 5);
    const form = await cart.create();
    await shop.services.shipping.applyChoice(
      form.orderFormId,
      deliveryChoiceFor(providencia.sc, DELIVERY_METHODS.homeDelivery.id),
    );
    await shop.services.shipping.reserveWindow(form.orderFormId, windowOf(a!));
    await shop.services.shipping.reserveWindow(form.orderFormId, windowOf(a!));
    const moved = await shop.services.shipping.reserveWindow(form.orderFormId, windowOf(b!));
    expect(moved.salesChannel).toBe(String(providencia.sc));
    const now = await firstWindows();
    expect(now.find((w) => w.startDateUtc === a!.startDateUtc)!.remaining).toBe(a!.remaining);
    expect(now.find((w) => w.startDateUtc === b!.startDateUtc)!.remaining).toBe(b!.remaining - 1);
    // Switching to express gives the window back.
    await shop.services.shipping.applyChoice(
      form.orderFormId,
      deliveryChoiceFor(providencia.sc, DELIVERY_METHODS.express.id),
    );
    const released = await firstWindows();
    expect(released.find((w) => w.startDateUtc === b!.startDateUtc)!.remaining).toBe(b!.remaining);
  });
  it('re-prices the cart under a new channel and reports lost products without removing them', async () => {
    const { rows } = await shop.database.pool.query(
      `SELECT a.sku_id, b.sales_channel AS other FROM sku_offer a
         JOIN store s ON s.active AND s.sales_channel <> $1
         LEFT JOIN sku_offer b ON b.sku_id = a.sku_id AND b.sales_channel = s.sales_channel AND b.seller_id = '1'
        WHERE a.sales_channel = $1 AND a.seller_id = '1' AND a.available_quantity > 5 AND b.sku_id IS NULL
        ORDER BY a.sku_id, s.sales_channel LIMIT 1`,
      [providencia.sc],
    );
    const lostSku = String(rows[0].sku_id);
    const otherChannel = await shop.database.pool.query(
      'SELECT sales_channel FROM store WHERE active AND sales_channel <> $1 ORDER BY sales_channel',
      [providencia.sc],
    );
    const target = await storeWithout(
      lostSku,
      otherChannel.rows.map((r: { sales_channel: number }) => r.sales_channel),
    );
    const here = new Set((await sellableSkus(shop, { salesChannel: providencia.sc })).map((x) => x.id));
    const kept = String(
      (await sellableSkus(shop, { salesChannel: target })).find(
        (x) => here.has(x.id) && String(x.id) !== lostSku,
      )!.id,
    );
    const form = await cart.create(
      {
        items: [
          { id: lostSku, quantity: 2, seller: '1' },
          { id: kept, quantity: 1, seller: '1' },
        ],
      },
      `?sc=${providencia.sc}`,
    );
    expect(form.items.every((item) => item.availability === 'available')).toBe(true);
    const { orderForm, lostProducts } = await shop.services.shipping.applyChoice(
      form.orderFormId,
      deliveryChoiceFor(target, DELIVERY_METHODS.storePickup.id),
    );
    expect(orderForm.salesChannel).toBe(String(target));
    const lostLine = form.items.find((item) => item.id === lostSku)!;
    expect(lostProducts).toEqual([
      { id: lostSku, name: lostLine.name, imageUrl: lostLine.imageUrl, quantity: lostLine.quantity },
    ]);
    expect(orderForm.items).toHaveLength(2);
    expect(orderForm.shippingData.logisticsInfo[0]!.selectedSla).toBe(DELIVERY_METHODS.storePickup.id);
    expect(orderForm.shippingData.pickupPoints).toHaveLength(1);
    // Going back restores every item.
    const back = await shop.services.shipping.applyChoice(
      form.orderFormId,
      deliveryChoiceFor(providencia.sc, DELIVERY_METHODS.homeDelivery.id),
    );
    expect(back.lostProducts).toEqual([]);
    await expect(
      shop.services.shipping.applyChoice(form.orderFormId, deliveryChoiceFor(99999, null)),
    ).rejects.toMatchObject({ code: 'storeNotFound' });
  });

  it('says which prices the new channel changed: product, price before and now (issue #17)', async () => {
    // One sku the other store sells at another price, one it sells at the same price.
    const { rows } = await shop.database.pool.query(
      `SELECT a.sku_id, b.sales_channel AS other, a.price = b.price AS same FROM sku_offer a
         JOIN sku_offer b ON b.sku_id = a.sku_id AND b.seller_id = '1' AND b.sales_channel <> $1
         JOIN store s ON s.active AND s.sales_channel = b.sales_channel
         JOIN sku k ON k.id = a.sku_id AND k.measurement_unit <> 'kg'
        WHERE a.sales_channel = $1 AND a.seller_id = '1'
          AND a.available_quantity > 5 AND b.available_quantity > 5
        ORDER BY b.sales_channel, a.sku_id`,
      [providencia.sc],
    );
    type Row = { sku_id: number; other: number; same: boolean };
    const other = (rows as Row[]).find((row) => !row.same)!.other;
    const changed = String((rows as Row[]).find((row) => row.other === other && !row.same)!.sku_id);
    const kept = String((rows as Row[]).find((row) => row.other === other && row.same)!.sku_id);
    const form = await cart.create(
      {
        items: [
          { id: changed, quantity: 1, seller: '1' },
          { id: kept, quantity: 2, seller: '1' },
        ],
      },
      `?sc=${providencia.sc}`,
    );
    const { orderForm, repricedProducts } = await shop.services.shipping.applyChoice(
      form.orderFormId,
      deliveryChoiceFor(other, DELIVERY_METHODS.storePickup.id),
    );
    const before = (id: string) => form.items.find((item) => item.id === id)!;
    const after = (id: string) => orderForm.items.find((item) => item.id === id)!;
    expect(after(changed).sellingPrice).not.toBe(before(changed).sellingPrice);
    const line = before(changed);
    expect(repricedProducts).toContainEqual({
      id: changed,
      name: line.name,
      imageUrl: line.imageUrl,
      oldPrice: line.sellingPrice,
      newPrice: after(changed).sellingPrice,
    });
    // Only lines whose price moved are told.
    for (const told of repricedProducts) expect(told.oldPrice).not.toBe(told.newPrice);
    expect(repricedProducts.some((told) => told.id === kept)).toBe(
      after(kept).sellingPrice !== before(kept).sellingPrice,
    );
    // Going back tells the way back.
    const back = await shop.services.shipping.applyChoice(
      form.orderFormId,
      deliveryChoiceFor(providencia.sc, DELIVERY_METHODS.homeDelivery.id),
    );
    expect(back.repricedProducts).toContainEqual(
      expect.objectContaining({
        id: changed,
        oldPrice: after(changed).sellingPrice,
        newPrice: line.sellingPrice,
      }),
    );
  });
});

async function storeWithout(sku: string, channels: number[]): Promise<number> {
  const { rows } = await shop.database.pool.query(
    "SELECT sales_channel FROM sku_offer WHERE sku_id = $1 AND seller_id = '1'",
    [Number(sku)],
  );
  const selling = new Set(rows.map((r: { sales_channel: number }) => r.sales_channel));
  return channels.find((sc) => !selling.has(sc))!;
}

const skuCache: string[] = [];
async function skuId(i: number): Promise<string> {
  if (skuCache.length === 0) {
    for (const s of await sellableSkus(shop, { salesChannel: providencia.sc, limit: 10 }))
      skuCache.push(String(s.id));
  }
  return skuCache[i]!;
}

describe('zones change', () => {
  it('reloads on any write to the zones, and a shop seeded before zones existed gets them on start', async () => {
    const count = async () =>
      (await shop.database.pool.query('SELECT count(*)::int AS n FROM coverage_zone')).rows[0].n as number;
    const state = async () =>
      (await get(`/api/sales-channel/geolocation?${at(PEDRO_AGUIRRE_CERDA)}`)).json().payload.coverageState;
    const seeded = await count();
    await shop.database.pool.query('DELETE FROM coverage_zone');
    // Every instance LISTENs for shipping_changed and reloads its in-memory zones.
    await expect.poll(state, { timeout: 5000 }).toBe('outOfCoverage');
    expect(await seedIfEmpty(shop.database, { products: 10 })).toBe(false);
    expect(await count()).toBe(seeded);
    await expect.poll(state, { timeout: 5000 }).toBe('exclusionZone');
  });
});
