import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_REDIRECT_PAYMENT_ID,
  DELIVERY_PRICES_CENTS,
  GIFT_CARD_ERRORS,
  GROUP_CARD_PAYMENT_ID,
  PAYMENT_IDS,
  PAYMENT_RECONCILE_AFTER_MS,
  STOCK_HOLD_MS,
  WALLET_CARD_IN_USE_MESSAGE,
  expressEstimateMinutes,
  roundToWholePesos,
  type GiftCardErrorCode,
} from '@despensa/domain';
import {
  GIFT_CARD_FAILURES,
  failureCodeOf,
  failureMessages,
  type Order,
  type OrderForm,
  type TransactionAnswer,
} from '@despensa/contracts';
import type { TransbankAcquirer } from '../src/providers/acquirer/acquirer';
import { type Acquirer } from '../src/providers/acquirer/acquirer';
import { GROUP_TEST_CARD } from '../src/providers/acquirer/sandbox/cards';
import { ONECLICK_LIMITS } from '../src/providers/acquirer/sandbox/oneclick';
import { GIFT_CARD_TEST_PASSWORD, TEST_GIFT_CARDS } from '../src/providers/giftcard/sandbox/cards';
import { WALLET_SETTLE_MS } from '../src/providers/wallet/sandbox/sandbox';
import type { SandboxMailer } from '../src/providers/mail/sandbox';
import { ADDRESS, lastCode } from './support/accounts';
import { createTestApp, type TestApp } from './support/app';
import { sellableSkus } from './support/cart';
import {
  CHECKOUT_START,
  MASTERCARD,
  VISA,
  completeCart,
  deliveringChannel,
  enrolCard,
  payAtAcquirer,
  postForm,
  sandboxAcquirerOf,
} from './support/checkout';

const REDCOMPRA = '4051 8842 3993 7763';
const SECOND_HOST = 'almacen.example';

let now = CHECKOUT_START;
let shop: TestApp;
let sc: number;
let skus: string[];
/** A sku dear enough that a few units pass a gift card's $20.000. */
let dear: { id: string; quantity: number };
/** The shop's acquirer: the SDK on the shop's own sandbox, with faults a test can switch on. */
let acquirer: TransbankAcquirer | undefined;
const faults = { crashAfterAuthorize: false, statusDown: false };

beforeAll(async () => {
  const faulty = new Proxy({} as Acquirer, {
    get:
      (_target, name: keyof Acquirer) =>
      async (...args: never[]) => {
        if (name === 'oneclickStatus' && faults.statusDown) throw new Error('acquirer unreachable');
        const answer = await (acquirer![name] as (...a: never[]) => Promise<unknown>)(...args);
        // The approval happened at the acquirer, and the shop never heard of it.
        if (name === 'oneclickAuthorize' && faults.crashAfterAuthorize) throw new Error('connection reset');
        return answer;
      },
  });
  // A second brand's host (§1 white-label): the e-mails placing sends name the shop it was placed in.
  shop = await createTestApp({
    clock: () => now,
    acquirer: faulty,
    env: { BRAND_HOSTS: JSON.stringify({ [SECOND_HOST]: { name: 'Almacén del Valle', sellerId: '2' } }) },
  });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  acquirer = sandboxAcquirerOf(shop);
  sc = await deliveringChannel(shop);
  const sellable = await sellableSkus(shop, { salesChannel: sc, limit: 40 });
  skus = sellable.map((row) => String(row.id));
  const top = [...sellable].sort((a, b) => b.price - a.price)[0]!;
  dear = { id: String(top.id), quantity: Math.min(30, Math.ceil(2_200_000 / top.price)) };
});
afterAll(async () => {
  await shop?.close();
});

