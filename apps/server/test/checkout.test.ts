import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_RECONCILE_AFTER_MS } from '@despensa/domain';
import { failureCodeOf, type Order, type OrderForm, type TransactionAnswer } from '@despensa/contracts';
import type { SandboxMailer } from '../src/providers/mail/sandbox';
import { createTestApp, type TestApp } from './support/app';
import { sellableSkus } from './support/cart';
import {
  CHECKOUT_START,
  MASTERCARD,
  VISA,
  completeCart,
  deliveringChannel,
  formOf,
  payAtAcquirer,
  postForm,
} from './support/checkout';

let now = CHECKOUT_START;
let shop: TestApp;
let sc: number;
let skus: string[];

beforeAll(async () => {
  shop = await createTestApp({ clock: () => now });
  // The SDK speaks real HTTP to the shop's own sandbox: the shop listens on a port the OS hands out.
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  sc = await deliveringChannel(shop);
  skus = (await sellableSkus(shop, { salesChannel: sc, limit: 12 })).map((row) => String(row.id));
});
afterAll(async () => {
  await shop?.close();
});

const stockOf = async (sku: string) =>
  (
    await shop.database.pool.query(
      "SELECT available_quantity FROM sku_offer WHERE sku_id = $1 AND sales_channel = $2 AND seller_id = '1'",
      [sku, sc],
    )
  ).rows[0].available_quantity as number;
const setStock = (sku: string, units: number) =>
  shop.database.pool.query(
    "UPDATE sku_offer SET available_quantity = $3 WHERE sku_id = $1 AND sales_channel = $2 AND seller_id = '1'",
    [sku, sc, units],
  );
const count = async (query: string, params: unknown[]) =>
  (await shop.database.pool.query(query, params)).rows[0].n as number;

type Ready = Awaited<ReturnType<typeof completeCart>>;
const transaction = (cart: Ready, value = cart.total, headers: Record<string, string> = {}) =>
  cart.call(
    'POST',
    '/api/checkout/pub/orderform/transaction',
    { referenceId: cart.id, savePersonalData: true, optinNewsLetter: false, value, interestValue: 0 },
    headers,
  );

describe('POST /api/orderform/{id}/payments (§3 payment entry, §9 ids)', () => {
  it("keeps the entry in the cart's paymentData, refuses an unknown payment system and other shoppers", async () => {
    const cart = await completeCart(shop, { sc, items: [{ id: skus[0]!, quantity: 1 }], skip: ['payment'] });
    const entry = {
      paymentSystem: 30,
      paymentSystemName: 'Débito',
      group: 'debitCardPaymentGroup',
      installments: 1,
      value: cart.form.value,
    };
    const set = await cart.call('POST', `/api/orderform/${cart.id}/payments`, { payments: [entry] });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as OrderForm).paymentData.payments).toEqual([
      {
        ...entry,
        installmentsInterestRate: 0,
        installmentsValue: cart.form.value,
        referenceValue: cart.form.value,
      },
    ]);
    expect(
      ((await cart.call('GET', `/api/orderform/${cart.id}`)).json() as OrderForm).paymentData.payments,
    ).toHaveLength(1);

    const unknown = await cart.call('POST', `/api/orderform/${cart.id}/payments`, {
      payments: [{ ...entry, paymentSystem: 999 }],
    });
    expect(unknown.statusCode).toBe(400);
    const other = await completeCart(shop, { sc, items: [{ id: skus[0]!, quantity: 1 }], skip: ['payment'] });
    const foreign = await other.call('POST', `/api/orderform/${cart.id}/payments`, { payments: [entry] });
    expect(failureCodeOf(foreign.json())).toBe('notOwner');
  });
});

