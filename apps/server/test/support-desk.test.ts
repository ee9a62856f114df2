import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_METHODS, formatCLP, windowText } from '@despensa/domain';
import {
  failureCodeOf,
  type EditOrderAnswer,
  type Fulfilment,
  type Order,
  type SupportOrder,
  type SupportSearch,
} from '@despensa/contracts';
import { SEED_MERCHANDISER } from '../src/modules/operations/service';
import type { SandboxMailer } from '../src/providers/mail/sandbox';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS, sellableSkus } from './support/cart';
import { CHECKOUT_START, deliveringChannel } from './support/checkout';
import { placePaidOrder } from './support/orders';
import { staffLogin } from './support/integration';

const ADMIN = { email: 'soporte-admin@despensa.cl', password: 'soporte-admin-despensa' };

let shop: TestApp;
let sc: number;
let skus: string[];
let admin: string;
let merchandiser: string;
let operator: string;
let paid: Awaited<ReturnType<typeof placePaidOrder>>;

beforeAll(async () => {
  shop = await createTestApp({ clock: () => CHECKOUT_START });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  sc = await deliveringChannel(shop);
  const storeId = (await shop.database.pool.query('SELECT id FROM store WHERE sales_channel = $1', [sc]))
    .rows[0].id;
  skus = (await sellableSkus(shop, { salesChannel: sc, limit: 6 })).map((row) => String(row.id));
  await shop.services.operations.addStaff({ ...ADMIN, name: 'Ana Soporte', storeId, role: 'admin' });
  admin = await staffLogin(shop, ADMIN.email, ADMIN.password);
  merchandiser = await staffLogin(shop, SEED_MERCHANDISER.email, SEED_MERCHANDISER.password);
  operator = await staffLogin(shop, `operador.${storeId}@despensa.cl`, 'operador-despensa');
  paid = await placePaidOrder(shop, {
    sc,
    items: [
      { id: skus[0]!, quantity: 2 },
      { id: skus[1]!, quantity: 1 },
      { id: skus[2]!, quantity: 1 },
    ],
  });
});
afterAll(async () => {
  await shop?.close();
});

