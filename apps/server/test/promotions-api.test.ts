import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureCodeOf, type CatalogProduct } from '@despensa/contracts';
import { SEED_MERCHANDISER, SEED_OPERATOR_PASSWORD } from '../src/modules/operations/service';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS, cartClient, sellableSkus } from './support/cart';
import { deliveringChannel } from './support/checkout';
import { TEST_NOW } from './support/constants';
import { erpCall, indexedOffer, staffLogin } from './support/integration';
import { eventually } from './support/eventually';

const ADMIN = { email: 'administradora@despensa.cl', password: 'administradora-despensa' };
const DAY = 86_400_000;

let shop: TestApp;
let sc: number;
let storeId: string;
/**
 * Chain SKUs sold in `sc`: their offer price and what a shopper is shown for one unit today (the seed's
 * promotions may already take something off, so the promotions here are cumulative).
 */
let plain: { skuId: number; productId: number; price: number; shown: number }[];
let adminToken: string;
let merchandiserToken: string;
let operatorToken: string;
let promotionsKey: { appKey: string; appToken: string };
let pricesKey: { appKey: string; appToken: string };

type Key = { appKey: string; appToken: string } | null;
const erp = (key: Key, method: 'GET' | 'POST', url: string, payload?: object) =>
  erpCall(shop.app, key, method, url, payload);
const CALCULATOR = '/api/rnb/pvt/calculatorconfiguration';

function backOffice(token: string | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return shop.app.inject({
    method,
    url,
    headers: { ...CART_HEADERS, ...(token ? { 'x-staff-token': token } : {}) },
    ...(payload ? { payload } : {}),
  });
}

const auditOf = async (subject: string) =>
  (await backOffice(adminToken, 'GET', `/api/admin/audit-log?subject=${encodeURIComponent(subject)}`)).json();

/** A 20 % regular promotion on one SKU, live now, in VTEX's shape. */
function twentyOff(skuId: number, extra: object = {}) {
  return {
    name: '20% en un producto',
    beginDateUtc: new Date(TEST_NOW.getTime() - DAY).toISOString(),
    endDateUtc: new Date(TEST_NOW.getTime() + 7 * DAY).toISOString(),
    isActive: true,
    type: 'regular',
    percentualDiscountValue: 20,
    cumulative: true,
    skus: [{ id: String(skuId), name: 'sku' }],
    skusAreInclusive: true,
    idsSalesChannel: [String(sc)],
    ...extra,
  };
}

/** 20 % of a price in cents, in whole pesos as the engine rounds it. */
const twentyPercent = (cents: number) => Math.round((cents * 0.2) / 100) * 100;

/** What a shopper is shown for one unit of a SKU: the product page's price and the cart line's. */
async function shopperPrices(skuId: number, productId: number) {
  const page = await shop.app.inject({
    method: 'GET',
    url: `/api/catalog/product/${productId}?sc=${sc}`,
    headers: CART_HEADERS,
  });
  const product = page.json() as CatalogProduct & {
    items: { itemId: string; sellers: { sellerId: string; commertialOffer: { Price: number } }[] }[];
  };
  const item = product.items.find((each) => each.itemId === String(skuId))!;
  const card = item.sellers.find((seller) => seller.sellerId === '1')!.commertialOffer.Price;
  const form = await cartClient(shop).create(
    { items: [{ id: String(skuId), quantity: 1, seller: '1' }] },
    `?sc=${sc}`,
  );
  return { card, cart: form.items[0]!.sellingPrice };
}