describe('POST /api/checkout/pub/orderform/transaction refusals', () => {
  it('names what §5 finds missing (payment, receiver), as cartIncomplete with a 400', async () => {
    const noPayment = await completeCart(shop, {
      sc,
      items: [{ id: skus[1]!, quantity: 1 }],
      skip: ['payment'],
    });
    const first = await transaction(noPayment);
    expect(first.statusCode).toBe(400);
    expect(failureCodeOf(first.json())).toBe('cartIncomplete');
    expect(first.json().message).toBe('Falta completar: medio de pago.');
    const noReceiver = await completeCart(shop, {
      sc,
      items: [{ id: skus[1]!, quantity: 1 }],
      skip: ['receiver'],
    });
    expect((await transaction(noReceiver)).json().message).toBe('Falta completar: quién recibe.');
    const noShipping = await completeCart(shop, {
      sc,
      items: [{ id: skus[1]!, quantity: 1 }],
      skip: ['shipping'],
    });
    const gaps = (await transaction(noShipping)).json();
    expect(failureCodeOf(gaps)).toBe('cartIncomplete');
    expect(gaps.message).toMatch(/horario de entrega.*dirección/);
  });

  it('places a store pickup, whose selected address is the store (its shipping address has no id)', async () => {
    const cart = await completeCart(shop, { sc, items: [{ id: skus[1]!, quantity: 1 }], pickup: true });
    const placed = await transaction(cart);
    expect(placed.statusCode, placed.body).toBe(200);
    const [order]: Order[] = (
      await cart.call('GET', `/api/checkout/pub/orders/group/${(placed.json() as TransactionAnswer).orderId}`)
    ).json();
    expect(order!.shippingData.selectedSla).toBe('seller-1-sla-RetiroenTienda');
  });

  it('refuses a value other than the cart total (400 orderValueMismatch) and takes no stock', async () => {
    const cart = await completeCart(shop, { sc, items: [{ id: skus[2]!, quantity: 2 }] });
    const before = await stockOf(skus[2]!);
    const response = await transaction(cart, cart.total - 100);
    expect(response.statusCode).toBe(400);
    expect(failureCodeOf(response.json())).toBe('orderValueMismatch');
    expect(await stockOf(skus[2]!)).toBe(before);
    expect(await count('SELECT count(*)::int AS n FROM shop_order WHERE order_form_id = $1', [cart.id])).toBe(
      0,
    );
  });

  it("answers 404 for another shopper's cart and 401 without a session", async () => {
    const cart = await completeCart(shop, { sc, items: [{ id: skus[2]!, quantity: 1 }] });
    const other = await completeCart(shop, { sc, items: [{ id: skus[2]!, quantity: 1 }] });
    const response = await other.call('POST', '/api/checkout/pub/orderform/transaction', {
      referenceId: cart.id,
      value: cart.total,
    });
    expect(response.statusCode).toBe(404);
    expect(failureCodeOf(response.json())).toBe('cartNotFound');
    const anonymous = await shop.app.inject({
      method: 'POST',
      url: '/api/checkout/pub/orderform/transaction',
      headers: { 'x-api-key': 'test-web-key', 'x-consumer': 'web' },
      payload: { referenceId: cart.id, value: cart.form.value },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('paying by card redirect through the sandbox acquirer (transbank-sdk)', () => {
  it('approves the VISA: order ready for handling, stock sold, cart emptied, confirmation e-mailed', async () => {
    const sku = skus[3]!;
    const cart = await completeCart(shop, { sc, items: [{ id: sku, quantity: 3 }] });
    const before = await stockOf(sku);
    const placed = await transaction(cart);
    expect(placed.statusCode, placed.body).toBe(200);
    const answer: TransactionAnswer = placed.json();
    expect(answer.redirectUrl).toBe(`/checkout/pagar/${answer.tId}`);
    // Held from the moment the shopper is sent to pay.
    expect(await stockOf(sku)).toBe(before - 3);
    const pending: Order[] = (
      await cart.call('GET', `/api/checkout/pub/orders/group/${answer.orderId}`)
    ).json();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      orderId: `${answer.orderId}-01`,
      status: 'payment-pending',
      value: cart.total,
    });

    const { back } = await payAtAcquirer(shop, answer.redirectUrl, VISA, cart.shopper);
    expect(back.action).toMatch(/\/checkout\/retorno$/);
    const returned = await postForm(shop, back.action, back.fields);
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`/checkout/orderPlaced?og=${answer.orderId}`);

    const [order]: Order[] = (
      await cart.call('GET', `/api/checkout/pub/orders/group/${answer.orderId}`)
    ).json();
    expect(order).toMatchObject({
      status: 'ready-for-handling',
      value: cart.total,
      clientProfileData: { email: cart.shopper.email },
      shippingData: { selectedSla: 'seller-1-sla-DespachoaDomicilio' },
      orderInfo: { substituteType: 6 },
    });
    expect(order!.items).toEqual([expect.objectContaining({ id: sku, quantity: 3 })]);
    // The window's fee is charged: the order costs what the cart showed, items plus delivery.
    expect(cart.fee).toBeGreaterThan(0);
    expect(order!.totals).toContainEqual({ id: 'Shipping', name: 'Costo de despacho', value: cart.fee });
    expect(order!.totals.reduce((sum, each) => sum + each.value, 0)).toBe(cart.total);
    expect(order!.shippingData.deliveryWindow).not.toBeNull();
    expect(await stockOf(sku)).toBe(before - 3);
    const status = await cart.call('GET', `/api/orden/status/${order!.orderId}`);
    expect(status.json()).toMatchObject({ status: 'ready-for-handling' });
    const payment = await cart.call('GET', `/api/pvt/transactions/${answer.tId}`);
    expect(payment.json()).toMatchObject({
      status: 'Approved',
      value: cart.total,
      orderId: answer.orderId,
    });
    // The window's place is the order's for good.
    expect(
      await count(
        'SELECT count(*)::int AS n FROM window_reservation WHERE order_form_id = $1 AND expires_at IS NULL',
        [`order:${answer.orderId}`],
      ),
    ).toBe(1);
    expect(((await cart.call('GET', `/api/orderform/${cart.id}`)).json() as OrderForm).items).toEqual([]);
    const mail = (shop.services.mailer as SandboxMailer).outbox(cart.shopper.email)[0];
    expect(mail?.subject).toBe(`Confirmación de compra: pedido ${answer.orderId}`);

    // A repeat of the return converges on the same order (the second commit is refused by the acquirer).
    const again = await postForm(shop, back.action, back.fields);
    expect(again.headers.location).toBe(`/checkout/orderPlaced?og=${answer.orderId}`);
    expect(await stockOf(sku)).toBe(before - 3);
    const resent = await cart.call('POST', `/api/order/sendmail/${order!.orderId}`, {});
    expect(resent.statusCode).toBe(200);
  });

  it('cancels on the rejected Mastercard: stock back, and the shopper can pay again', async () => {
    const sku = skus[4]!;
    const cart = await completeCart(shop, { sc, items: [{ id: sku, quantity: 2 }] });
    const before = await stockOf(sku);
    const answer: TransactionAnswer = (await transaction(cart)).json();
    const { back } = await payAtAcquirer(shop, answer.redirectUrl, MASTERCARD, cart.shopper);
    const returned = await postForm(shop, back.action, back.fields);
    expect(returned.headers.location).toBe(`/checkout/payment?paymentError=rejected&og=${answer.orderId}`);
    const [order]: Order[] = (
      await cart.call('GET', `/api/checkout/pub/orders/group/${answer.orderId}`)
    ).json();
    expect(order!.status).toBe('canceled');
    expect(await stockOf(sku)).toBe(before);

    const retry = await transaction(cart);
    expect(retry.statusCode, retry.body).toBe(200);
    const second: TransactionAnswer = retry.json();
    expect(second.orderId).not.toBe(answer.orderId);
    const paid = await payAtAcquirer(shop, second.redirectUrl, VISA, cart.shopper);
    expect((await postForm(shop, paid.back.action, paid.back.fields)).headers.location).toBe(
      `/checkout/orderPlaced?og=${second.orderId}`,
    );
    expect(await stockOf(sku)).toBe(before - 2);
  });

  it("gives back the units and the window when the shopper aborts ('Anular compra')", async () => {
    const sku = skus[5]!;
    const cart = await completeCart(shop, { sc, items: [{ id: sku, quantity: 1 }] });
    const before = await stockOf(sku);
    const answer: TransactionAnswer = (await transaction(cart)).json();
    const page = await cart.call('GET', answer.redirectUrl);
    const token = /name="token_ws" value="([^"]+)"/.exec(page.body)![1]!;
    // A forged abort (the token, but nobody left the acquirer's page) changes nothing.
    const fields = { TBK_TOKEN: token, TBK_ORDEN_COMPRA: answer.orderId, TBK_ID_SESION: cart.id };
    expect((await postForm(shop, '/checkout/retorno', fields)).headers.location).toBe('/checkout/payment');
    expect(await stockOf(sku)).toBe(before - 1);
    // 'Anular compra' on the acquirer's page sends the shopper back with the same fields.
    const left = await postForm(shop, '/sandbox/transbank/webpayserver/abort', { token });
    const back = formOf(left.body);
    expect(back.fields).toEqual(fields);
    const returned = await postForm(shop, back.action, back.fields);
    expect(returned.headers.location).toBe(`/checkout/payment?paymentError=aborted&og=${answer.orderId}`);
    expect(await stockOf(sku)).toBe(before);
    expect(await shop.services.delivery.heldWindow(cart.id)).toMatchObject({ expired: false });
  });
});

describe('never two orders, never oversold', () => {
  it('the same transaction sent 10 times in parallel makes one order and one acquirer transaction', async () => {
    const sku = skus[6]!;
    const cart = await completeCart(shop, { sc, items: [{ id: sku, quantity: 2 }] });
    const before = await stockOf(sku);
    const answers = await Promise.all(Array.from({ length: 10 }, () => transaction(cart)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const { orderId } = answers[0]!.json() as TransactionAnswer;
    expect(await count('SELECT count(*)::int AS n FROM shop_order WHERE order_form_id = $1', [cart.id])).toBe(
      1,
    );
    expect(
      await count('SELECT count(*)::int AS n FROM sandbox_webpay_transaction WHERE buy_order = $1', [
        orderId,
      ]),
    ).toBe(1);
    expect(await stockOf(sku)).toBe(before - 2);
  });

  it('refuses a client key reused with another body', async () => {
    const cart = await completeCart(shop, { sc, items: [{ id: skus[7]!, quantity: 1 }] });
    const key = { 'x-idempotency-key': 'clave-1' };
    expect((await transaction(cart, cart.total, key)).statusCode).toBe(200);
    const reused = await transaction(cart, cart.total + 100, key);
    expect(failureCodeOf(reused.json())).toBe('idempotencyKeyReused');
  });

  // 20 complete checkouts at once: on a loaded two-core CI run this takes longer than one test's default.
  it(
    '20 shoppers racing for the last 5 units: exactly 5 sold, never below zero',
    { timeout: 90_000 },
    async () => {
      const sku = skus[8]!;
      const carts = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          completeCart(shop, { sc, items: [{ id: sku, quantity: 1 }], windowIndex: index }),
        ),
      );
      await setStock(sku, 5);
      const answers = await Promise.all(carts.map((cart) => transaction(cart)));
      const placed = answers.filter((answer) => answer.statusCode === 200);
      expect(placed).toHaveLength(5);
      for (const refused of answers.filter((answer) => answer.statusCode !== 200))
        expect(failureCodeOf(refused.json())).toBe('outOfStock');
      expect(await stockOf(sku)).toBe(0);
      const paid = await Promise.all(
        placed.map(async (answer) => {
          const shopper = carts[answers.indexOf(answer)]!.shopper;
          const { redirectUrl } = answer.json() as TransactionAnswer;
          const { back } = await payAtAcquirer(shop, redirectUrl, VISA, shopper);
          return (await postForm(shop, back.action, back.fields)).headers.location;
        }),
      );
      expect(paid.every((location) => String(location).startsWith('/checkout/orderPlaced'))).toBe(true);
      expect(
        await count(
          'SELECT coalesce(sum(quantity), 0)::int AS n FROM stock_hold WHERE sku_id = $1 AND expires_at IS NULL',
          [sku],
        ),
      ).toBe(5);
      expect(await stockOf(sku)).toBe(0);
    },
  );
});

describe('reconciliation', () => {
  it('approves a payment made at the acquirer whose shopper never came back, once', async () => {
    const sku = skus[9]!;
    const cart = await completeCart(shop, { sc, items: [{ id: sku, quantity: 1 }] });
    const answer: TransactionAnswer = (await transaction(cart)).json();
    await payAtAcquirer(shop, answer.redirectUrl, VISA, cart.shopper); // the tab is closed: no return
    now = new Date(CHECKOUT_START.getTime() + PAYMENT_RECONCILE_AFTER_MS + 1000);
    try {
      expect(await shop.services.checkout.reconcile()).toBeGreaterThanOrEqual(1);
      expect(await shop.services.checkout.reconcile()).toBe(0);
    } finally {
      now = CHECKOUT_START;
    }
    const [order]: Order[] = (
      await cart.call('GET', `/api/checkout/pub/orders/group/${answer.orderId}`)
    ).json();
    expect(order!.status).toBe('ready-for-handling');
    expect((await cart.call('GET', `/api/pvt/transactions/${answer.tId}`)).json().status).toBe('Approved');
  });
});

describe("another shopper's order", () => {
  it('is a 404 on every order route, never data', async () => {
    const cart = await completeCart(shop, { sc, items: [{ id: skus[10]!, quantity: 1 }] });
    const answer: TransactionAnswer = (await transaction(cart)).json();
    const other = await completeCart(shop, {
      sc,
      items: [{ id: skus[10]!, quantity: 1 }],
      skip: ['payment'],
    });
    for (const [method, url] of [
      ['GET', `/api/checkout/pub/orders/${answer.orderId}-01`],
      ['GET', `/api/checkout/pub/orders/group/${answer.orderId}`],
      ['GET', `/api/pvt/transactions/${answer.tId}`],
      ['GET', `/api/orden/status/${answer.orderId}-01`],
      ['POST', `/api/order/sendmail/${answer.orderId}-01`],
    ] as const) {
      const response = await other.call(method, url, method === 'POST' ? {} : undefined);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain(cart.shopper.email);
    }
  });
});
