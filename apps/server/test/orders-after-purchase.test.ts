import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_METHODS, ORDER_EDIT_CUTOFF_MS, PAYMENT_IDS, formatCLP } from '@despensa/domain';
import {
  ZONED_DATE_MESSAGE,
  failureMessages,
  type EditOrderAnswer,
  type EditProducts,
  type LastOrderItems,
  type Order,
  type OrderList,
  type TransactionAnswer,
} from '@despensa/contracts';
import type { SandboxMailer } from '../src/providers/mail/sandbox';
import { createTestApp, type TestApp } from './support/app';
import { ONECLICK_LIMITS } from '../src/providers/acquirer/sandbox/oneclick';
import { GIFT_CARD_TEST_PASSWORD, TEST_GIFT_CARDS } from '../src/providers/giftcard/sandbox/cards';
import { sellableSkus } from './support/cart';
import {
  CHECKOUT_START,
  MASTERCARD,
  VISA,
  as,
  completeCart,
  deliveringChannel,
  enrolCard,
  payAtAcquirer,
  postForm,
} from './support/checkout';
import { placePaidOrder } from './support/orders';

let now = CHECKOUT_START;
let shop: TestApp;
let sc: number;
let skus: string[];
let weighedSku: string;

beforeAll(async () => {
  shop = await createTestApp({ clock: () => now });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  sc = await deliveringChannel(shop);
  skus = (await sellableSkus(shop, { salesChannel: sc, limit: 20 })).map((row) => String(row.id));
  weighedSku = String((await sellableSkus(shop, { salesChannel: sc, weighed: true, limit: 1 }))[0]!.id);
});
afterAll(async () => {
  await shop?.close();
});

const query = async (text: string, params: unknown[]) => (await shop.database.pool.query(text, params)).rows;
const stockOf = async (sku: string) =>
  (
    await query(
      "SELECT available_quantity FROM sku_offer WHERE sku_id = $1 AND sales_channel = $2 AND seller_id = '1'",
      [sku, sc],
    )
  )[0].available_quantity as number;
const placesOf = async (startDateUtc: string) =>
  (
    await query(
      `SELECT w.reserved FROM delivery_window w JOIN store s ON s.id = w.store_id
        WHERE s.sales_channel = $1 AND w.starts_at = $2`,
      [sc, startDateUtc],
    )
  )[0].reserved as number;
/** Home-delivery windows of the channel's store that still have room, as the simulation offers them. */
const openWindows = async () =>
  (
    await shop.services.delivery.simulate({
      location: { zipCode: '7500000', country: 'CL', point: [-70.61667, -33.43333] },
      saleschannel: sc,
      shippingMethod: DELIVERY_METHODS.homeDelivery.id,
      items: [{ id: skus[0]!, quantity: 1, seller: '1' }],
    })
  ).logisticsInfo[0]!.slas[0]!.availableDeliveryWindows.filter((w) => w.remaining > 0);
const outbox = (to: string) => (shop.services.mailer as SandboxMailer).outbox(to);

