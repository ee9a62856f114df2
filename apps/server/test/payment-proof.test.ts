import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_CARD_PAYMENT_ID, PAYMENT_IDS } from '@despensa/domain';
import { failureMessages, type Order, type OrderForm, type TransactionAnswer } from '@despensa/contracts';
import type { TransbankAcquirer } from '../src/providers/acquirer/acquirer';
import { GROUP_TEST_CARD } from '../src/providers/acquirer/sandbox/cards';
import { createTestApp, type TestApp } from './support/app';
import { sellableSkus } from './support/cart';
import { accountsClient } from './support/accounts';
import {
  CHECKOUT_START,
  VISA,
  as,
  completeCart,
  deliveringChannel,
  formOf,
  payAtAcquirer,
  postForm,
  sandboxAcquirerOf,
} from './support/checkout';

const REDCOMPRA = '4051 8842 3993 7763';
const PREPAID = '4051 8860 0005 6590';
const GROUP_CARD = GROUP_TEST_CARD.number;
/** Webpay's token lives 5 minutes. */
const PAST_TOKEN_LIFETIME_MS = 5 * 60_000 + 1_000;

let now = CHECKOUT_START;
let shop: TestApp;
let sc: number;
let skus: string[];
/** The acquirer's own view, through the official transbank-sdk. */
let acquirer: TransbankAcquirer;

beforeAll(async () => {
  shop = await createTestApp({ clock: () => now });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  acquirer = sandboxAcquirerOf(shop);
  sc = await deliveringChannel(shop);
  skus = (await sellableSkus(shop, { salesChannel: sc, limit: 20 })).map((row) => String(row.id));
});
afterAll(async () => {
  await shop?.close();
});

type Ready = Awaited<ReturnType<typeof completeCart>>;
const totalizer = (form: OrderForm, id: string) => form.totalizers.find((each) => each.id === id)!.value;
/** What the cart costs with the group card: its Tcenco prices and discounts, plus the fee. */
const groupCardTotal = (form: OrderForm, fee: number) =>
  totalizer(form, 'Tcenco') + totalizer(form, 'DiscountsTcenco') + fee;