/** The products a listing's price filter for exactly `price` keeps (it filters on the card's price). */
async function pricedAt(price: number): Promise<number[]> {
  const answer = await shop.app.inject({
    method: 'POST',
    url: `/api/search?sc=${sc}`,
    headers: CART_HEADERS,
    payload: { selectedFacets: [{ key: 'price', value: `${price}:${price + 1}` }] },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().products as { productId: string }[]).map((product) => Number(product.productId));
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
  promotionsKey = (
    await backOffice(adminToken, 'POST', '/api/admin/app-keys', { label: 'Promos', scopes: ['promotions'] })
  ).json();
  pricesKey = (
    await backOffice(adminToken, 'POST', '/api/admin/app-keys', { label: 'ERP', scopes: ['prices'] })
  ).json();
  const index = shop.services.catalog.index;
  plain = [];
  for (const { id } of await sellableSkus(shop, { salesChannel: sc, limit: 60 })) {
    const { product } = index.skusById.get(id)!;
    const offer = indexedOffer(shop, id, sc)!;
    const shown = await shopperPrices(id, product.id);
    if (shown.card === shown.cart)
      plain.push({ skuId: id, productId: product.id, price: offer.price, shown: shown.card });
    if (plain.length === 3) break;
  }
  expect(plain).toHaveLength(3);
});
afterAll(async () => {
  await shop?.close();
});

describe('who may call (app key with scope promotions)', () => {
  it('refuses no credentials (appKeyMissing) and a key without the scope (appKeyScopeForbidden)', async () => {
    const none = await erp(null, 'GET', '/api/rnb/pvt/benefits/calculatorconfiguration');
    expect([none.statusCode, failureCodeOf(none.json())]).toEqual([401, 'appKeyMissing']);
    for (const [method, url, body] of [
      ['POST', CALCULATOR, twentyOff(plain[0]!.skuId)],
      ['GET', `${CALCULATOR}/nada`, undefined],
      ['GET', '/api/rnb/pvt/benefits/calculatorconfiguration', undefined],
    ] as const) {
      const answer = await erp(pricesKey, method, url, body);
      expect([answer.statusCode, failureCodeOf(answer.json())], url).toEqual([403, 'appKeyScopeForbidden']);
    }
  });
});

describe('promotions the engine cannot price (promotionNotPriceable)', () => {
  it('refuses each with a Spanish reason, and keeps and audits nothing', async () => {
    const skuId = plain[0]!.skuId;
    const before = (await erp(promotionsKey, 'GET', '/api/rnb/pvt/benefits/calculatorconfiguration')).json();
    const drafts: [string, object][] = [
      ['percent over 100', twentyOff(skuId, { percentualDiscountValue: 150 })],
      ['nominal 0', twentyOff(skuId, { percentualDiscountValue: 0, nominalDiscountValue: 0 })],
      ['percent and nominal', twentyOff(skuId, { nominalDiscountValue: 500 })],
      [
        'pays as many as it takes',
        twentyOff(skuId, {
          type: 'forThePriceOf',
          percentualDiscountValue: 100,
          minimumQuantityBuyTogether: 3,
          quantityToAffectBuyTogether: 0,
        }),
      ],
      [
        'nothing left to pay',
        twentyOff(skuId, {
          type: 'forThePriceOf',
          percentualDiscountValue: 100,
          minimumQuantityBuyTogether: 3,
          quantityToAffectBuyTogether: 3,
        }),
      ],
      [
        'ends before it starts',
        twentyOff(skuId, { beginDateUtc: '2026-12-01T00:00:00Z', endDateUtc: '2026-11-01T00:00:00Z' }),
      ],
      ['unknown channel', twentyOff(skuId, { idsSalesChannel: ['987654'] })],
      ['a type the engine has no rule for', twentyOff(skuId, { type: 'combo' })],
      ['a payment other than the card', twentyOff(skuId, { paymentsMethods: [{ id: '2', name: 'Visa' }] })],
    ];
    for (const [why, draft] of drafts) {
      const answer = await erp(promotionsKey, 'POST', CALCULATOR, draft);
      expect([answer.statusCode, failureCodeOf(answer.json())], why).toEqual([400, 'promotionNotPriceable']);
      expect(answer.json().message, why).toMatch(/[a-záéíóúñ]/);
      expect(answer.json().message, why).not.toBe('El motor de precios no puede aplicar esta promoción.');
    }
    const after = (await erp(promotionsKey, 'GET', '/api/rnb/pvt/benefits/calculatorconfiguration')).json();
    expect(after.items).toHaveLength(before.items.length);
    const entries = (await backOffice(adminToken, 'GET', '/api/admin/audit-log?limit=200')).json();
    expect(entries.filter((entry: { action: string }) => entry.action.startsWith('promotion.'))).toEqual([]);
  });

  it('refuses replacing a promotion that does not exist (promotionNotFound)', async () => {
    const answer = await erp(promotionsKey, 'POST', CALCULATOR, {
      ...twentyOff(plain[0]!.skuId),
      idCalculatorConfiguration: 'no-existe',
    });
    expect([answer.statusCode, failureCodeOf(answer.json())]).toEqual([404, 'promotionNotFound']);
    const read = await erp(promotionsKey, 'GET', `${CALCULATOR}/no-existe`);
    expect([read.statusCode, failureCodeOf(read.json())]).toEqual([404, 'promotionNotFound']);
  });
});