describe('GET /api/checkout/pub/orders (§7: paging from 1, filters; current and old purchases)', () => {
  it("lists the customer's own purchases, newest first, paged and filtered by status and date", async () => {
    now = CHECKOUT_START;
    const first = await placePaidOrder(shop, { sc, items: [{ id: skus[0]!, quantity: 1 }] });
    now = new Date(CHECKOUT_START.getTime() + 26 * 3600_000);
    const second = await placePaidOrder(shop, {
      sc,
      items: [{ id: skus[1]!, quantity: 2 }],
      shopper: first.shopper,
    });
    await placePaidOrder(shop, { sc, items: [{ id: skus[2]!, quantity: 1 }] }); // a stranger's
    const call = as(shop, first.shopper);

    const page1 = await call('GET', '/api/checkout/pub/orders?page=1&per_page=1');
    expect(page1.statusCode, page1.body).toBe(200);
    const list: OrderList = page1.json();
    expect(list.paging).toEqual({ total: 2, pages: 2, currentPage: 1, perPage: 1 });
    expect(list.list.map((row) => row.orderId)).toEqual([second.orderId]);
    expect(list.list[0]).toMatchObject({
      orderGroup: second.orderGroup,
      status: 'ready-for-handling',
      statusDescription: 'Listo para preparar',
      totalValue: second.total,
      totalItems: 1,
      selectedSla: 'seller-1-sla-DespachoaDomicilio',
    });
    const page2: OrderList = (await call('GET', '/api/checkout/pub/orders/?page=2&per_page=1')).json();
    expect(page2.list.map((row) => row.orderId)).toEqual([first.orderId]);
    // Paging starts at page 1: there is no page 0.
    expect((await call('GET', '/api/checkout/pub/orders?page=0')).statusCode).toBe(400);

    const byDay: OrderList = (
      await call('GET', '/api/checkout/pub/orders?from=2026-11-03&to=2026-11-03')
    ).json();
    expect(byDay.list.map((row) => row.orderId)).toEqual([second.orderId]);
    const canceledOnly: OrderList = (await call('GET', '/api/checkout/pub/orders?f_status=canceled')).json();
    expect(canceledOnly.paging.total).toBe(0);
    const unknown = await call('GET', '/api/checkout/pub/orders?f_status=lost');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Estado desconocido: lost');

    // Placed 92 days ago, both are old purchases (/mis-compras-antiguas).
    await query(
      "UPDATE shop_order SET created_at = created_at - interval '92 days' WHERE order_group IN ($1, $2)",
      [first.orderGroup, second.orderGroup],
    );
    expect(((await call('GET', '/api/checkout/pub/orders')).json() as OrderList).paging.total).toBe(0);
    const old: OrderList = (await call('GET', '/api/checkout/pub/orders?scope=old')).json();
    expect(old.list.map((row) => row.orderId)).toEqual([second.orderId, first.orderId]);

    expect((await as(shop, null)('GET', '/api/checkout/pub/orders')).statusCode).toBe(401);
  });
});

