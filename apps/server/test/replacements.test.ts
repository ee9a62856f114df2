import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fulfilment, Order, ReplacementOptions } from '@despensa/contracts';
import type { SandboxMailer } from '../src/providers/mail/sandbox';
import { SEED_OPERATOR_PASSWORD } from '../src/modules/operations/service';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS } from './support/cart';
import { CHECKOUT_START, deliveringChannel } from './support/checkout';
import { placePaidOrder } from './support/orders';

/**
 * Issue 28, items 2 and 3: a replacement's price is the catalogue's, in cents (it was multiplied by 100
 * again), proposing it never answers 500, and 'Recogido' keeps an approved replacement.
 * Seeded figures at the delivering store (Providencia, sales channel 3): the milk 'Leche Entera Orgánica
 * Despensa 1 L' (SKU 1000001, list $1.440) sells at $1.080 on offer; the replacement of the issue, SKU
 * 1000013 'Leche Cultivada Frutilla Cooperativa Lechera Trapén 190 ml' (list $480), at $384 on offer.
 */
const MILK = '1000001';
const MILK_PRICE = 108000;
const REPLACEMENT = '1000013';
const REPLACEMENT_NAME = 'Leche Cultivada Frutilla Cooperativa Lechera Trapén 190 ml';
const REPLACEMENT_PRICE = 38400;
/** Fideos Quifaros Despensa 1 kg: its aisle ('despensa') comes before the milk's ('lacteos'). */
const NOODLES = '1000097';

let shop: TestApp;
let sc: number;
let operator: string;