describe('a promotion reaches shoppers', () => {
  it('creates a 20 % promotion on a SKU: audited, read back, listed, and the card and cart price drop', async () => {
    const { skuId, productId, price, shown } = plain[0]!;
    const builtAt = shop.services.catalog.index.builtAt;
    // The listing's prices are worked out before the promotion: it must change them in place.
    expect(await pricedAt(shown)).toContain(productId);
    const created = await erp(promotionsKey, 'POST', CALCULATOR, twentyOff(skuId));
    expect(created.statusCode, created.body).toBe(200);
    const promotion = created.json();
    expect(promotion).toMatchObject({
      name: '20% en un producto',
      type: 'regular',
      isActive: true,
      percentualDiscountValue: 20,
      skus: [{ id: String(skuId) }],
      skusAreInclusive: true,
      idsSalesChannel: [String(sc)],
    });
    const id = promotion.idCalculatorConfiguration as string;
    expect((await erp(promotionsKey, 'GET', `${CALCULATOR}/${id}`)).json()).toEqual(promotion);
    const list = (await erp(promotionsKey, 'GET', '/api/rnb/pvt/benefits/calculatorconfiguration')).json();
    expect(list.items).toContainEqual(
      expect.objectContaining({ idCalculatorConfiguration: id, isActive: true, type: 'regular' }),
    );
    const [entry] = await auditOf(`promotion:${id}`);
    expect(entry).toMatchObject({
      action: 'promotion.create',
      actor: { kind: 'appKey', id: promotionsKey.appKey },
      before: null,
      after: { idCalculatorConfiguration: id, percentualDiscountValue: 20 },
    });
    // 20 % of the offer price off what was shown, rounded to whole pesos (the index keeps cents).
    const discounted = shown - twentyPercent(price);
    await eventually(async () => (await shopperPrices(skuId, productId)).card === discounted);
    expect(await shopperPrices(skuId, productId)).toEqual({ card: discounted, cart: discounted });
    // Issue 33 goal 5: a promotion reprices the index in place; a rebuild costs a minute at 500,000 SKUs.
    expect(shop.services.catalog.index.builtAt, 'the index was rebuilt for one promotion').toBe(builtAt);
    expect(await pricedAt(discounted)).toContain(productId);
    expect(await pricedAt(shown)).not.toContain(productId);
  });

  it('pauses a promotion by replacing it (isActive false): the shelf price returns, audited before and after', async () => {
    const { skuId, productId, shown } = plain[1]!;
    const id = (await erp(promotionsKey, 'POST', CALCULATOR, twentyOff(skuId))).json()
      .idCalculatorConfiguration;
    await eventually(async () => (await shopperPrices(skuId, productId)).card < shown);
    expect(await pricedAt(shown)).not.toContain(productId);
    const paused = await erp(promotionsKey, 'POST', CALCULATOR, {
      ...twentyOff(skuId),
      idCalculatorConfiguration: id,
      isActive: false,
    });
    expect([paused.statusCode, paused.json().isActive], paused.body).toEqual([200, false]);
    await eventually(async () => (await shopperPrices(skuId, productId)).card === shown);
    expect((await shopperPrices(skuId, productId)).cart).toBe(shown);
    expect(await pricedAt(shown)).toContain(productId);
    const [update] = await auditOf(`promotion:${id}`);
    expect(update).toMatchObject({
      action: 'promotion.update',
      before: { isActive: true },
      after: { isActive: false },
    });
  });
});