async function place(cart: Ready, value = cart.total): Promise<TransactionAnswer> {
  const placed = await cart.call('POST', '/api/checkout/pub/orderform/transaction', {
    referenceId: cart.id,
    savePersonalData: true,
    optinNewsLetter: false,
    value,
    interestValue: 0,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json();
}
const statusOf = async (cart: Ready, orderGroup: string) =>
  ((await cart.call('GET', `/api/checkout/pub/orders/group/${orderGroup}`)).json() as Order[])[0]!.status;
const stockOf = async (sku: string) =>
  (
    await shop.database.pool.query(
      "SELECT available_quantity FROM sku_offer WHERE sku_id = $1 AND sales_channel = $2 AND seller_id = '1'",
      [sku, sc],
    )
  ).rows[0].available_quantity as number;
const tokenOf = async (orderGroup: string) =>
  (
    await shop.database.pool.query('SELECT acquirer_token FROM payment_transaction WHERE order_group = $1', [
      orderGroup,
    ])
  ).rows[0].acquirer_token as string;
/** Webpay's timeout return as anyone can send it: a GET with the order group (an <img> is enough). */
const timeoutReturn = (orderGroup: string, headers: Record<string, string> = {}) =>
  shop.app.inject({
    method: 'GET',
    url: `/checkout/retorno?TBK_ORDEN_COMPRA=${orderGroup}&TBK_ID_SESION=x`,
    headers,
  });
const stranger = async () => accountsClient(shop, '10.9.9.9').loggedIn();

async function later<T>(ms: number, run: () => Promise<T>): Promise<T> {
  now = new Date(CHECKOUT_START.getTime() + ms);
  try {
    return await run();
  } finally {
    now = CHECKOUT_START;
  }
}

describe('a return without token_ws ends a payment only when the acquirer says so (issue 27, fault 2)', () => {
  it('a forged timeout on a fresh transaction changes nothing, from a visitor, a stranger or the owner', async () => {
    const sku = skus[0]!;
    const cart = await completeCart(shop, { sc, items: [{ id: sku, quantity: 1 }] });
    const before = await stockOf(sku);
    const answer = await place(cart);
    const other = await stranger();
    const callers: Record<string, string>[] = [
      {},
      { 'x-access-token': other.token },
      { 'x-access-token': cart.shopper.token },
    ];
    for (const headers of callers) {
      const returned = await timeoutReturn(answer.orderId, headers);
      expect(returned.statusCode).toBe(303);
    }
    expect(await statusOf(cart, answer.orderId)).toBe('payment-pending');
    expect((await acquirer.status(await tokenOf(answer.orderId))).status).toBe('INITIALIZED');
    expect(await stockOf(sku)).toBe(before - 1);
    // The shopper still pays it.
    const { back } = await payAtAcquirer(shop, answer.redirectUrl, VISA, cart.shopper);
    expect((await postForm(shop, back.action, back.fields)).headers.location).toBe(
      `/checkout/orderPlaced?og=${answer.orderId}`,
    );
  });

  it('a stranger’s return changes nothing even once the token is over; the owner’s real timeout cancels', async () => {
    const sku = skus[1]!;
    const cart = await completeCart(shop, { sc, items: [{ id: sku, quantity: 2 }] });
    const before = await stockOf(sku);
    const answer = await place(cart);
    const other = await stranger();
    await later(PAST_TOKEN_LIFETIME_MS, async () => {
      await timeoutReturn(answer.orderId, { 'x-access-token': other.token });
      await timeoutReturn(answer.orderId);
      expect(await statusOf(cart, answer.orderId)).toBe('payment-pending');
      // Webpay's page past the token's 5 minutes sends the shopper back with the timeout fields.
      const token = await tokenOf(answer.orderId);
      const page = await postForm(shop, '/sandbox/transbank/webpayserver/initTransaction', {
        token_ws: token,
      });
      const back = formOf(page.body);
      expect(Object.keys(back.fields).sort()).toEqual(['TBK_ID_SESION', 'TBK_ORDEN_COMPRA']);
      const returned = await shop.app.inject({
        method: 'GET',
        url: `/checkout/retorno?${new URLSearchParams(back.fields).toString()}`,
        headers: { 'x-access-token': cart.shopper.token },
      });
      expect(returned.headers.location).toBe(`/checkout/payment?paymentError=timeout&og=${answer.orderId}`);
    });
    expect(await statusOf(cart, answer.orderId)).toBe('canceled');
    expect(await stockOf(sku)).toBe(before);
  });

  it('a timeout return that came without the session is ended by the owner’s next visit to the payment page', async () => {
    const sku = skus[7]!;
    const cart = await completeCart(shop, { sc, items: [{ id: sku, quantity: 1 }] });
    const before = await stockOf(sku);
    const answer = await place(cart);
    await later(PAST_TOKEN_LIFETIME_MS, async () => {
      // Webpay's timeout is a cross-site post: the SameSite=Lax session cookie does not come with it.
      await postForm(shop, '/checkout/retorno', { TBK_ORDEN_COMPRA: answer.orderId, TBK_ID_SESION: cart.id });
      expect(await statusOf(cart, answer.orderId)).toBe('payment-pending');
      const page = await as(shop, cart.shopper)('GET', answer.redirectUrl);
      expect(page.statusCode).toBe(302);
      expect(page.headers.location).toBe(`/checkout/payment?paymentError=timeout&og=${answer.orderId}`);
    });
    expect(await statusOf(cart, answer.orderId)).toBe('canceled');
    expect(await stockOf(sku)).toBe(before);
  });

  it('a hostile return (fields repeated, empty or huge) is sent back to the checkout, never a 500', async () => {
    for (const query of [
      'TBK_ORDEN_COMPRA=a&TBK_ORDEN_COMPRA=b',
      'token_ws=a&token_ws=b',
      'TBK_TOKEN=x&TBK_TOKEN=y&TBK_ORDEN_COMPRA=1',
      'token_ws=',
      `TBK_ORDEN_COMPRA=${'9'.repeat(5000)}`,
    ]) {
      const returned = await shop.app.inject({ method: 'GET', url: `/checkout/retorno?${query}` });
      expect(returned.statusCode, query).toBe(303);
      expect(returned.headers.location, query).toMatch(/^\/checkout\/payment/);
    }
  });

  it('/checkout/pagar/{tId} hands the acquirer’s token only to the shopper who holds the order', async () => {
    const cart = await completeCart(shop, { sc, items: [{ id: skus[2]!, quantity: 1 }] });
    const answer = await place(cart);
    const token = await tokenOf(answer.orderId);
    const other = await stranger();
    const strangers: Record<string, string>[] = [{}, { 'x-access-token': other.token }];
    for (const headers of strangers) {
      const page = await shop.app.inject({ method: 'GET', url: answer.redirectUrl, headers });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain(token);
    }
    const own = await as(shop, cart.shopper)('GET', answer.redirectUrl);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(token);
  });
});

describe('a price of a way of paying is kept only when the acquirer proves it (issue 27, fault 3)', () => {
  /** Pays at the acquirer with `card` and follows the return: where the shopper lands. */
  async function payWith(cart: Ready, answer: TransactionAnswer, card: string) {
    const { back } = await payAtAcquirer(shop, answer.redirectUrl, card, cart.shopper);
    return (await postForm(shop, back.action, back.fields)).headers.location;
  }

  it('the group card’s price (17) paid with a VISA credit card is reversed: no order, stock and window back, pay again', async () => {
    const sku = skus[3]!;
    const cart = await completeCart(shop, {
      sc,
      items: [{ id: sku, quantity: 2 }],
      segment: 'colaborador',
      pay: (form, fee) => [
        { paymentSystem: GROUP_CARD_PAYMENT_ID, installments: 1, value: groupCardTotal(form, fee) },
      ],
    });
    expect(GROUP_CARD_PAYMENT_ID).toBe(PAYMENT_IDS.promissory);
    const value = groupCardTotal(cart.form, cart.fee);
    const before = await stockOf(sku);
    const answer = await place(cart, value);
    expect(await payWith(cart, answer, VISA)).toBe(
      `/checkout/payment?paymentError=cardMismatch&og=${answer.orderId}`,
    );
    expect(await statusOf(cart, answer.orderId)).toBe('canceled');
    expect((await acquirer.status(await tokenOf(answer.orderId))).status).toBe('REVERSED');
    expect(await stockOf(sku)).toBe(before);
    expect(await shop.services.delivery.heldWindow(cart.id)).toMatchObject({ expired: false });
    const kept = await shop.database.pool.query(
      'SELECT "authorization", refunded FROM payment_transaction WHERE order_group = $1',
      [answer.orderId],
    );
    expect(kept.rows[0]).toMatchObject({
      refunded: value,
      authorization: { failure: { code: 'paymentCardMismatch' } },
    });
    expect(failureMessages.paymentCardMismatch).toBe(
      'La tarjeta con que pagaste no es la del medio de pago que elegiste, así que anulamos el cargo y tu compra no se realizó. Vuelve a pagar eligiendo el medio de pago de tu tarjeta.',
    );

    // Paying again, with the group's own card this time, places the order at the card's prices.
    const again = await place(cart, value);
    expect(again.orderId).not.toBe(answer.orderId);
    expect(await payWith(cart, again, GROUP_CARD)).toBe(`/checkout/orderPlaced?og=${again.orderId}`);
    expect(await statusOf(cart, again.orderId)).toBe('ready-for-handling');
    expect(await stockOf(sku)).toBe(before - 2);
  });

  for (const [label, card] of [
    ['a VISA credit', VISA],
    ['a VISA prepaid (VP is not debit)', PREPAID],
  ] as const)
    it(`debit’s price (30) paid with ${label} card is reversed, and no order is made`, async () => {
      const sku = skus[label.includes('prepaid') ? 5 : 4]!;
      const cart = await completeCart(shop, {
        sc,
        items: [{ id: sku, quantity: 1 }],
        pay: (form) => [{ paymentSystem: PAYMENT_IDS.debit, installments: 1, value: form.value }],
      });
      const before = await stockOf(sku);
      const answer = await place(cart);
      expect(await payWith(cart, answer, card)).toBe(
        `/checkout/payment?paymentError=cardMismatch&og=${answer.orderId}`,
      );
      expect(await statusOf(cart, answer.orderId)).toBe('canceled');
      expect((await acquirer.status(await tokenOf(answer.orderId))).status).toBe('REVERSED');
      expect(await stockOf(sku)).toBe(before);
    });

  it('debit’s price with the Redcompra debit card (VD) is kept', async () => {
    const cart = await completeCart(shop, {
      sc,
      items: [{ id: skus[6]!, quantity: 1 }],
      pay: (form) => [{ paymentSystem: PAYMENT_IDS.debit, installments: 1, value: form.value }],
    });
    const answer = await place(cart);
    expect(await payWith(cart, answer, REDCOMPRA)).toBe(`/checkout/orderPlaced?og=${answer.orderId}`);
    expect(await statusOf(cart, answer.orderId)).toBe('ready-for-handling');
  });
});