type Ready = Awaited<ReturnType<typeof completeCart>>;
const transaction = (
  cart: Ready,
  value: number,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  cart.call(
    'POST',
    '/api/checkout/pub/orderform/transaction',
    {
      referenceId: cart.id,
      savePersonalData: true,
      optinNewsLetter: false,
      value,
      interestValue: 0,
      ...extra,
    },
    headers,
  );
const group = async (cart: Ready, orderGroup: string): Promise<Order[]> =>
  (await cart.call('GET', `/api/checkout/pub/orders/group/${orderGroup}`)).json();
const stockOf = async (sku: string) =>
  (
    await shop.database.pool.query(
      "SELECT available_quantity FROM sku_offer WHERE sku_id = $1 AND sales_channel = $2 AND seller_id = '1'",
      [sku, sc],
    )
  ).rows[0].available_quantity as number;
const count = async (query: string, params: unknown[]) =>
  (await shop.database.pool.query(query, params)).rows[0].n as number;
const giftBalance = async (number: string) =>
  (await shop.database.pool.query('SELECT balance_cents FROM sandbox_gift_card WHERE number = $1', [number]))
    .rows[0].balance_cents as number;
const totalizer = (form: OrderForm, id: string) => form.totalizers.find((each) => each.id === id)!.value;
/** The cart's one payment entry (the orderForm types its entries loosely). */
const entryOf = (form: OrderForm) =>
  form.paymentData.payments[0] as { paymentSystem: number; value: number; accountId?: string };
const giftCard = (gives: string) => TEST_GIFT_CARDS.find((card) => card.gives === gives)!.number;

/** Runs with the clock moved on, then puts it back. */
async function later<T>(ms: number, run: () => Promise<T>): Promise<T> {
  now = new Date(CHECKOUT_START.getTime() + ms);
  try {
    return await run();
  } finally {
    now = CHECKOUT_START;
  }
}

describe('debit and the group card on the acquirer page, with their prices (§6 collaborator)', () => {
  it('debit (30) pays the cart total through Webpay with a Redcompra card', async () => {
    const cart = await completeCart(shop, {
      sc,
      items: [{ id: skus[0]!, quantity: 2 }],
      pay: (form) => [{ paymentSystem: PAYMENT_IDS.debit, installments: 1, value: form.value }],
    });
    const placed = await transaction(cart, cart.total);
    expect(placed.statusCode, placed.body).toBe(200);
    const answer: TransactionAnswer = placed.json();
    const { back } = await payAtAcquirer(shop, answer.redirectUrl, REDCOMPRA, cart.shopper);
    expect((await postForm(shop, back.action, back.fields)).headers.location).toBe(
      `/checkout/orderPlaced?og=${answer.orderId}`,
    );
    const [order] = await group(cart, answer.orderId);
    expect(order).toMatchObject({ status: 'ready-for-handling', value: cart.total });
    expect(order!.paymentData.transactions[0]!.payments).toEqual([
      { paymentSystem: '30', value: cart.total },
    ]);
    // Sent again once paid (the browser's back button): the same order, on its confirmation, not Webpay.
    const again = await transaction(cart, cart.total);
    expect([again.statusCode, again.json()]).toEqual([
      200,
      { ...answer, redirectUrl: `/checkout/orderPlaced?og=${answer.orderId}` },
    ]);
  });

  it('a collaborator pays 10 % less with the group card or debit, and the shelf price by credit card', async () => {
    const items = [
      { id: skus[1]!, quantity: 3 },
      { id: skus[2]!, quantity: 1 },
    ];
    const regular = await completeCart(shop, { sc, items, segment: 'colaborador' });
    const { form } = regular;
    const card = totalizer(form, 'Tcenco') + totalizer(form, 'DiscountsTcenco');
    // The cart shows the collaborator's card total: 10 % off each line after its promotions.
    const lineTotals = form.items.map((item) => item.paymentPrices.Tcenco.total);
    expect(card).toBe(lineTotals.reduce((sum, total) => sum + total, 0));
    expect(card).toBeLessThan(form.value);
    expect(form.items[0]!.paymentPrices.Tcenco.priceTags).toContainEqual(
      expect.objectContaining({ identifier: 'collaborator', name: 'Colaborador 10 %' }),
    );

    // By credit card (the redirect), the shelf price: the group card's figure is refused.
    const refused = await transaction(regular, card + regular.fee);
    expect(failureCodeOf(refused.json())).toBe('orderValueMismatch');
    expect((await transaction(regular, regular.total)).statusCode).toBe(200);

    const groupCard = await completeCart(shop, {
      sc,
      items,
      segment: 'colaborador',
      pay: (f, fee) => [
        {
          paymentSystem: GROUP_CARD_PAYMENT_ID,
          installments: 1,
          value: totalizer(f, 'Tcenco') + totalizer(f, 'DiscountsTcenco') + fee,
        },
      ],
    });
    const placed = await transaction(groupCard, card + groupCard.fee);
    expect(placed.statusCode, placed.body).toBe(200);
    const answer: TransactionAnswer = placed.json();
    // Paid with the group's own card (the sandbox's group test card), which proves its prices.
    const { back } = await payAtAcquirer(shop, answer.redirectUrl, GROUP_TEST_CARD.number, groupCard.shopper);
    await postForm(shop, back.action, back.fields);
    const [order] = await group(groupCard, answer.orderId);
    expect(order).toMatchObject({ status: 'ready-for-handling', value: card + groupCard.fee });
    expect(order!.items.map((item) => item.sellingPrice)).toEqual(
      form.items.map((item) => item.paymentPrices.Tcenco.sellingPrice),
    );

    // Debit: the collaborator's 10 % without the group card's own promotions.
    const debitTotal = form.items.reduce(
      (sum, item) =>
        sum + item.priceDefinition.total - roundToWholePesos((item.priceDefinition.total * 10) / 100),
      0,
    );
    const debit = await completeCart(shop, {
      sc,
      items,
      segment: 'colaborador',
      pay: (_f, fee) => [{ paymentSystem: PAYMENT_IDS.debit, installments: 1, value: debitTotal + fee }],
    });
    const debitPlaced = await transaction(debit, debitTotal + debit.fee);
    expect(debitPlaced.statusCode, debitPlaced.body).toBe(200);
    const [debitOrder] = await group(debit, (debitPlaced.json() as TransactionAnswer).orderId);
    expect(debitOrder!.value).toBe(debitTotal + debit.fee);
  });

  it('a shopper outside the segment pays the shelf price with debit', async () => {
    const cart = await completeCart(shop, {
      sc,
      items: [{ id: skus[1]!, quantity: 3 }],
      pay: (form) => [{ paymentSystem: PAYMENT_IDS.debit, installments: 1, value: form.value }],
    });
    expect((await transaction(cart, cart.total)).statusCode).toBe(200);
  });
});

describe('one-click saved cards (201–204) through Oneclick Mall', () => {
  const oneclickCart = (sku: string, card = VISA, type: 'oneclick' | 'debitooneclick' = 'oneclick') =>
    completeCart(shop, {
      sc,
      items: [{ id: sku, quantity: 1 }],
      pay: async (form, fee, shopper) => [
        {
          paymentSystem: type === 'oneclick' ? PAYMENT_IDS.oneClick : PAYMENT_IDS.debitOneClick,
          installments: 1,
          value: form.value,
          accountId: await enrolCard(shop, shopper, card, type),
        },
      ],
    });

  it('charges the saved card at once: the order is paid, and the card cannot be deleted (§8)', async () => {
    const cart = await oneclickCart(skus[3]!);
    const before = await stockOf(skus[3]!);
    const answers = await Promise.all(Array.from({ length: 5 }, () => transaction(cart, cart.total)));
    for (const each of answers) expect(each.statusCode, each.body).toBe(200);
    expect(new Set(answers.map((each) => each.body)).size).toBe(1);
    const answer: TransactionAnswer = answers[0]!.json();
    expect(answer.redirectUrl).toBe(`/checkout/orderPlaced?og=${answer.orderId}`);
    const [order] = await group(cart, answer.orderId);
    expect(order).toMatchObject({ status: 'ready-for-handling', value: cart.total });
    expect(await stockOf(skus[3]!)).toBe(before - 1);
    expect(
      await count('SELECT count(*)::int AS n FROM sandbox_oneclick_payment WHERE buy_order = $1', [
        answer.orderId,
      ]),
    ).toBe(1);
    const accountId = entryOf(cart.form).accountId!;
    const refused = await cart.call('DELETE', `/api/wallet/card/${accountId}`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(WALLET_CARD_IN_USE_MESSAGE);
  });

  it('answers a repeat that comes after the charge was approved with the same order, not an empty cart', async () => {
    // CI: of 5 clicks at once, one came after the first had been charged and its cart emptied, and was
    // told 400 cartIncomplete ("Falta completar: medio de pago, modo de entrega").
    const cart = await oneclickCart(skus[3]!);
    const first = await transaction(cart, cart.total);
    expect(first.statusCode, first.body).toBe(200);
    // Another value is not a repeat of that purchase: the emptied cart has nothing to place.
    const other = await transaction(cart, cart.total + 100);
    expect([other.statusCode, failureCodeOf(other.json())]).toEqual([400, 'cartIncomplete']);
    const again = await transaction(cart, cart.total);
    expect([again.statusCode, again.body]).toEqual([200, first.body]);
  });

  it('asks for a saved card, and refuses a card that is not the shopper’s', async () => {
    const cart = await completeCart(shop, {
      sc,
      items: [{ id: skus[4]!, quantity: 1 }],
      pay: (form) => [{ paymentSystem: PAYMENT_IDS.oneClick, installments: 1, value: form.value }],
    });
    const missing = await transaction(cart, cart.total);
    expect(missing.statusCode).toBe(400);
    expect(failureCodeOf(missing.json())).toBe('savedCardRequired');
    const other = await oneclickCart(skus[4]!);
    await cart.call('POST', `/api/orderform/${cart.id}/payments`, {
      payments: [{ ...entryOf(other.form), value: cart.total }],
    });
    const foreign = await transaction(cart, cart.total);
    expect(foreign.statusCode).toBe(404);
    expect(failureCodeOf(foreign.json())).toBe('walletCardNotFound');
  });

  const declines = [
    ['−98 amount over the per-payment limit', 'oneclickAmountExceeded', { perPayment: 1 }],
    ['−97 amount over the daily limit', 'oneclickDailyAmountExceeded', { perDay: 1 }],
    ['−99 payments over the daily count', 'oneclickDailyCountExceeded', { paymentsPerDay: 0 }],
  ] as const;
  for (const [name, code, limits] of declines) {
    it(`declines ${name} (${code}, 402): stock back, and the shopper pays again`, async () => {
      const sku = skus[5]!;
      const cart = await oneclickCart(sku, REDCOMPRA, 'debitooneclick');
      const before = await stockOf(sku);
      const saved = { ...ONECLICK_LIMITS };
      Object.assign(ONECLICK_LIMITS, limits);
      let declined;
      try {
        declined = await transaction(cart, cart.total);
      } finally {
        Object.assign(ONECLICK_LIMITS, saved);
      }
      expect(declined.statusCode).toBe(402);
      expect(declined.json()).toMatchObject({ code, message: failureMessages[code] });
      expect(await stockOf(sku)).toBe(before);
      const again = await transaction(cart, cart.total);
      expect(again.statusCode, again.body).toBe(200);
      const [order] = await group(cart, (again.json() as TransactionAnswer).orderId);
      expect(order!.status).toBe('ready-for-handling');
    });
  }

  it('declines −96 for a card the acquirer no longer has enrolled', async () => {
    const cart = await oneclickCart(skus[6]!);
    await shop.database.pool.query('UPDATE sandbox_oneclick_inscription SET deleted_at = now()');
    const declined = await transaction(cart, cart.total);
    expect(declined.statusCode).toBe(402);
    expect(failureCodeOf(declined.json())).toBe('oneclickNotEnrolled');
  });

  it("holds a card redirect's units for STOCK_HOLD_MS by the shop's clock, as the sweep reads it", async () => {
    // The placement once took the machine's clock while the sweep and the reconciliation take the shop's:
    // with the shop's clock ahead (a journey's), a fresh hold read as expired and a paid order was refunded.
    const cart = await completeCart(shop, { sc, items: [{ id: skus[9]!, quantity: 1 }] });
    const placed = await transaction(cart, cart.total);
    expect(placed.statusCode, placed.body).toBe(200);
    const group = (placed.json() as TransactionAnswer).orderId;
    const { rows } = await shop.database.pool.query('SELECT expires_at FROM stock_hold WHERE holder = $1', [
      group,
    ]);
    expect(rows.map((row) => (row.expires_at as Date).getTime())).toEqual([now.getTime() + STOCK_HOLD_MS]);
    expect(await shop.services.catalog.releaseExpiredStockHolds(now)).toBe(0);
  });

  it('reconciles an approval the shop never heard of into the order, or a refund once the hold expired', async () => {
    const paid = await oneclickCart(skus[7]!);
    const refunded = await oneclickCart(skus[8]!);
    const refundedStock = await stockOf(skus[8]!);
    faults.crashAfterAuthorize = true;
    faults.statusDown = true;
    let lost;
    let lostToo;
    try {
      lost = await transaction(paid, paid.total);
      lostToo = await transaction(refunded, refunded.total);
    } finally {
      faults.crashAfterAuthorize = false;
      faults.statusDown = false;
    }
    expect(failureCodeOf(lost.json())).toBe('paymentSystemUnavailable');
    expect(failureCodeOf(lostToo.json())).toBe('paymentSystemUnavailable');
    const pendingGroup = async (cart: Ready) =>
      (
        await shop.database.pool.query(
          "SELECT order_group FROM payment_transaction WHERE order_form_id = $1 AND status = 'pending'",
          [cart.id],
        )
      ).rows[0].order_group as string;
    const paidGroup = await pendingGroup(paid);
    const refundedGroup = await pendingGroup(refunded);
    expect((await group(paid, paidGroup))[0]!.status).toBe('payment-pending');
    // The second cart's units were held too long: the holds went back before the reconciliation.
    await shop.database.pool.query('UPDATE stock_hold SET expires_at = $2 WHERE holder = $1', [
      refundedGroup,
      new Date(now.getTime() - 60_000),
    ]);
    await shop.services.catalog.releaseExpiredStockHolds(now);
    await shop.database.pool.query(
      "UPDATE payment_transaction SET created_at = $2 WHERE order_form_id = ANY($1) AND status = 'pending'",
      [[paid.id, refunded.id], new Date(CHECKOUT_START.getTime() - PAYMENT_RECONCILE_AFTER_MS - 1000)],
    );
    expect(await shop.services.checkout.reconcile()).toBe(2);
    // A buy order the mall never saw is null (never charged), not an error.
    expect(await acquirer!.oneclickStatus('9999999999999')).toBeNull();
    expect((await group(paid, paidGroup))[0]!.status).toBe('ready-for-handling');
    expect((await group(refunded, refundedGroup))[0]!.status).toBe('canceled');
    const refund = await shop.database.pool.query(
      'SELECT status FROM sandbox_oneclick_payment WHERE buy_order = $1',
      [refundedGroup],
    );
    expect(refund.rows[0].status).toBe('REVERSED');
    expect(await stockOf(skus[8]!)).toBe(refundedStock);
  });
});

describe('the wallet (783): payment-pending while 200-2, paid on 200-0 (§4)', () => {
  const walletCart = (email: string, sku: string) =>
    completeCart(shop, {
      sc,
      items: [{ id: sku, quantity: 1 }],
      account: { email },
      pay: (form, fee) => [
        {
          paymentSystem: PAYMENT_IDS.walletBalance,
          installments: 1,
          value: totalizer(form, 'BalanceCencoPay') + totalizer(form, 'DiscountsBalanceCencoPay') + fee,
        },
      ],
    });

  it('charges the balance with the tId; the status poll settles the order on 200-0', async () => {
    const cart = await walletCart('billetera@despensa.cl', skus[9]!);
    const placed = await transaction(cart, entryOf(cart.form).value);
    expect(placed.statusCode, placed.body).toBe(200);
    const answer: TransactionAnswer = placed.json();
    const charged = await cart.call('POST', '/api/wallet/transaction', {
      idCard: 'balance',
      tId: answer.tId,
    });
    expect(charged.json()).toMatchObject({ code: '200-2' });
    const { internalCode } = charged.json();
    expect((await group(cart, answer.orderId))[0]!.status).toBe('payment-pending');
    const settled = await later(WALLET_SETTLE_MS, () =>
      cart.call('GET', `/api/wallet/status/${internalCode}`),
    );
    expect(settled.json()).toEqual({ internalCode, code: '200-0' });
    expect((await group(cart, answer.orderId))[0]!.status).toBe('ready-for-handling');
    expect((await cart.call('GET', `/api/pvt/transactions/${answer.tId}`)).json().status).toBe('Approved');
  });

  it('charges a saved card through the wallet; once paid, that card cannot be deleted (§6)', async () => {
    const cart = await walletCart(`tarjeta${Date.now()}@correo.cl`, skus[9]!);
    const card = await enrolCard(shop, cart.shopper, VISA);
    const answer: TransactionAnswer = (await transaction(cart, entryOf(cart.form).value)).json();
    const { internalCode } = (
      await cart.call('POST', '/api/wallet/transaction', { idCard: card, tId: answer.tId })
    ).json();
    await later(WALLET_SETTLE_MS, () => cart.call('GET', `/api/wallet/status/${internalCode}`));
    expect((await group(cart, answer.orderId))[0]!.status).toBe('ready-for-handling');
    const refused = await cart.call('DELETE', `/api/wallet/card/${card}`);
    expect(refused.statusCode).toBe(401);
    expect(failureCodeOf(refused.json())).toBe('walletCardInUse');
  });

  it('an order the wallet paid keeps its total when edited; cancelling gives the balance back whole', async () => {
    const email = 'editar-billetera@despensa.cl';
    await shop.database.pool.query('INSERT INTO sandbox_wallet_account VALUES ($1, true, true, 5000000)', [
      email,
    ]);
    const balance = async () =>
      (
        await shop.database.pool.query('SELECT balance_cents FROM sandbox_wallet_account WHERE email = $1', [
          email,
        ])
      ).rows[0].balance_cents as number;
    const sku = skus[9]!;
    const cart = await completeCart(shop, {
      sc,
      items: [{ id: sku, quantity: 1 }],
      account: { email },
      windowIndex: 3,
      pay: (form, fee) => [
        {
          paymentSystem: PAYMENT_IDS.walletBalance,
          installments: 1,
          value: totalizer(form, 'BalanceCencoPay') + totalizer(form, 'DiscountsBalanceCencoPay') + fee,
        },
      ],
    });
    const answer: TransactionAnswer = (await transaction(cart, entryOf(cart.form).value)).json();
    const before = await balance();
    const { internalCode } = (
      await cart.call('POST', '/api/wallet/transaction', { idCard: 'balance', tId: answer.tId })
    ).json();
    await later(WALLET_SETTLE_MS, () => cart.call('GET', `/api/wallet/status/${internalCode}`));
    const [order] = await group(cart, answer.orderId);
    expect(order!.status).toBe('ready-for-handling');
    expect(await balance()).toBe(before - order!.value);
    for (const quantity of [2, 0]) {
      const refused = await cart.call('POST', `/api/order/edit/${order!.orderId}`, {
        items: [{ id: sku, quantity }, ...(quantity === 0 ? [{ id: skus[8]!, quantity: 1 }] : [])],
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'orderEditTotalFixed',
        message: failureMessages.orderEditTotalFixed,
      });
    }
    const canceled = await later(WALLET_SETTLE_MS, () =>
      cart.call('POST', `/api/order/cancel/${order!.orderId}`, {
        reason: 'preferNotToSay',
        phone: '+56912345678',
        comment: '',
      }),
    );
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await balance()).toBe(before);
  });

  it('fails the order on another end state (400-2: balance too low): units back, pay again', async () => {
    const sku = skus[10]!;
    const cart = await walletCart('sin-saldo@despensa.cl', sku);
    const before = await stockOf(sku);
    const answer: TransactionAnswer = (await transaction(cart, entryOf(cart.form).value)).json();
    const { internalCode } = (
      await cart.call('POST', '/api/wallet/transaction', { idCard: 'balance', tId: answer.tId })
    ).json();
    const failed = await later(WALLET_SETTLE_MS, () =>
      cart.call('GET', `/api/wallet/status/${internalCode}`),
    );
    expect(failed.json().code).toBe('400-2');
    expect((await group(cart, answer.orderId))[0]!.status).toBe('canceled');
    expect(await stockOf(sku)).toBe(before);
    expect((await transaction(cart, entryOf(cart.form).value)).statusCode).toBe(200);
  });

  it('is settled by the reconciliation when nobody polls', async () => {
    await shop.database.pool.query(
      "INSERT INTO sandbox_wallet_account VALUES ('otra-billetera@despensa.cl', true, true, 5000000)",
    );
    const cart = await walletCart('otra-billetera@despensa.cl', skus[11]!);
    const answer: TransactionAnswer = (await transaction(cart, entryOf(cart.form).value)).json();
    await cart.call('POST', '/api/wallet/transaction', { idCard: 'balance', tId: answer.tId });
    await later(PAYMENT_RECONCILE_AFTER_MS + WALLET_SETTLE_MS, () => shop.services.checkout.reconcile());
    expect((await group(cart, answer.orderId))[0]!.status).toBe('ready-for-handling');
  });
});

describe('gift cards (732): §5 balance, §8 codes end to end through the transaction', () => {
  const giftCart = (items: { id: string; quantity: number }[]) =>
    completeCart(shop, {
      sc,
      items,
      pay: (form) => [{ paymentSystem: PAYMENT_IDS.giftCard, installments: 1, value: form.value }],
    });

  it('pays the whole order from a card whose balance covers it, once however often it is sent', async () => {
    const number = giftCard('200-0');
    const before = await giftBalance(number);
    const cart = await giftCart([{ id: skus[12]!, quantity: 1 }]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        transaction(cart, cart.total, { giftCard: { number, password: GIFT_CARD_TEST_PASSWORD } }),
      ),
    );
    for (const each of answers) expect(each.statusCode, each.body).toBe(200);
    const answer: TransactionAnswer = answers[0]!.json();
    expect(answer.redirectUrl).toBe(`/checkout/orderPlaced?og=${answer.orderId}`);
    expect((await group(cart, answer.orderId))[0]!.status).toBe('ready-for-handling');
    expect(await giftBalance(number)).toBe(before - cart.total);
  });

  it('asks for the card with the transaction', async () => {
    const cart = await giftCart([{ id: skus[12]!, quantity: 1 }]);
    const response = await transaction(cart, cart.total);
    expect(response.statusCode).toBe(400);
    expect(failureCodeOf(response.json())).toBe('giftCardRequired');
    const number = await transaction(cart, cart.total, { giftCard: { number: '123', password: '1234' } });
    expect(number.statusCode).toBe(400);
    expect(number.json().message).toContain('Ingresa 16 dígitos');
    const password = await transaction(cart, cart.total, {
      giftCard: { number: giftCard('200-0'), password: '12' },
    });
    expect(password.json().message).toContain('Ingresa 4 dígitos');
  });

  const cases: [GiftCardErrorCode, string, string][] = [
    ['E001', giftCard('E001'), GIFT_CARD_TEST_PASSWORD],
    ['E002', '6035000000000201', GIFT_CARD_TEST_PASSWORD],
    ['E003', giftCard('E003'), GIFT_CARD_TEST_PASSWORD],
    ['E005', giftCard('E005'), GIFT_CARD_TEST_PASSWORD],
    ['E006', giftCard('E006'), GIFT_CARD_TEST_PASSWORD],
    ['E011', '6035000000009999', GIFT_CARD_TEST_PASSWORD],
    ['E012', giftCard('E012'), GIFT_CARD_TEST_PASSWORD],
    ['E013', giftCard('E013'), GIFT_CARD_TEST_PASSWORD],
    ['E014', '6035000000000202', '9999'],
    ['E015', giftCard('E015'), GIFT_CARD_TEST_PASSWORD],
    ['E016', giftCard('E016'), GIFT_CARD_TEST_PASSWORD],
    ['E027', giftCard('E027'), GIFT_CARD_TEST_PASSWORD],
    ['E030', giftCard('E030'), GIFT_CARD_TEST_PASSWORD],
    ['E075', giftCard('E075'), GIFT_CARD_TEST_PASSWORD],
  ];
  for (const [code, number, password] of cases) {
    it(`${code}: ${GIFT_CARD_ERRORS[code]} (402 ${GIFT_CARD_FAILURES[code]}), the units given back`, async () => {
      const cart = await giftCart([dear]);
      const before = await stockOf(dear.id);
      const response = await transaction(cart, cart.total, { giftCard: { number, password } });
      expect(response.statusCode, response.body).toBe(402);
      expect(response.json()).toMatchObject({
        code: GIFT_CARD_FAILURES[code],
        message: GIFT_CARD_ERRORS[code],
        field: code,
      });
      expect(await stockOf(dear.id)).toBe(before);
      expect(
        await count(
          "SELECT count(*)::int AS n FROM shop_order WHERE order_form_id = $1 AND status <> 'canceled'",
          [cart.id],
        ),
      ).toBe(0);
    });
  }

  it('a redemption whose answer never came back is given back by the reconciliation', async () => {
    const number = giftCard('200-0');
    const issuer = shop.services.giftCards;
    const redeem = issuer.redeem.bind(issuer);
    let crash!: () => void;
    // The issuer redeems; the shop dies before it hears so (the call never returns until told to fail).
    issuer.redeem = async (...args) => {
      await redeem(...args);
      await new Promise<void>((resolve) => (crash = resolve));
      throw new Error('connection reset');
    };
    const cart = await giftCart([{ id: skus[13]!, quantity: 1 }]);
    const before = await giftBalance(number);
    const lost = transaction(cart, cart.total, { giftCard: { number, password: GIFT_CARD_TEST_PASSWORD } });
    try {
      for (let tries = 0; (await giftBalance(number)) === before && tries < 100; tries++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await giftBalance(number)).toBe(before - cart.total);
      expect(await later(PAYMENT_RECONCILE_AFTER_MS + 1000, () => shop.services.checkout.reconcile())).toBe(
        1,
      );
    } finally {
      issuer.redeem = redeem;
      crash();
    }
    expect((await lost).statusCode).not.toBe(200);
    expect(await giftBalance(number)).toBe(before);
    const { rows } = await shop.database.pool.query(
      'SELECT status FROM payment_transaction WHERE order_form_id = $1',
      [cart.id],
    );
    expect(rows).toEqual([{ status: 'refunded' }]);
  });

  it('a declined shopper pays again with another card', async () => {
    const cart = await giftCart([{ id: skus[13]!, quantity: 1 }]);
    const wrong = await transaction(cart, cart.total, {
      giftCard: { number: giftCard('E001'), password: GIFT_CARD_TEST_PASSWORD },
    });
    expect(failureCodeOf(wrong.json())).toBe('giftCardNoBalance');
    const right = await transaction(cart, cart.total, {
      giftCard: { number: giftCard('200-0'), password: GIFT_CARD_TEST_PASSWORD },
    });
    expect(right.statusCode, right.body).toBe(200);
  });
});