describe("the back office's preview of a sample cart under a draft promotion", () => {
  const url = '/api/admin/promotions/preview';
  const threeForTwo = (skuId: number) => ({
    ...twentyOff(skuId),
    name: '3x2',
    type: 'forThePriceOf',
    percentualDiscountValue: 100,
    minimumQuantityBuyTogether: 3,
    quantityToAffectBuyTogether: 1,
  });

  it('prices the cart without and with the draft (a merchandiser), and publishes nothing', async () => {
    const [{ skuId, price }, other] = [plain[2]!, plain[1]!];
    const answer = await backOffice(merchandiserToken, 'POST', url, {
      salesChannel: sc,
      items: [
        { skuId, quantity: 3 },
        { skuId: other.skuId, quantity: 1 },
      ],
      promotion: threeForTwo(skuId),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const preview = answer.json();
    // The 3x2 frees one unit at its offer price, on top of what the live promotions take.
    expect(preview.with.value).toBe(preview.without.value - price);
    expect(preview.lines).toEqual([
      {
        skuId,
        quantity: 3,
        without: 3 * plain[2]!.shown,
        with: 3 * plain[2]!.shown - price,
        promotionDiscount: price,
      },
      { skuId: other.skuId, quantity: 1, without: other.shown, with: other.shown, promotionDiscount: 0 },
    ]);
    const list = (await erp(promotionsKey, 'GET', '/api/rnb/pvt/benefits/calculatorconfiguration')).json();
    expect(list.items.some((item: { name: string }) => item.name === '3x2')).toBe(false);
  });

  it('previews a draft that starts later at its start', async () => {
    const { skuId, price } = plain[2]!;
    const start = new Date(TEST_NOW.getTime() + 3 * DAY).toISOString();
    const answer = await backOffice(adminToken, 'POST', url, {
      salesChannel: sc,
      items: [{ skuId, quantity: 1 }],
      promotion: twentyOff(skuId, { beginDateUtc: start }),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().at).toBe(start);
    expect(answer.json().with.value).toBe(answer.json().without.value - twentyPercent(price));
  });

  it('refuses an operator, no staff session, a draft the engine cannot price and an unknown SKU', async () => {
    const body = { salesChannel: sc, items: [{ skuId: plain[2]!.skuId, quantity: 1 }] };
    const operator = await backOffice(operatorToken, 'POST', url, { ...body, promotion: threeForTwo(1) });
    expect([operator.statusCode, failureCodeOf(operator.json())]).toEqual([403, 'staffRoleForbidden']);
    const nobody = await backOffice(null, 'POST', url, { ...body, promotion: threeForTwo(1) });
    expect([nobody.statusCode, failureCodeOf(nobody.json())]).toEqual([401, 'notStaff']);
    const unpriceable = await backOffice(merchandiserToken, 'POST', url, {
      ...body,
      promotion: { ...threeForTwo(1), quantityToAffectBuyTogether: 5 },
    });
    expect([unpriceable.statusCode, failureCodeOf(unpriceable.json())]).toEqual([
      400,
      'promotionNotPriceable',
    ]);
    const unknown = await backOffice(merchandiserToken, 'POST', url, {
      ...body,
      items: [{ skuId: 999_999_999, quantity: 1 }],
      promotion: threeForTwo(1),
    });
    expect([unknown.statusCode, failureCodeOf(unknown.json())]).toEqual([404, 'skuNotFound']);
  });
});