beforeAll(async () => {
  shop = await createTestApp({ clock: () => CHECKOUT_START });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  sc = await deliveringChannel(shop);
  const { rows } = await shop.database.pool.query('SELECT id FROM store WHERE sales_channel = $1', [sc]);
  const login = await shop.app.inject({
    method: 'POST',
    url: '/api/operations/session',
    headers: CART_HEADERS,
    payload: { login: `operador.${rows[0].id}@despensa.cl`, password: SEED_OPERATOR_PASSWORD },
  });
  operator = login.json().token;
});
afterAll(async () => {
  await shop?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.app.inject({
    method,
    url,
    headers: { ...CART_HEADERS, 'x-staff-token': operator },
    ...(payload ? { payload } : {}),
  });
const lineOf = (view: Fulfilment, sku: string) => view.lines.find((line) => line.id === sku)!;
const mails = (to: string) => (shop.services.mailer as SandboxMailer).outbox(to);

/** A paid order of the milk (the order's first line, second in aisle order) and the noodles, picking started. */
async function milkOrderInHandling() {
  const order = await placePaidOrder(shop, {
    sc,
    items: [
      { id: NOODLES, quantity: 1 },
      { id: MILK, quantity: 1 },
    ],
  });
  const started: Fulfilment = (
    await call('POST', `/api/operations/orders/${order.orderId}/start-handling`)
  ).json();
  const milk = lineOf(started, MILK);
  expect(milk).toMatchObject({ index: 0, sellingPrice: MILK_PRICE, total: MILK_PRICE });
  // The console lists lines in aisle order: the milk's index is not its place in the list.
  expect(started.lines.map((line) => line.id)).toEqual([NOODLES, MILK]);
  return { order, milk, url: `/api/operations/orders/${order.orderId}` };
}

describe("a replacement's price (issue 28, item 2)", () => {
  it('is the shelf price in cents: 2 × $384 for the milk of $1.080, $312 back; the proposal answers 200', async () => {
    const seeded = await shop.database.pool.query(
      "SELECT price FROM sku_offer WHERE sku_id = $1 AND sales_channel = $2 AND seller_id = '1'",
      [REPLACEMENT, sc],
    );
    expect(seeded.rows[0].price).toBe(48000);
    const { order, milk, url } = await milkOrderInHandling();

    const proposed = await call('POST', `${url}/lines/${milk.index}/replacement`, {
      skuId: REPLACEMENT,
      quantity: 2,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const view: Fulfilment = proposed.json();
    expect(lineOf(view, MILK)).toMatchObject({
      state: 'replaced',
      estimatedTotal: MILK_PRICE,
      total: 2 * REPLACEMENT_PRICE,
      replacement: {
        id: REPLACEMENT,
        name: REPLACEMENT_NAME,
        quantity: 2,
        sellingPrice: REPLACEMENT_PRICE,
        total: 2 * REPLACEMENT_PRICE,
        answer: 'pending',
      },
    });
    expect(view).toMatchObject({
      authorised: order.total,
      total: order.total - 31200,
      refunded: 31200,
      capped: 0,
    });
    const mail = mails(order.shopper.email).find(
      (each) => each.subject === `Te proponemos un reemplazo en tu pedido ${order.orderId}`,
    )!;
    expect(mail.text).toContain(
      `Para "Leche Entera Orgánica Despensa 1 L" te proponemos "${REPLACEMENT_NAME}" (2 × $384).`,
    );
    // The shopper reads the same figures.
    const seen: Fulfilment = (await order.call('GET', `/api/orders/${order.orderId}/fulfilment`)).json();
    expect(lineOf(seen, MILK).replacement).toMatchObject({ sellingPrice: REPLACEMENT_PRICE, total: 76800 });
  });

  it('a dearer replacement (3 × $384 for $1.080) is capped at the authorised amount: the store absorbs $72', async () => {
    const { order, milk, url } = await milkOrderInHandling();
    const proposed = await call('POST', `${url}/lines/${milk.index}/replacement`, {
      skuId: REPLACEMENT,
      quantity: 3,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json()).toMatchObject({ total: order.total, capped: 7200, refunded: 0 });
    expect(lineOf(proposed.json(), MILK)).toMatchObject({ total: 115200 });
  });

  it('answers 200 even when the e-mail to the shopper fails after the proposal is saved', async () => {
    const { order, milk, url } = await milkOrderInHandling();
    const mailer = shop.services.mailer as SandboxMailer;
    const send = mailer.send.bind(mailer);
    mailer.send = () => {
      throw new Error('mail server down');
    };
    try {
      const proposed = await call('POST', `${url}/lines/${milk.index}/replacement`, {
        skuId: REPLACEMENT,
        quantity: 1,
      });
      expect(proposed.statusCode, proposed.body).toBe(200);
    } finally {
      mailer.send = send;
    }
    const seen: Fulfilment = (await order.call('GET', `/api/orders/${order.orderId}/fulfilment`)).json();
    expect(lineOf(seen, MILK).replacement).toMatchObject({ id: REPLACEMENT, answer: 'pending' });
  });
});

describe("'Recogido' after an approved replacement (issue 28, item 3)", () => {
  it("keeps the replacement's product and price in the line, the receipt and the shopper's order", async () => {
    const { order, milk, url } = await milkOrderInHandling();
    await call('POST', `${url}/lines/${milk.index}/replacement`, { skuId: REPLACEMENT, quantity: 2 });
    const approved = await order.call('POST', `/api/orders/${order.orderId}/replacements/${milk.index}`, {
      approve: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const picked = await call('POST', `${url}/lines/${milk.index}/pick`);
    expect(picked.statusCode, picked.body).toBe(200);
    const kept = {
      state: 'replaced',
      total: 76800,
      replacement: {
        id: REPLACEMENT,
        name: REPLACEMENT_NAME,
        sellingPrice: REPLACEMENT_PRICE,
        total: 76800,
        answer: 'approved',
      },
    };
    expect(lineOf(picked.json(), MILK)).toMatchObject(kept);
    expect(picked.json()).toMatchObject({ total: order.total - 31200, refunded: 31200 });
    const seen: Fulfilment = (await order.call('GET', `/api/orders/${order.orderId}/fulfilment`)).json();
    expect(lineOf(seen, MILK)).toMatchObject(kept);

    await call('POST', `${url}/lines/${lineOf(picked.json(), NOODLES).index}/pick`);
    const invoiced: Fulfilment = (await call('POST', `${url}/invoice`)).json();
    expect(lineOf(invoiced, MILK)).toMatchObject(kept);
    expect(invoiced.receipt).toMatchObject({ total: order.total - 31200, refunded: 31200 });
    const shopperOrder: Order = (await order.call('GET', `/api/checkout/pub/orders/${order.orderId}`)).json();
    expect(shopperOrder.value).toBe(order.total - 31200);

    await call('POST', `${url}/hand-over`);
    const receiptMail = mails(order.shopper.email).find(
      (each) => each.subject === `Tu pedido ${order.orderId} fue entregado`,
    )!;
    expect(receiptMail.text).toContain(
      `${REPLACEMENT_NAME} (reemplaza a Leche Entera Orgánica Despensa 1 L): $768`,
    );
    expect(receiptMail.text).not.toContain('Leche Entera Orgánica Despensa 1 L: $1.080');
  });

  it('a pending proposal stays when the line is picked; a rejected one gives the original product back', async () => {
    const { order, milk, url } = await milkOrderInHandling();
    await call('POST', `${url}/lines/${milk.index}/replacement`, { skuId: REPLACEMENT, quantity: 1 });
    const pending = await call('POST', `${url}/lines/${milk.index}/pick`);
    expect(lineOf(pending.json(), MILK)).toMatchObject({
      state: 'replaced',
      total: REPLACEMENT_PRICE,
      replacement: { id: REPLACEMENT, answer: 'pending' },
    });
    await order.call('POST', `/api/orders/${order.orderId}/replacements/${milk.index}`, { approve: false });
    const original = await call('POST', `${url}/lines/${milk.index}/pick`);
    expect(lineOf(original.json(), MILK)).toMatchObject({
      state: 'picked',
      total: MILK_PRICE,
      replacement: null,
    });
  });
});

describe("the picker's search for a replacement (issue 28: no raw SKU to type)", () => {
  it("finds the store's products for a line, priced as the proposal will be; refuses what it must", async () => {
    const { milk, url } = await milkOrderInHandling();
    const options = `${url}/lines/${milk.index}/replacement-options`;
    const found = await call('GET', `${options}?q=${encodeURIComponent('leche cultivada frutilla')}`);
    expect(found.statusCode, found.body).toBe(200);
    const products: ReplacementOptions['products'] = found.json().products;
    expect(products.find((product) => product.id === REPLACEMENT)).toMatchObject({
      name: REPLACEMENT_NAME,
      price: REPLACEMENT_PRICE,
      measurementUnit: 'un',
    });
    // What it offers is what a proposal charges.
    const proposed = await call('POST', `${url}/lines/${milk.index}/replacement`, {
      skuId: REPLACEMENT,
      quantity: 1,
    });
    expect(lineOf(proposed.json(), MILK).replacement?.sellingPrice).toBe(REPLACEMENT_PRICE);

    expect((await call('GET', `${options}?q=l`)).json()).toMatchObject({ code: 'invalidInput' });
    expect((await call('GET', `${url}/lines/99/replacement-options?q=leche`)).json()).toMatchObject({
      code: 'lineNotFound',
    });
    const anonymous = await shop.app.inject({
      method: 'GET',
      url: `${options}?q=leche`,
      headers: CART_HEADERS,
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await shop.app.inject({
      method: 'POST',
      url: '/api/operations/session',
      headers: CART_HEADERS,
      payload: { login: 'operador.st-13101-1@despensa.cl', password: SEED_OPERATOR_PASSWORD },
    });
    const foreign = await shop.app.inject({
      method: 'GET',
      url: `${options}?q=leche`,
      headers: { ...CART_HEADERS, 'x-staff-token': other.json().token },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