const desk = (token: string | null) => (method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.app.inject({
    method,
    url,
    headers: { ...CART_HEADERS, ...(token ? { 'x-staff-token': token } : {}) },
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });
const orderUrl = (orderId: string) => `/api/admin/support/orders/${orderId}`;
const refused = (answer: { statusCode: number; json(): unknown }) => [
  answer.statusCode,
  failureCodeOf(answer.json()),
];

describe('finding an order and its customer (support, issue 30 §4)', () => {
  it('finds the order by its id, its group, the customer e-mail and RUT, and the day', async () => {
    const customer = (await desk(admin)('GET', orderUrl(paid.orderId))).json() as SupportOrder;
    const { email, document } = customer.customer!;
    expect(email).toBe(paid.form.clientProfileData!.email);
    const queries = [paid.orderId, paid.orderGroup, email.toUpperCase(), document.replace(/\./g, '')];
    for (const q of queries) {
      const found = await desk(admin)('GET', `/api/admin/support/orders?q=${encodeURIComponent(q)}`);
      expect(found.statusCode, found.body).toBe(200);
      const answer = found.json() as SupportSearch;
      expect(answer.orders.map((each) => each.orderId)).toEqual([paid.orderId]);
    }
    const byEmail = (
      await desk(admin)('GET', `/api/admin/support/orders?q=${email}`)
    ).json() as SupportSearch;
    expect(byEmail.customers).toEqual([expect.objectContaining({ email, document })]);
    const byDay = (await desk(admin)('GET', '/api/admin/support/orders?day=2026-11-02')).json();
    expect(byDay.orders.map((each: { orderId: string }) => each.orderId)).toContain(paid.orderId);
    const otherDay = (await desk(admin)('GET', '/api/admin/support/orders?day=2026-10-01')).json();
    expect(otherDay.orders).toEqual([]);
  });

  it('answers nothing for a stranger e-mail, 400 without a query, 404 for an order that is not there', async () => {
    const none = (await desk(admin)('GET', '/api/admin/support/orders?q=nadie%40correo.cl')).json();
    expect(none).toEqual({ customers: [], orders: [] });
    expect(refused(await desk(admin)('GET', '/api/admin/support/orders'))).toEqual([400, 'invalidInput']);
    expect(refused(await desk(admin)('GET', orderUrl('9999999999999-01')))).toEqual([404, 'orderNotFound']);
  });

  it('refuses an operator and a merchandiser (staffRoleForbidden) and no staff session (notStaff)', async () => {
    for (const token of [operator, merchandiser])
      expect(refused(await desk(token)('GET', orderUrl(paid.orderId)))).toEqual([403, 'staffRoleForbidden']);
    const refund = await desk(merchandiser)('POST', `${orderUrl(paid.orderId)}/lines/0/refund`);
    expect(refused(refund)).toEqual([403, 'staffRoleForbidden']);
    expect(refused(await desk(null)('GET', orderUrl(paid.orderId)))).toEqual([401, 'notStaff']);
  });
});

describe('refunding a line through the payment it came from', () => {
  it('refunds the line, counts it on the payment, shows it on the timeline and audits it', async () => {
    const before = (await desk(admin)('GET', orderUrl(paid.orderId))).json() as SupportOrder;
    expect(before.timeline.map((each) => each.kind).slice(0, 2)).toEqual(['placed', 'paid']);
    expect(before.payment).toMatchObject({ channel: 'webpayRedirect', refunded: 0 });
    const line = before.lines[1]!;
    expect(line.refunded).toBeNull();
    const answer = await desk(admin)('POST', `${orderUrl(paid.orderId)}/lines/1/refund`);
    expect(answer.statusCode, answer.body).toBe(200);
    const after = answer.json() as SupportOrder;
    expect(after.lines[1]!.refunded).toBe(line.amount);
    expect(after.payment!.refunded).toBe(line.amount);
    expect(after.timeline.at(-1)).toMatchObject({
      kind: 'refund',
      text: `Devolución de ${line.name}: ${formatCLP(line.amount)}`,
      by: 'Ana Soporte',
    });
    const { rows } = await shop.database.pool.query(
      "SELECT actor_kind, action, before, after FROM audit_log WHERE subject = $1 AND action = 'order.refundLine'",
      [`order:${paid.orderId}`],
    );
    expect(rows).toEqual([
      {
        actor_kind: 'staff',
        action: 'order.refundLine',
        before: { line: 1, refunded: null, paymentRefunded: 0 },
        after: { line: 1, name: line.name, amount: line.amount, paymentRefunded: line.amount },
      },
    ]);
  });

  it('refuses the same line twice (lineAlreadyRefunded) and more than the line (refundAboveCharged)', async () => {
    const again = await desk(admin)('POST', `${orderUrl(paid.orderId)}/lines/1/refund`);
    expect(refused(again)).toEqual([409, 'lineAlreadyRefunded']);
    const order = (await desk(admin)('GET', orderUrl(paid.orderId))).json() as SupportOrder;
    const over = await desk(admin)('POST', `${orderUrl(paid.orderId)}/lines/0/refund`, {
      amount: order.lines[0]!.amount + 1,
    });
    expect(refused(over)).toEqual([409, 'refundAboveCharged']);
    expect(refused(await desk(admin)('POST', `${orderUrl(paid.orderId)}/lines/9/refund`))).toEqual([
      404,
      'lineNotFound',
    ]);
    const { rows } = await shop.database.pool.query(
      'SELECT refunded FROM payment_transaction WHERE id = $1',
      [paid.transactionId],
    );
    expect(rows[0].refunded).toBe(order.lines[1]!.amount);
  });

  it('refunds part of a line on a card, never more than the payment has left', async () => {
    const order = (await desk(admin)('GET', orderUrl(paid.orderId))).json() as SupportOrder;
    const part = await desk(admin)('POST', `${orderUrl(paid.orderId)}/lines/0/refund`, { amount: 100 });
    expect(part.statusCode, part.body).toBe(200);
    expect((part.json() as SupportOrder).payment!.refunded).toBe(order.payment!.refunded + 100);
    // What is left on the payment is now less than the last line: spend it, then the line is refused.
    await shop.database.pool.query('UPDATE payment_transaction SET refunded = value - 1 WHERE id = $1', [
      paid.transactionId,
    ]);
    const last = await desk(admin)('POST', `${orderUrl(paid.orderId)}/lines/2/refund`);
    expect(refused(last)).toEqual([409, 'refundAboveCharged']);
  });

  it('refuses a line of an order the wallet paid (it gives back only whole: refundWholeOnly)', async () => {
    const other = await placePaidOrder(shop, {
      sc,
      items: [
        { id: skus[3]!, quantity: 1 },
        { id: skus[4]!, quantity: 1 },
      ],
    });
    // The wallet's payment as the orders module keeps it: the rule reads its channel, before any provider call.
    await shop.database.pool.query("UPDATE payment_transaction SET channel = 'wallet' WHERE id = $1", [
      other.transactionId,
    ]);
    const answer = await desk(admin)('POST', `${orderUrl(other.orderId)}/lines/0/refund`);
    expect(refused(answer)).toEqual([409, 'refundWholeOnly']);
    expect(answer.json().message).toBe(
      'Este pedido se pagó con billetera o gift card, que solo devuelven el pago completo: devuelve el total o anula el pedido.',
    );
    const view = (await desk(admin)('GET', orderUrl(other.orderId))).json() as SupportOrder;
    expect(view.payment!.refunded).toBe(0);
    expect(view.lines.every((line) => line.refunded === null)).toBe(true);
  });
});

describe('resending the confirmation e-mail', () => {
  it('queues it through the outbox, with the timeline entry and the audit row', async () => {
    const order = (await desk(admin)('GET', orderUrl(paid.orderId))).json() as SupportOrder;
    const mailer = shop.services.mailer as SandboxMailer;
    const count = () =>
      mailer.outbox(order.customer!.email).filter((mail) => mail.subject.startsWith('Confirmación de compra'))
        .length;
    const sent = count();
    const answer = await desk(admin)('POST', `${orderUrl(paid.orderId)}/confirmation`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(count()).toBe(sent + 1);
    expect((answer.json() as SupportOrder).timeline.at(-1)).toMatchObject({
      kind: 'mail',
      text: 'Se reenvió el correo de confirmación',
      by: 'Ana Soporte',
    });
    const denied = await desk(operator)('POST', `${orderUrl(paid.orderId)}/confirmation`);
    expect(refused(denied)).toEqual([403, 'staffRoleForbidden']);
    expect(count()).toBe(sent + 1);
  });
});

describe("the customer's own changes on the timeline", () => {
  it('tells the edit, the reschedule and the answer to a replacement, by the customer, in Spanish', async () => {
    const placed = await placePaidOrder(shop, {
      sc,
      items: [
        { id: skus[3]!, quantity: 2 },
        { id: skus[4]!, quantity: 1 },
      ],
      windowIndex: 2,
    });
    const before = (await desk(admin)('GET', orderUrl(placed.orderId))).json() as SupportOrder;
    const name = before.lines.find((line) => line.id === skus[3])!.name;
    const edited = await placed.call('POST', `/api/order/edit/${placed.orderId}`, {
      items: [{ id: skus[3]!, quantity: 1 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const value = (edited.json() as EditOrderAnswer).order.value;

    const window = await otherWindow(placed.orderId, placed.call);
    const moved = await placed.call('POST', `/api/order/reschedule/${placed.orderId}`, window);
    expect(moved.statusCode, moved.body).toBe(200);

    const staff = desk(operator);
    const started = await staff('POST', `/api/operations/orders/${placed.orderId}/start-handling`);
    const line = (started.json() as Fulfilment).lines.find((each) => each.id === skus[4])!;
    const proposed = await staff(
      'POST',
      `/api/operations/orders/${placed.orderId}/lines/${line.index}/replacement`,
      {
        skuId: skus[5]!,
        quantity: 1,
      },
    );
    expect(proposed.statusCode, proposed.body).toBe(200);
    const replacement = (proposed.json() as Fulfilment).lines.find((each) => each.index === line.index)!
      .replacement!.name;
    await placed.call('POST', `/api/orders/${placed.orderId}/replacements/${line.index}`, { approve: true });

    const after = (await desk(admin)('GET', orderUrl(placed.orderId))).json() as SupportOrder;
    const customer = [placed.form.clientProfileData!.firstName, placed.form.clientProfileData!.lastName].join(
      ' ',
    );
    const told = after.timeline.filter((entry) => entry.by === customer && entry.kind !== 'placed');
    expect(told).toEqual([
      expect.objectContaining({
        kind: 'edit',
        text: `El cliente modificó el pedido (${name} −1; total ${formatCLP(before.payment!.value)} → ${formatCLP(value)})`,
      }),
      expect.objectContaining({
        kind: 'edit',
        text: `El cliente reagendó el pedido para el ${windowText(window)}`,
      }),
      expect.objectContaining({
        kind: 'replacement',
        text: `El cliente aprobó el reemplazo: ${replacement}`,
      }),
    ]);
    // The audit log says who: the customer, by id.
    const { rows } = await shop.database.pool.query(
      'SELECT actor_kind, action FROM audit_log WHERE subject = $1 ORDER BY id',
      [`order:${placed.orderId}`],
    );
    expect(rows).toEqual([
      { actor_kind: 'customer', action: 'order.edit' },
      { actor_kind: 'customer', action: 'order.reschedule' },
      { actor_kind: 'customer', action: 'order.replacementAnswer' },
    ]);
  });
});

/** A window of the order's store and mode, other than its own, with room: where a reschedule moves it. */
async function otherWindow(
  orderId: string,
  call: Awaited<ReturnType<typeof placePaidOrder>>['call'],
): Promise<{ startDateUtc: string; endDateUtc: string }> {
  const order = (await call('GET', `/api/checkout/pub/orders/${orderId}`)).json() as Order;
  const own = order.shippingData.deliveryWindow!;
  const { logisticsInfo } = await shop.services.delivery.simulate({
    location: { zipCode: '7500000', country: 'CL', point: [-70.61667, -33.43333] },
    saleschannel: sc,
    shippingMethod: DELIVERY_METHODS.homeDelivery.id,
    items: [{ id: skus[0]!, quantity: 1, seller: '1' }],
  });
  const window = logisticsInfo[0]!.slas[0]!.availableDeliveryWindows.find(
    (each) => each.remaining > 0 && each.startDateUtc !== own.startDateUtc,
  )!;
  return { startDateUtc: window.startDateUtc, endDateUtc: window.endDateUtc };
}