describe('payment attempts that never succeeded are not purchases (issue 28 item 9)', () => {
  it('a declined card and mistyped gift cards leave no order in the list; a paid order cancelled later stays', async () => {
    now = CHECKOUT_START;
    const paid = await placePaidOrder(shop, { sc, items: [{ id: skus[3]!, quantity: 1 }], windowIndex: 4 });
    const call = as(shop, paid.shopper);
    const canceled = await call('POST', `/api/order/cancel/${paid.orderId}`, {
      phone: '+56912345678',
      comment: '',
      reason: 'wrongAddress',
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const kept = await placePaidOrder(shop, {
      sc,
      items: [{ id: skus[4]!, quantity: 1 }],
      windowIndex: 4,
      shopper: paid.shopper,
    });
    // A card the bank declines on Webpay's page.
    const declined = await completeCart(shop, {
      sc,
      items: [{ id: skus[5]!, quantity: 1 }],
      windowIndex: 4,
      shopper: paid.shopper,
    });
    const attempt = await declined.call('POST', '/api/checkout/pub/orderform/transaction', {
      referenceId: declined.id,
      savePersonalData: true,
      optinNewsLetter: false,
      value: declined.total,
      interestValue: 0,
    });
    const { back } = await payAtAcquirer(
      shop,
      (attempt.json() as TransactionAnswer).redirectUrl,
      MASTERCARD,
      declined.shopper,
    );
    expect((await postForm(shop, back.action, back.fields)).headers.location).toMatch(
      /^\/checkout\/payment\?paymentError=rejected/,
    );
    // A gift card's password mistyped twice (each 'Pagar' a new attempt of the same cart).
    const number = TEST_GIFT_CARDS.find((card) => card.gives === '200-0')!.number;
    const typo = await completeCart(shop, {
      sc,
      items: [{ id: skus[6]!, quantity: 1 }],
      windowIndex: 4,
      shopper: paid.shopper,
      pay: (form) => [{ paymentSystem: PAYMENT_IDS.giftCard, installments: 1, value: form.value }],
    });
    for (let time = 0; time < 2; time += 1) {
      const refused = await typo.call('POST', '/api/checkout/pub/orderform/transaction', {
        referenceId: typo.id,
        savePersonalData: true,
        optinNewsLetter: false,
        value: typo.total,
        interestValue: 0,
        giftCard: { number, password: '9999' },
      });
      expect(refused.json().code).toBe('giftCardWrongPassword');
    }

    const listed: OrderList = (await call('GET', '/api/checkout/pub/orders')).json();
    // Placed at the same instant here, so compared without their order.
    expect(new Map(listed.list.map((row) => [row.orderId, row.status]))).toEqual(
      new Map([
        [kept.orderId, 'ready-for-handling'],
        [paid.orderId, 'canceled'],
      ]),
    );
    expect(listed.paging.total).toBe(2);
    const canceledOnly: OrderList = (await call('GET', '/api/checkout/pub/orders?f_status=canceled')).json();
    expect(canceledOnly.list.map((row) => row.orderId)).toEqual([paid.orderId]);
    // Kept for the store's operators and the audit: three attempts, each a canceled group.
    const attempts = await query(
      `SELECT o.status, t.status AS payment FROM shop_order o JOIN payment_transaction t USING (order_group)
        WHERE o.user_id = $1 AND t.authorized_at IS NULL`,
      [paid.shopper.userId],
    );
    expect(attempts).toEqual([
      { status: 'canceled', payment: 'canceled' },
      { status: 'canceled', payment: 'canceled' },
      { status: 'canceled', payment: 'canceled' },
    ]);
  });
});

describe('order detail, GET /api/orders/lastone and /api/orders/last', () => {
  it('shows items, substitution preferences, weighed items, window, address, payment and status', async () => {
    now = CHECKOUT_START;
    const placed = await placePaidOrder(shop, {
      sc,
      items: [
        { id: skus[3]!, quantity: 2 },
        { id: weighedSku, quantity: 2 },
      ],
      windowIndex: 2,
    });
    const call = as(shop, placed.shopper);
    const detail = await call('GET', `/api/checkout/pub/orders/${placed.orderId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const order: Order = detail.json();
    expect(order).toMatchObject({
      status: 'ready-for-handling',
      allowCancellation: true,
      allowReschedule: true,
      allowEdition: true,
      cancellationData: null,
      orderInfo: { substituteType: 6 },
      shippingData: {
        selectedSla: 'seller-1-sla-DespachoaDomicilio',
        address: expect.objectContaining({ street: 'Av. Providencia', number: '1234' }),
      },
      paymentData: { transactions: [{ transactionId: placed.transactionId }] },
    });
    const window = order.shippingData.deliveryWindow!;
    expect(order.editCutoff).toBe(
      new Date(Date.parse(window.startDateUtc) - ORDER_EDIT_CUTOFF_MS).toISOString(),
    );
    const weighed = order.items.find((item) => item.id === weighedSku)!;
    expect(weighed.weighed).toEqual({
      estimatedWeightKg: 2 * weighed.unitMultiplier,
      // sellingPrice is per kg: 2 steps of unitMultiplier kg cost what the line cost.
      estimatedPrice: weighed.total,
      realWeightKg: null,
      realPrice: null,
    });
    expect(order.items.find((item) => item.id === skus[3])!.weighed).toBeNull();

    const lastOne = await call('GET', '/api/orders/lastone');
    expect((lastOne.json() as Order).orderId).toBe(placed.orderId);
    const last: LastOrderItems = (await call('GET', '/api/orders/last')).json();
    expect(last.orderId).toBe(placed.orderId);
    expect(
      last.items.map(({ id, quantity }) => ({ id, quantity })).sort((a, b) => a.id.localeCompare(b.id)),
    ).toEqual(
      [
        { id: skus[3]!, quantity: 2 },
        { id: weighedSku, quantity: 2 },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );

    // Another shopper: the order is not there for them, and they have no last order.
    const stranger = (await placePaidOrder(shop, { sc, items: [{ id: skus[4]!, quantity: 1 }] })).shopper;
    const theirs = as(shop, stranger);
    expect((await theirs('GET', `/api/checkout/pub/orders/${placed.orderId}`)).statusCode).toBe(404);
    expect((await as(shop, null)('GET', '/api/orders/lastone')).statusCode).toBe(401);
    expect((await as(shop, null)('GET', '/api/orders/last')).statusCode).toBe(401);
  });
});

describe('POST /api/order/reschedule/{id} (§7)', () => {
  it('moves the window place in one go, mails the shopper, and refuses a full window or a picked order', async () => {
    now = CHECKOUT_START;
    const placed = await placePaidOrder(shop, { sc, items: [{ id: skus[5]!, quantity: 1 }], windowIndex: 1 });
    const call = as(shop, placed.shopper);
    const before: Order = (await call('GET', `/api/checkout/pub/orders/${placed.orderId}`)).json();
    const from = before.shippingData.deliveryWindow!;
    const windows = await openWindows();
    const target = windows.find(
      (w) => w.startDateUtc !== from.startDateUtc && w.startDateUtc > from.startDateUtc,
    )!;
    const [fromPlaces, targetPlaces] = [
      await placesOf(from.startDateUtc),
      await placesOf(target.startDateUtc),
    ];

    const moved = await call('POST', `/api/order/reschedule/${placed.orderId}`, {
      startDateUtc: target.startDateUtc,
      endDateUtc: target.endDateUtc,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as Order).shippingData.deliveryWindow).toEqual({
      startDateUtc: target.startDateUtc,
      endDateUtc: target.endDateUtc,
    });
    expect(await placesOf(from.startDateUtc)).toBe(fromPlaces - 1);
    expect(await placesOf(target.startDateUtc)).toBe(targetPlaces + 1);
    expect(outbox(placed.shopper.email)[0]?.subject).toBe(`Reagendamos tu pedido ${placed.orderId}`);

    const same = await call('POST', `/api/order/reschedule/${placed.orderId}`, target);
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe('orderSameWindow');

    // A full window: its capacity all taken.
    const full = windows.find((w) => ![from.startDateUtc, target.startDateUtc].includes(w.startDateUtc))!;
    await query(
      `UPDATE delivery_window w SET reserved = capacity FROM store s
        WHERE s.id = w.store_id AND s.sales_channel = $1 AND w.starts_at = $2`,
      [sc, full.startDateUtc],
    );
    const refused = await call('POST', `/api/order/reschedule/${placed.orderId}`, {
      startDateUtc: full.startDateUtc,
      endDateUtc: full.endDateUtc,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'windowFull', message: failureMessages.windowFull });
    expect(await placesOf(target.startDateUtc)).toBe(targetPlaces + 1);

    const notAWindow = await call('POST', `/api/order/reschedule/${placed.orderId}`, {
      startDateUtc: '2026-11-03T03:17:00Z',
      endDateUtc: '2026-11-03T05:17:00Z',
    });
    expect(notAWindow.json().code).toBe('windowNotOffered');
    const stranger = as(
      shop,
      (await placePaidOrder(shop, { sc, items: [{ id: skus[6]!, quantity: 1 }] })).shopper,
    );
    expect((await stranger('POST', `/api/order/reschedule/${placed.orderId}`, from)).statusCode).toBe(404);

    // Picking started: too late.
    await shop.services.orders.setStatus(placed.orderId, 'handling');
    const picked = await call('POST', `/api/order/reschedule/${placed.orderId}`, from);
    expect(picked.statusCode).toBe(409);
    expect(picked.json()).toMatchObject({
      code: 'orderNotReschedulable',
      message: failureMessages.orderNotReschedulable,
    });
  });

  it("refuses a date without its time zone, which would be read in the server's zone (issue 27)", async () => {
    now = CHECKOUT_START;
    const placed = await placePaidOrder(shop, { sc, items: [{ id: skus[7]!, quantity: 1 }] });
    const call = as(shop, placed.shopper);
    for (const [startDateUtc, endDateUtc] of [
      ['2026-12-01 13:00', '2026-12-01 15:00'],
      ['2026-12-01T13:00:00', '2026-12-01T15:00:00'],
    ]) {
      const zoneless = await call('POST', `/api/order/reschedule/${placed.orderId}`, {
        startDateUtc,
        endDateUtc,
      });
      expect(zoneless.statusCode).toBe(400);
      expect(zoneless.json()).toMatchObject({
        code: 'invalidInput',
        field: 'body.startDateUtc',
        message: `Campo inválido: body.startDateUtc (${ZONED_DATE_MESSAGE})`,
      });
    }
  });
});

describe('POST /api/order/cancel/{id} (§7 reasons)', () => {
  it('gives back the stock and the window place, refunds through the card, mails; refused once invoiced', async () => {
    now = CHECKOUT_START;
    const sku = skus[7]!;
    const stockBefore = await stockOf(sku);
    const placed = await placePaidOrder(shop, { sc, items: [{ id: sku, quantity: 3 }], windowIndex: 2 });
    const call = as(shop, placed.shopper);
    const window = ((await call('GET', `/api/checkout/pub/orders/${placed.orderId}`)).json() as Order)
      .shippingData.deliveryWindow!;
    const places = await placesOf(window.startDateUtc);
    expect(await stockOf(sku)).toBe(stockBefore - 3);

    const badReason = await call('POST', `/api/order/cancel/${placed.orderId}`, {
      phone: '+56912345678',
      comment: '',
      reason: 'boredom',
    });
    expect(badReason.statusCode).toBe(400);
    const badPhone = await call('POST', `/api/order/cancel/${placed.orderId}`, {
      phone: '12',
      comment: '',
      reason: 'wrongAddress',
    });
    expect(badPhone.statusCode).toBe(400);
    const stranger = as(
      shop,
      (await placePaidOrder(shop, { sc, items: [{ id: skus[8]!, quantity: 1 }] })).shopper,
    );
    const body = { phone: '+56 9 1234 5678', comment: 'Me equivoqué de dirección', reason: 'wrongAddress' };
    expect((await stranger('POST', `/api/order/cancel/${placed.orderId}`, body)).statusCode).toBe(404);

    const canceled = await call('POST', `/api/order/cancel/${placed.orderId}`, body);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({
      status: 'canceled',
      statusDescription: 'Cancelado',
      allowCancellation: false,
      cancellationData: {
        reason: 'Dirección equivocada',
        comment: 'Me equivoqué de dirección',
        requestedBy: '+56912345678',
      },
    });
    expect(await stockOf(sku)).toBe(stockBefore);
    expect(await placesOf(window.startDateUtc)).toBe(places - 1);
    const payment = await call('GET', `/api/pvt/transactions/${placed.transactionId}`);
    expect(payment.json()).toMatchObject({ status: 'Refunded', totalRefunds: placed.total });
    expect(outbox(placed.shopper.email)[0]?.subject).toBe(`Anulamos tu pedido ${placed.orderId}`);

    const again = await call('POST', `/api/order/cancel/${placed.orderId}`, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('orderNotCancellable');

    const invoiced = await placePaidOrder(shop, { sc, items: [{ id: skus[9]!, quantity: 1 }] });
    await shop.services.orders.setStatus(invoiced.orderId, 'invoiced');
    const refused = await as(shop, invoiced.shopper)('POST', `/api/order/cancel/${invoiced.orderId}`, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'orderNotCancellable',
      message: failureMessages.orderNotCancellable,
    });
    expect(
      (await as(shop, invoiced.shopper)('GET', `/api/pvt/transactions/${invoiced.transactionId}`)).json()
        .status,
    ).toBe('Approved');
  });
});

describe('POST /api/order/edit/{id} (until the cut-off before picking)', () => {
  it('re-prices, refunds the difference through the card, moves the stock; refused after the cut-off', async () => {
    now = CHECKOUT_START;
    const [kept, removed] = [skus[10]!, skus[11]!];
    const placed = await placePaidOrder(shop, {
      sc,
      items: [
        { id: kept, quantity: 3 },
        { id: removed, quantity: 1 },
      ],
      windowIndex: 3,
    });
    const call = as(shop, placed.shopper);
    const order: Order = (await call('GET', `/api/checkout/pub/orders/${placed.orderId}`)).json();
    const line = (id: string) => order.items.find((item) => item.id === id)!;
    const [keptStock, removedStock] = [await stockOf(kept), await stockOf(removed)];

    const raised = await call('POST', `/api/order/edit/${placed.orderId}`, {
      items: [{ id: kept, quantity: 5 }],
    });
    expect(raised.statusCode).toBe(409);
    expect(raised.json()).toMatchObject({
      code: 'orderEditRaisesTotal',
      message: failureMessages.orderEditRaisesTotal,
    });

    const edited = await call('POST', `/api/order/edit/${placed.orderId}`, {
      items: [
        { id: kept, quantity: 2 },
        { id: removed, quantity: 0 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const answer: EditOrderAnswer = edited.json();
    const refund = line(kept).sellingPrice + line(removed).sellingPrice;
    expect(answer).toMatchObject({ difference: -refund, charged: 0, refunded: refund });
    expect(answer.order.value).toBe(order.value - refund);
    expect(answer.order.items.map(({ id, quantity }) => ({ id, quantity }))).toEqual([
      { id: kept, quantity: 2 },
    ]);
    expect(await stockOf(kept)).toBe(keptStock + 1);
    expect(await stockOf(removed)).toBe(removedStock + 1);
    expect((await call('GET', `/api/pvt/transactions/${placed.transactionId}`)).json()).toMatchObject({
      status: 'Approved',
      totalRefunds: refund,
    });

    expect(
      (await call('POST', `/api/order/edit/${placed.orderId}`, { items: [{ id: kept, quantity: 0 }] })).json()
        .code,
    ).toBe('orderEmpty');
    const stranger = as(
      shop,
      (await placePaidOrder(shop, { sc, items: [{ id: skus[12]!, quantity: 1 }] })).shopper,
    );
    expect(
      (await stranger('POST', `/api/order/edit/${placed.orderId}`, { items: [{ id: kept, quantity: 1 }] }))
        .statusCode,
    ).toBe(404);

    // Past the cut-off (3 h before the window): too late to change.
    now = new Date(
      Date.parse(order.shippingData.deliveryWindow!.startDateUtc) - ORDER_EDIT_CUTOFF_MS + 60_000,
    );
    const late = await call('POST', `/api/order/edit/${placed.orderId}`, {
      items: [{ id: kept, quantity: 1 }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'orderNotEditable',
      message: failureMessages.orderNotEditable,
    });
    expect(
      ((await call('GET', `/api/checkout/pub/orders/${placed.orderId}`)).json() as Order).allowEdition,
    ).toBe(false);
    now = CHECKOUT_START;
  });
});

describe('editing an order paid with a saved one-click card or a gift card (how the total is settled)', () => {
  /** An order paid at once with a saved one-click card (Oneclick Mall). */
  const oneclickOrder = (items: { id: string; quantity: number }[]) =>
    placePaidOrder(shop, {
      sc,
      items,
      windowIndex: 3,
      pay: async (form, _fee, shopper) => [
        {
          paymentSystem: PAYMENT_IDS.oneClick,
          installments: 1,
          value: form.value,
          accountId: await enrolCard(shop, shopper, VISA),
        },
      ],
    });
  /** The sandbox mall's charges of an order group: its own and each edit's (`{group}E{n}`). */
  const mallCharges = async (orderGroup: string) =>
    (await query(
      `SELECT buy_order, amount, nullified_amount, status FROM sandbox_oneclick_payment
        WHERE buy_order LIKE $1 || '%' ORDER BY id`,
      [orderGroup],
    )) as { buy_order: string; amount: number; nullified_amount: number; status: string }[];

  it('charges a higher total to the saved card, refunds a later lower one from that charge, and all on cancel', async () => {
    now = CHECKOUT_START;
    const [first, added] = [skus[13]!, skus[14]!];
    const placed = await oneclickOrder([{ id: first, quantity: 1 }]);
    const call = as(shop, placed.shopper);
    const order: Order = (await call('GET', `/api/checkout/pub/orders/${placed.orderId}`)).json();
    const price = order.items[0]!.sellingPrice;
    const [firstStock, addedStock] = [await stockOf(first), await stockOf(added)];

    const edited = await call('POST', `/api/order/edit/${placed.orderId}`, {
      items: [
        { id: first, quantity: 3 },
        { id: added, quantity: 1 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const answer: EditOrderAnswer = edited.json();
    const addedLine = answer.order.items.find((item) => item.id === added)!;
    const rise = 2 * price + addedLine.sellingPrice;
    expect(answer).toMatchObject({ difference: rise, charged: rise, refunded: 0 });
    expect(answer.order.value).toBe(order.value + rise);
    expect(await stockOf(first)).toBe(firstStock - 2);
    expect(await stockOf(added)).toBe(addedStock - 1);
    expect(await mallCharges(placed.orderGroup)).toEqual([
      { buy_order: placed.orderGroup, amount: order.value / 100, nullified_amount: 0, status: 'AUTHORIZED' },
      { buy_order: `${placed.orderGroup}E1`, amount: rise / 100, nullified_amount: 0, status: 'AUTHORIZED' },
    ]);
    expect(outbox(placed.shopper.email)[0]!.text).toContain(
      `Cobramos ${formatCLP(rise)} a la tarjeta con que pagaste.`,
    );

    // Lower again: the latest charge gives back first.
    const lowered: EditOrderAnswer = (
      await call('POST', `/api/order/edit/${placed.orderId}`, { items: [{ id: added, quantity: 0 }] })
    ).json();
    expect(lowered).toMatchObject({ difference: -addedLine.sellingPrice, charged: 0 });
    expect((await mallCharges(placed.orderGroup))[1]!.nullified_amount).toBe(addedLine.sellingPrice / 100);

    const canceled = await call('POST', `/api/order/cancel/${placed.orderId}`, {
      reason: 'preferNotToSay',
      phone: '+56912345678',
      comment: '',
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const charges = await mallCharges(placed.orderGroup);
    expect(charges.every((charge) => charge.nullified_amount === charge.amount)).toBe(true);
    expect((await call('GET', `/api/pvt/transactions/${placed.transactionId}`)).json()).toMatchObject({
      status: 'Refunded',
      totalRefunds: order.value + rise,
    });
  });

  it('finds products to add in the order’s store, priced as the edit charges them; only for its owner', async () => {
    now = CHECKOUT_START;
    const [bought, wanted] = [skus[18]!, skus[19]!];
    const placed = await oneclickOrder([{ id: bought, quantity: 1 }]);
    const call = as(shop, placed.shopper);
    const { sku, product: wantedProduct } = shop.services.catalog.index.skusById.get(Number(wanted))!;
    const name = sku.name;
    const found = await call(
      'GET',
      `/api/order/edit/${placed.orderId}/products?q=${encodeURIComponent(wantedProduct.name)}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    const product = (found.json() as EditProducts).products.find((each) => each.id === wanted)!;
    expect(product).toMatchObject({ id: wanted, name });
    const added: EditOrderAnswer = (
      await call('POST', `/api/order/edit/${placed.orderId}`, { items: [{ id: wanted, quantity: 2 }] })
    ).json();
    expect(added.charged).toBe(2 * product.price);
    expect(added.order.items.find((item) => item.id === wanted)).toMatchObject({
      quantity: 2,
      sellingPrice: product.price,
    });

    expect((await call('GET', `/api/order/edit/${placed.orderId}/products?q=a`)).statusCode).toBe(400);
    const stranger = as(shop, (await oneclickOrder([{ id: bought, quantity: 1 }])).shopper);
    expect((await stranger('GET', `/api/order/edit/${placed.orderId}/products?q=leche`)).statusCode).toBe(
      404,
    );
  });

  it('a declined charge leaves the order, its stock and the card as they were', async () => {
    now = CHECKOUT_START;
    const sku = skus[15]!;
    const placed = await oneclickOrder([{ id: sku, quantity: 1 }]);
    const call = as(shop, placed.shopper);
    const before: Order = (await call('GET', `/api/checkout/pub/orders/${placed.orderId}`)).json();
    const stock = await stockOf(sku);
    const saved = { ...ONECLICK_LIMITS };
    Object.assign(ONECLICK_LIMITS, { perPayment: 1 });
    let declined;
    try {
      declined = await call('POST', `/api/order/edit/${placed.orderId}`, {
        items: [{ id: sku, quantity: 4 }],
      });
    } finally {
      Object.assign(ONECLICK_LIMITS, saved);
    }
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      code: 'oneclickAmountExceeded',
      message: failureMessages.oneclickAmountExceeded,
    });
    const after: Order = (await call('GET', `/api/checkout/pub/orders/${placed.orderId}`)).json();
    expect(after.items).toEqual(before.items);
    expect(after.value).toBe(before.value);
    expect(await stockOf(sku)).toBe(stock);
    expect(
      (await mallCharges(placed.orderGroup)).filter((charge) => charge.status === 'AUTHORIZED'),
    ).toHaveLength(1);
  });

  it('gives the charge back when a step after it fails: nothing applied, nothing lost', async () => {
    now = CHECKOUT_START;
    const sku = skus[16]!;
    const placed = await oneclickOrder([{ id: sku, quantity: 1 }]);
    const stock = await stockOf(sku);
    const edit = shop.services.orderChanges.edit(
      placed.shopper.userId,
      placed.orderId,
      { items: [{ id: sku, quantity: 2 }] },
      {
        afterStep: (name) => {
          if (name === 'chargeSavedCard') throw new Error('crash after the charge');
        },
      },
    );
    await expect(edit).rejects.toThrow('crash after the charge');
    const [own, extra] = await mallCharges(placed.orderGroup);
    expect(own!.nullified_amount).toBe(0);
    expect(extra).toMatchObject({ buy_order: `${placed.orderGroup}E1`, status: 'REVERSED' });
    expect(await stockOf(sku)).toBe(stock);
    const order: Order = (
      await as(shop, placed.shopper)('GET', `/api/checkout/pub/orders/${placed.orderId}`)
    ).json();
    expect(order.items[0]!.quantity).toBe(1);
  });

  it('beside a gift card, the one-click card alone pays a rise and takes a refund; the gift card part stays', async () => {
    now = CHECKOUT_START;
    const number = TEST_GIFT_CARDS.find((card) => card.gives === '200-0')!.number;
    const sku = skus[12]!;
    const part = 100_000;
    const placed = await placePaidOrder(shop, {
      sc,
      items: [{ id: sku, quantity: 1 }],
      windowIndex: 3,
      pay: async (form, _fee, shopper) => [
        { paymentSystem: PAYMENT_IDS.giftCard, installments: 1, value: part },
        {
          paymentSystem: PAYMENT_IDS.oneClick,
          installments: 1,
          value: form.value - part,
          accountId: await enrolCard(shop, shopper, VISA),
        },
      ],
      giftCard: { number, password: GIFT_CARD_TEST_PASSWORD },
    });
    const call = as(shop, placed.shopper);
    const raised: EditOrderAnswer = (
      await call('POST', `/api/order/edit/${placed.orderId}`, { items: [{ id: sku, quantity: 2 }] })
    ).json();
    expect(raised.charged).toBeGreaterThan(0);
    expect(raised.order.paymentData.transactions[0]!.payments).toEqual([
      { paymentSystem: String(PAYMENT_IDS.giftCard), value: part },
      { paymentSystem: String(PAYMENT_IDS.oneClick), value: placed.total - part + raised.charged },
    ]);
    const lowered: EditOrderAnswer = (
      await call('POST', `/api/order/edit/${placed.orderId}`, { items: [{ id: sku, quantity: 1 }] })
    ).json();
    expect(lowered.refunded).toBe(raised.charged);
    expect(lowered.order.paymentData.transactions[0]!.payments).toEqual([
      { paymentSystem: String(PAYMENT_IDS.giftCard), value: part },
      { paymentSystem: String(PAYMENT_IDS.oneClick), value: placed.total - part },
    ]);
  });

  it('an order paid with a gift card keeps its total; cancelling gives the card back whole', async () => {
    now = CHECKOUT_START;
    const number = TEST_GIFT_CARDS.find((card) => card.gives === '200-0')!.number;
    const balance = async () =>
      (await query('SELECT balance_cents FROM sandbox_gift_card WHERE number = $1', [number]))[0]
        .balance_cents as number;
    const before = await balance();
    const sku = skus[17]!;
    const placed = await placePaidOrder(shop, {
      sc,
      items: [{ id: sku, quantity: 2 }],
      windowIndex: 3,
      pay: (form) => [{ paymentSystem: PAYMENT_IDS.giftCard, installments: 1, value: form.value }],
      giftCard: { number, password: GIFT_CARD_TEST_PASSWORD },
    });
    const call = as(shop, placed.shopper);
    for (const quantity of [3, 1]) {
      const refused = await call('POST', `/api/order/edit/${placed.orderId}`, {
        items: [{ id: sku, quantity }],
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'orderEditTotalFixed',
        message: failureMessages.orderEditTotalFixed,
      });
    }
    expect(await balance()).toBe(before - placed.total);
    const canceled = await call('POST', `/api/order/cancel/${placed.orderId}`, {
      reason: 'preferNotToSay',
      phone: '+56912345678',
      comment: '',
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await balance()).toBe(before);
  });
});