describe('a gift card plus a card for the rest', () => {
  const number = '6035000000000200';
  const split =
    (cardSystem: number, part: number, extra: Record<string, unknown> = {}) =>
    (form: OrderForm) => [
      { paymentSystem: PAYMENT_IDS.giftCard, installments: 1, value: part },
      { paymentSystem: cardSystem, installments: 1, value: form.value - part, ...extra },
    ];

  it('takes the gift card part, the rest on the acquirer page; a rejected card gives the part back', async () => {
    const cart = await completeCart(shop, {
      sc,
      items: [{ id: skus[14]!, quantity: 2 }],
      pay: split(CARD_REDIRECT_PAYMENT_ID, 100_000),
    });
    const before = await giftBalance(number);
    const answer: TransactionAnswer = (
      await transaction(cart, cart.total, { giftCard: { number, password: GIFT_CARD_TEST_PASSWORD } })
    ).json();
    expect(await giftBalance(number)).toBe(before - 100_000);
    const webpay = await shop.database.pool.query(
      'SELECT amount FROM sandbox_webpay_transaction WHERE buy_order = $1',
      [answer.orderId],
    );
    expect(Number(webpay.rows[0].amount) * 100).toBe(cart.total - 100_000);
    const { back } = await payAtAcquirer(shop, answer.redirectUrl, MASTERCARD, cart.shopper);
    await postForm(shop, back.action, back.fields);
    expect((await group(cart, answer.orderId))[0]!.status).toBe('canceled');
    expect(await giftBalance(number)).toBe(before);

    const again: TransactionAnswer = (
      await transaction(cart, cart.total, { giftCard: { number, password: GIFT_CARD_TEST_PASSWORD } })
    ).json();
    const paid = await payAtAcquirer(shop, again.redirectUrl, VISA, cart.shopper);
    await postForm(shop, paid.back.action, paid.back.fields);
    const [order] = await group(cart, again.orderId);
    expect(order!.status).toBe('ready-for-handling');
    expect(order!.paymentData.transactions[0]!.payments).toEqual([
      { paymentSystem: '732', value: 100_000 },
      { paymentSystem: String(CARD_REDIRECT_PAYMENT_ID), value: cart.total - 100_000 },
    ]);
    expect(await giftBalance(number)).toBe(before - 100_000);
  });

  it('with a saved one-click card for the rest, paid at once', async () => {
    const cart = await completeCart(shop, {
      sc,
      items: [{ id: skus[15]!, quantity: 1 }],
      pay: async (form, _fee, shopper) =>
        split(PAYMENT_IDS.oneClick, 50_000, { accountId: await enrolCard(shop, shopper, VISA) })(form),
    });
    const response = await transaction(cart, cart.total, {
      giftCard: { number, password: GIFT_CARD_TEST_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [order] = await group(cart, (response.json() as TransactionAnswer).orderId);
    expect(order!.status).toBe('ready-for-handling');
  });

  it('refuses parts that do not add up to the total, and two cards', async () => {
    const cart = await completeCart(shop, {
      sc,
      items: [{ id: skus[15]!, quantity: 1 }],
      pay: (form) => [
        { paymentSystem: PAYMENT_IDS.giftCard, installments: 1, value: 100_000 },
        { paymentSystem: CARD_REDIRECT_PAYMENT_ID, installments: 1, value: form.value - 200_000 },
      ],
    });
    const short = await transaction(cart, cart.total, { giftCard: { number, password: '1234' } });
    expect(failureCodeOf(short.json())).toBe('orderValueMismatch');
    await cart.call('POST', `/api/orderform/${cart.id}/payments`, {
      payments: [
        { paymentSystem: PAYMENT_IDS.debit, installments: 1, value: 100_000 },
        { paymentSystem: CARD_REDIRECT_PAYMENT_ID, installments: 1, value: cart.total - 100_000 },
      ],
    });
    const two = await transaction(cart, cart.total);
    expect(two.statusCode).toBe(400);
    expect(failureCodeOf(two.json())).toBe('paymentCombinationInvalid');
  });
});

describe('§4 purchase-flow steps of the transaction', () => {
  it('a blocked address answers 403 and mails a code; the code typed in the dialog lets it go on', async () => {
    const cart = await completeCart(shop, {
      sc,
      items: [{ id: skus[16]!, quantity: 1 }],
      address: async (shopper) => {
        const made = await shop.app.inject({
          method: 'POST',
          url: '/api/user/address',
          headers: { 'x-api-key': 'test-web-key', 'x-consumer': 'web', 'x-access-token': shopper.token },
          payload: { ...ADDRESS, geoCoordinates: [-70.61667, -33.43333] },
        });
        return made.json().addressId as string;
      },
    });
    const blocked = await transaction(cart, cart.total, {}, { host: SECOND_HOST });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'addressBlocked', message: failureMessages.addressBlocked });
    const [mail] = (shop.services.mailer as SandboxMailer).outbox(cart.shopper.email);
    expect(mail?.subject).toBe('Tu código de acceso a Almacén del Valle');
    const code = lastCode(shop, cart.shopper.email);
    const wrong = await transaction(cart, cart.total, { accessKey: '000000' === code ? '111111' : '000000' });
    expect(failureCodeOf(wrong.json())).toBe('wrongAccessKey');
    const placed = await transaction(cart, cart.total, { accessKey: code });
    expect(placed.statusCode, placed.body).toBe(200);
  });

  it('deletes a shipping estimate left in customData for a delivery that is not express', async () => {
    const cart = await completeCart(shop, { sc, items: [{ id: skus[17]!, quantity: 1 }] });
    await cart.call('PUT', `/api/orderform/${cart.id}/customData/shippingData/shippingEstimate`, {
      value: '2026-11-02T18:00:00.000Z',
    });
    expect((await transaction(cart, cart.total)).statusCode).toBe(200);
    const form: OrderForm = (await cart.call('GET', `/api/orderform/${cart.id}`)).json();
    expect(form.customData.customApps.find((app) => app.id === 'shippingData')).toBeUndefined();
  });

  it('writes the express estimate to customData (§4 step 3, §9) and charges the express fee', async () => {
    const cart = await completeCart(shop, { sc, items: [{ id: skus[17]!, quantity: 2 }], express: true });
    expect(cart.fee).toBe(DELIVERY_PRICES_CENTS.express);
    const placed = await transaction(cart, cart.total);
    expect(placed.statusCode, placed.body).toBe(200);
    const form: OrderForm = (await cart.call('GET', `/api/orderform/${cart.id}`)).json();
    const estimate = form.customData.customApps.find((app) => app.id === 'shippingData')?.fields
      .shippingEstimate;
    const { rows } = await shop.database.pool.query(
      'SELECT delivery_time_minutes FROM store WHERE sales_channel = $1',
      [sc],
    );
    const minutes = expressEstimateMinutes(2, rows[0].delivery_time_minutes);
    expect(estimate).toBe(new Date(CHECKOUT_START.getTime() + minutes * 60_000).toISOString());
    const [order] = await group(cart, (placed.json() as TransactionAnswer).orderId);
    expect(order!.value).toBe(cart.total);
  });

  it('re-applies items of another seller under the first seller when it sells them (step 2)', async () => {
    // The demo's marketplace sellers sell in sales channel 1.
    const { rows } = await shop.database.pool.query(
      `SELECT o.sku_id, o.seller_id FROM sku_offer o
         JOIN sku_offer own ON own.sku_id = o.sku_id AND own.sales_channel = 1 AND own.seller_id = '1'
        WHERE o.sales_channel = 1 AND o.seller_id <> '1' AND o.list_price > 0 AND o.available_quantity > 2
          AND own.list_price > 0 AND own.available_quantity > 2
        ORDER BY o.sku_id LIMIT 1`,
    );
    const own = await sellableSkus(shop, { salesChannel: 1, limit: 1 });
    const cart = await completeCart(shop, {
      sc: 1,
      items: [
        { id: String(own[0]!.id), quantity: 1 },
        { id: String(rows[0].sku_id), quantity: 1, seller: rows[0].seller_id },
      ],
      skip: ['shipping'],
    });
    expect(cart.form.items.map((item) => item.seller).sort()).toEqual(['1', rows[0].seller_id]);
    // Re-applied before anything else is checked (this cart has no delivery yet).
    const refused = await transaction(cart, cart.total);
    expect(failureCodeOf(refused.json())).toBe('cartIncomplete');
    const moved: OrderForm = (await cart.call('GET', `/api/orderform/${cart.id}`)).json();
    expect(moved.items.map((item) => item.seller)).toEqual(['1', '1']);
  });

  it('missing transaction fields are a 400; an unknown cart a 404', async () => {
    const cart = await completeCart(shop, { sc, items: [{ id: skus[19]!, quantity: 1 }] });
    const missing = await cart.call('POST', '/api/checkout/pub/orderform/transaction', {
      referenceId: cart.id,
    });
    expect(missing.statusCode).toBe(400);
    expect(failureCodeOf(missing.json())).toBe('invalidInput');
    const unknown = await cart.call('POST', '/api/checkout/pub/orderform/transaction', {
      referenceId: 'f'.repeat(32),
      value: 100,
    });
    expect(unknown.statusCode).toBe(404);
    expect(failureCodeOf(unknown.json())).toBe('cartNotFound');
  });
});
