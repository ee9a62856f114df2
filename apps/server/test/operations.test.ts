import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_IDS } from '@despensa/domain';
import {
  failureCodeOf,
  type ChatAnswer,
  type Fulfilment,
  type Order,
  type PickingBoard,
} from '@despensa/contracts';
import type { SandboxMailer } from '../src/providers/mail/sandbox';
import { SEED_OPERATOR_PASSWORD } from '../src/modules/operations/service';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS, sellableSkus } from './support/cart';
import { CHECKOUT_START, VISA, deliveringChannel, enrolCard } from './support/checkout';
import { placePaidOrder } from './support/orders';

let now = CHECKOUT_START;
let shop: TestApp;
let sc: number;
let storeId: string;
let skus: string[];
let weighedSku: string;
let operator: string;
let otherOperator: string;
let base: string;

beforeAll(async () => {
  shop = await createTestApp({ clock: () => now });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(shop.app.server.address() as { port: number }).port}`;
  sc = await deliveringChannel(shop);
  storeId = (await shop.database.pool.query('SELECT id FROM store WHERE sales_channel = $1', [sc])).rows[0]
    .id;
  skus = (await sellableSkus(shop, { salesChannel: sc, limit: 12 })).map((row) => String(row.id));
  weighedSku = String((await sellableSkus(shop, { salesChannel: sc, weighed: true, limit: 1 }))[0]!.id);
  operator = await staffLogin(`operador.${storeId}@despensa.cl`);
  const other = (
    await shop.database.pool.query('SELECT id FROM store WHERE id <> $1 AND active ORDER BY id LIMIT 1', [
      storeId,
    ])
  ).rows[0].id;
  otherOperator = await staffLogin(`operador.${other}@despensa.cl`);
});
afterAll(async () => {
  await shop?.close();
});

async function staffLogin(login: string): Promise<string> {
  const answer = await shop.app.inject({
    method: 'POST',
    url: '/api/operations/session',
    headers: CART_HEADERS,
    payload: { login, password: SEED_OPERATOR_PASSWORD },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['set-cookie']).toMatch(
    /^despensa_staff=[^;]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax/,
  );
  return answer.json().token;
}

/** An operator's call (token in x-staff-token). */
const staff = (token: string | null) => (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  shop.app.inject({
    method,
    url,
    headers: { ...CART_HEADERS, ...(token ? { 'x-staff-token': token } : {}) },
    ...(payload ? { payload } : {}),
  });

const mails = (to: string) => (shop.services.mailer as SandboxMailer).outbox(to);
const lineOf = (view: Fulfilment, sku: string) => view.lines.find((line) => line.id === sku)!;
const auditRows = async (orderId: string) =>
  (await shop.database.pool.query('SELECT * FROM operation_audit WHERE order_id = $1 ORDER BY id', [orderId]))
    .rows;

describe('staff login (§6 roles, the console has its own session)', () => {
  it('refuses a wrong password and a shopper session; answers who the operator is', async () => {
    const wrong = await shop.app.inject({
      method: 'POST',
      url: '/api/operations/session',
      headers: CART_HEADERS,
      payload: { login: `operador.${storeId}@despensa.cl`, password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'staffWrongCredentials' });
    // The shoppers' attempt limits apply: after 5 failures the account is refused even with its password.
    const attempt = (password: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/operations/session',
        headers: CART_HEADERS,
        remoteAddress: '10.9.9.9',
        payload: { login: 'operador.nadie@despensa.cl', password },
      });
    for (let i = 0; i < 5; i++) expect((await attempt('mal')).statusCode).toBe(401);
    expect((await attempt('mal')).json()).toMatchObject({ code: 'tooManyRequests' });
    const me = await staff(operator)('GET', '/api/operations/me');
    expect(me.json()).toMatchObject({ storeId, role: 'operator' });
    const order = await placePaidOrder(shop, { sc, items: [{ id: skus[0]!, quantity: 1 }] });
    // The shopper's token and cookie open nothing of the console.
    const asShopper = await shop.app.inject({
      method: 'GET',
      url: '/api/operations/orders',
      headers: {
        ...CART_HEADERS,
        'x-access-token': order.shopper.token,
        cookie: `despensa_session=${order.shopper.token}`,
      },
    });
    expect(asShopper.statusCode).toBe(401);
    expect(asShopper.json()).toMatchObject({
      code: 'notStaff',
      message: 'Debes iniciar sesión como operador de la tienda',
    });
    const logout = await staff(await staffLogin(`operador.${storeId}@despensa.cl`));
    expect((await logout('DELETE', '/api/operations/session')).statusCode).toBe(200);
  });
});

describe('picking an order through the VTEX workflow', () => {
  it('moves ready-for-handling → handling → invoiced → delivered, audits each action and e-mails the shopper', async () => {
    const order = await placePaidOrder(shop, {
      sc,
      items: [
        { id: skus[1]!, quantity: 2 },
        { id: skus[2]!, quantity: 1 },
        { id: skus[3]!, quantity: 1 },
        { id: weighedSku, quantity: 2 },
      ],
      noSubstitute: [skus[3]!],
    });
    const call = staff(operator);
    const { orderId } = order;
    const board: PickingBoard = (await call('GET', '/api/operations/orders')).json();
    const window = board.windows.find((each) => each.orders.some((o) => o.orderId === orderId))!;
    expect(window.count).toBe(window.orders.length);
    expect(window.orders.find((o) => o.orderId === orderId)).toMatchObject({
      status: 'ready-for-handling',
      late: false,
      deliveryMethod: 'Despacho a Domicilio',
    });

    // Nothing moves before handling starts.
    const early = await call('POST', `/api/operations/orders/${orderId}/invoice`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'orderWrongStatus' });
    expect((await call('POST', `/api/operations/orders/${orderId}/lines/0/pick`)).statusCode).toBe(409);

    const started = await call('POST', `/api/operations/orders/${orderId}/start-handling`);
    expect(started.statusCode, started.body).toBe(200);
    const handling: Fulfilment = started.json();
    expect(handling).toMatchObject({ status: 'handling', statusDescription: 'En preparación' });
    // Aisle order: lines sorted by department.
    const aisles = handling.lines.map((line) => line.aisle);
    expect(aisles).toEqual([...aisles].sort((a, b) => a.localeCompare(b, 'es')));
    expect((await call('POST', `/api/operations/orders/${orderId}/start-handling`)).statusCode).toBe(409);

    const index = (sku: string) => lineOf(handling, sku).index;
    expect(
      (await call('POST', `/api/operations/orders/${orderId}/lines/${index(skus[1]!)}/pick`)).statusCode,
    ).toBe(200);
    // Weighed item: 2 steps estimated; the real weight sets the price.
    const weighed = lineOf(handling, weighedSku);
    expect(weighed.weighed).toBe(true);
    const grams = weighed.estimatedGrams! + 150;
    const weighedAnswer = await call(
      'POST',
      `/api/operations/orders/${orderId}/lines/${weighed.index}/weight`,
      { grams },
    );
    expect(weighedAnswer.statusCode, weighedAnswer.body).toBe(200);
    const afterWeight = lineOf(weighedAnswer.json(), weighedSku);
    expect(afterWeight).toMatchObject({ state: 'picked', realGrams: grams });
    // The same price per kilo as the line (its amount over its estimated weight), in whole pesos.
    expect(afterWeight.total).toBe(
      Math.round((weighed.estimatedTotal * grams) / weighed.estimatedGrams! / 100) * 100,
    );
    expect(
      (
        await call('POST', `/api/operations/orders/${orderId}/lines/${index(skus[1]!)}/weight`, {
          grams: 500,
        })
      ).json(),
    ).toMatchObject({ code: 'lineNotWeighed' });

    // 'no sustituir' (id 2) is never replaced; the store criterion (id 6) may be.
    const refused = await call(
      'POST',
      `/api/operations/orders/${orderId}/lines/${index(skus[3]!)}/replacement`,
      {
        skuId: skus[5]!,
        quantity: 1,
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'substitutionNotAllowed' });
    expect(
      (await call('POST', `/api/operations/orders/${orderId}/lines/${index(skus[3]!)}/missing`)).statusCode,
    ).toBe(200);
    const proposed = await call(
      'POST',
      `/api/operations/orders/${orderId}/lines/${index(skus[2]!)}/replacement`,
      {
        skuId: skus[6]!,
        quantity: 1,
        note: 'Misma marca, otro formato',
      },
    );
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(lineOf(proposed.json(), skus[2]!)).toMatchObject({
      state: 'replaced',
      replacement: { id: skus[6], quantity: 1, note: 'Misma marca, otro formato', answer: 'pending' },
    });
    expect(mails(order.shopper.email).map((mail) => mail.subject)).toContain(
      `Te proponemos un reemplazo en tu pedido ${orderId}`,
    );

    // The shopper sees it and approves it, once.
    const seen: Fulfilment = (await order.call('GET', `/api/orders/${orderId}/fulfilment`)).json();
    expect(lineOf(seen, skus[2]!).replacement).toMatchObject({ answer: 'pending' });
    const approved = await order.call('POST', `/api/orders/${orderId}/replacements/${index(skus[2]!)}`, {
      approve: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(lineOf(approved.json(), skus[2]!).replacement).toMatchObject({ answer: 'approved' });
    const again = await order.call('POST', `/api/orders/${orderId}/replacements/${index(skus[2]!)}`, {
      approve: false,
    });
    expect(again.json()).toMatchObject({ code: 'replacementAnswered' });

    // Invoiced: the receipt's total is the final order total; the order can no longer move back.
    expect((await call('POST', `/api/operations/orders/${orderId}/hand-over`)).statusCode).toBe(409);
    const invoiced = await call('POST', `/api/operations/orders/${orderId}/invoice`);
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    const receipted: Fulfilment = invoiced.json();
    expect(receipted.status).toBe('invoiced');
    expect(receipted.receipt!.total).toBe(receipted.total);
    expect(receipted.total).toBeLessThanOrEqual(order.total);
    expect(receipted.total + receipted.refunded).toBe(order.total);
    const shopperOrder: Order = (await order.call('GET', `/api/checkout/pub/orders/${orderId}`)).json();
    expect(shopperOrder).toMatchObject({
      status: 'invoiced',
      statusDescription: 'Facturado',
      value: receipted.total,
    });
    expect(mails(order.shopper.email).map((mail) => mail.subject)).toContain(
      `Tu pedido ${orderId} va en camino`,
    );

    const delivered = await call('POST', `/api/operations/orders/${orderId}/hand-over`);
    expect(delivered.json()).toMatchObject({ status: 'delivered', statusDescription: 'Entregado' });
    const receiptMail = mails(order.shopper.email).find(
      (mail) => mail.subject === `Tu pedido ${orderId} fue entregado`,
    )!;
    expect(receiptMail.text).toContain(`Boleta B-${orderId}`);

    const audit = await auditRows(orderId);
    expect(audit.map((row) => row.action)).toEqual([
      'start-handling',
      'pick',
      'weigh',
      'mark-missing',
      'propose-replacement',
      'invoice',
      'hand-over',
    ]);
    expect(audit[0]).toMatchObject({
      staff_id: `op-${storeId}`,
      store_id: storeId,
      before: { status: 'ready-for-handling' },
      after: { status: 'handling' },
    });
    expect(audit[2].after).toMatchObject({ state: 'picked', realGrams: grams });
    const listed = await call('GET', `/api/operations/orders/${orderId}/audit`);
    expect(listed.json()[0]).toMatchObject({
      action: 'hand-over',
      staffName: expect.stringContaining('Operador'),
    });
  });

  it("keeps an unanswered replacement when picking ends (the store criterion's default); caps a dearer weight", async () => {
    const order = await placePaidOrder(shop, {
      sc,
      items: [
        { id: skus[7]!, quantity: 1 },
        { id: weighedSku, quantity: 1 },
      ],
    });
    const call = staff(operator);
    const started: Fulfilment = (
      await call('POST', `/api/operations/orders/${order.orderId}/start-handling`)
    ).json();
    const weighed = lineOf(started, weighedSku);
    // Far heavier than authorised: the rise is capped at the authorised amount.
    await call('POST', `/api/operations/orders/${order.orderId}/lines/${weighed.index}/weight`, {
      grams: weighed.estimatedGrams! * 3,
    });
    const line = lineOf(started, skus[7]!);
    await call('POST', `/api/operations/orders/${order.orderId}/lines/${line.index}/replacement`, {
      skuId: skus[7]!,
      quantity: 1,
    });
    const invoiced: Fulfilment = (
      await call('POST', `/api/operations/orders/${order.orderId}/invoice`)
    ).json();
    expect(lineOf(invoiced, skus[7]!).replacement).toMatchObject({ answer: 'kept' });
    expect(invoiced.total).toBe(order.total);
    expect(invoiced.capped).toBeGreaterThan(0);
    expect(invoiced.receipt).toMatchObject({ total: order.total, refunded: 0 });
    const answer = await order.call('POST', `/api/orders/${order.orderId}/replacements/${line.index}`, {
      approve: false,
    });
    expect(answer.statusCode).toBe(409);
  });

  it('refuses to invoice while lines are unpicked', async () => {
    const order = await placePaidOrder(shop, { sc, items: [{ id: skus[8]!, quantity: 1 }] });
    const call = staff(operator);
    await call('POST', `/api/operations/orders/${order.orderId}/start-handling`);
    const refused = await call('POST', `/api/operations/orders/${order.orderId}/invoice`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'pickingUnfinished',
      message: 'Quedan productos sin preparar.',
    });
    expect(await auditRows(order.orderId)).toHaveLength(1);
  });
});

describe('Click al Auto', () => {
  it("tells the store live that the shopper arrived ('llegué') and ends collected", async () => {
    const order = await placePaidOrder(shop, { sc, items: [{ id: skus[5]!, quantity: 1 }] });
    const { orderId } = order;
    // Home delivery has no arrival.
    const refused = await order.call('POST', `/api/orders/${orderId}/arrived`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'orderWrongStatus' });
    await shop.database.pool.query(
      `UPDATE shop_order SET detail = jsonb_set(detail, '{shippingData,selectedSla}', '"seller-1-sla-ClickalAuto"') WHERE order_id = $1`,
      [orderId],
    );
    const storeEvents = readEvents('/api/operations/events', { 'x-staff-token': operator }, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const arrived = await order.call('POST', `/api/orders/${orderId}/arrived`, {});
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect((arrived.json() as Fulfilment).arrivedAt).toBe(now.toISOString());
    const [event] = await storeEvents;
    expect(event).toMatchObject({
      event: 'order',
      data: { orderId, data: { arrivedAt: now.toISOString() } },
    });
    const call = staff(operator);
    const seen: Fulfilment = (await call('GET', `/api/operations/orders/${orderId}`)).json();
    expect(seen).toMatchObject({ deliveryMethod: 'Click al Auto', arrivedAt: now.toISOString() });
    await call('POST', `/api/operations/orders/${orderId}/start-handling`);
    await call('POST', `/api/operations/orders/${orderId}/lines/0/pick`);
    expect((await call('POST', `/api/operations/orders/${orderId}/invoice`)).statusCode).toBe(200);
    const collected = await call('POST', `/api/operations/orders/${orderId}/hand-over`);
    expect(collected.json()).toMatchObject({ status: 'collected', statusDescription: 'Retirado' });
    expect(mails(order.shopper.email).map((mail) => mail.subject)).toContain(
      `Tu pedido ${orderId} está listo para retirar`,
    );
  });
});

describe('the board', () => {
  it('counts orders per window and marks the late ones once the window started', async () => {
    const order = await placePaidOrder(shop, { sc, items: [{ id: skus[4]!, quantity: 1 }] });
    const windowOf = (board: PickingBoard) =>
      board.windows.find((each) => each.orders.some((o) => o.orderId === order.orderId))!;
    const before = windowOf((await staff(operator)('GET', '/api/operations/orders')).json());
    expect(before.late).toBe(0);
    const saved = now;
    now = new Date(new Date(before.startDateUtc).getTime() + 60_000);
    try {
      const board: PickingBoard = (await staff(operator)('GET', '/api/operations/orders')).json();
      const late = windowOf(board);
      expect(late.orders.find((o) => o.orderId === order.orderId)!.late).toBe(true);
      // Picking not ended is late once the window started; an invoiced order only once it ended.
      expect(late.late).toBe(late.orders.filter((o) => o.status !== 'invoiced').length);
      expect(late.count).toBe(late.orders.length);
      expect(board.late).toBeGreaterThanOrEqual(late.late);
    } finally {
      now = saved;
    }
  });
});

describe('who sees what', () => {
  it("an operator of another store, a shopper and nobody get nothing of the console's routes", async () => {
    const order = await placePaidOrder(shop, { sc, items: [{ id: skus[9]!, quantity: 1 }] });
    const stranger = await placePaidOrder(shop, { sc, items: [{ id: skus[10]!, quantity: 1 }] });
    const board: PickingBoard = (await staff(otherOperator)('GET', '/api/operations/orders')).json();
    expect(board.windows.flatMap((w) => w.orders).some((o) => o.orderId === order.orderId)).toBe(false);
    const consoleRoutes = shop.routes.filter(
      (route) => route.url.startsWith('/api/operations/orders/:id') && route.method !== 'HEAD',
    );
    expect(consoleRoutes.length).toBeGreaterThanOrEqual(10);
    for (const route of consoleRoutes) {
      const search = route.url.endsWith('/replacement-options') ? '?q=leche' : '';
      const url = `${route.url.replace(':id', order.orderId).replace(':index', '0')}${search}`;
      const method = route.method as 'GET' | 'POST';
      const body = url.endsWith('/weight')
        ? { grams: 100 }
        : url.endsWith('/replacement')
          ? { skuId: skus[0]!, quantity: 1 }
          : url.endsWith('/chat')
            ? { text: 'hola' }
            : {};
      const payload = method === 'GET' ? undefined : body;
      const other = await staff(otherOperator)(method, url, payload);
      expect(other.statusCode, `${method} ${url}`).toBe(404);
      expect(failureCodeOf(other.json())).toBe('orderNotFound');
      const shopper = await shop.app.inject({
        method,
        url,
        headers: { ...CART_HEADERS, 'x-access-token': order.shopper.token },
        ...(payload ? { payload } : {}),
      });
      expect(shopper.statusCode, `${method} ${url}`).toBe(401);
      expect((await staff(null)(method, url, payload)).statusCode).toBe(401);
    }
    expect(await auditRows(order.orderId)).toHaveLength(0);
    // Another shopper's order is a 404 on every shopper route.
    const shopperRoutes = shop.routes.filter(
      (route) => route.url.startsWith('/api/orders/:id/') && route.method !== 'HEAD',
    );
    expect(shopperRoutes.length).toBeGreaterThanOrEqual(6);
    for (const route of shopperRoutes) {
      const url = route.url.replace(':id', order.orderId).replace(':index', '0');
      const payload =
        route.method === 'GET'
          ? undefined
          : url.includes('replacements')
            ? { approve: true }
            : { text: 'hola' };
      const answer = await stranger.call(route.method as 'GET' | 'POST', url, payload);
      expect(answer.statusCode, `${route.method} ${url}`).toBe(404);
    }
  });
});

/** Reads server-sent events from the listening shop until `count` arrived. */
async function readEvents(
  url: string,
  headers: Record<string, string>,
  count: number,
  whileOpen: () => Promise<unknown> = async () => {},
): Promise<{ id: number; event: string; data: { type: string; data: unknown } }[]> {
  const controller = new AbortController();
  const response = await fetch(`${base}${url}`, {
    headers: { ...CART_HEADERS, ...headers },
    signal: controller.signal,
  });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.getReader();
  const events: { id: number; event: string; data: { type: string; data: unknown } }[] = [];
  let text = '';
  const acting = whileOpen();
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((line) => /^(id|event|data):/.test(line))
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
      );
      if (fields.data)
        events.push({ id: Number(fields.id), event: fields.event!, data: JSON.parse(fields.data) });
    }
  }
  await acting;
  controller.abort();
  return events;
}

describe('order chat and real time (§4)', () => {
  it('carries messages both ways live, counts the pending ones, resumes after Last-Event-ID, and keeps the history', async () => {
    const order = await placePaidOrder(shop, { sc, items: [{ id: skus[11]!, quantity: 1 }] });
    const call = staff(operator);
    const { orderId } = order;
    const shopperEvents = readEvents(
      `/api/orders/${orderId}/events`,
      { 'x-access-token': order.shopper.token },
      2,
    );
    const storeEvents = readEvents('/api/operations/events', { 'x-staff-token': operator }, 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const said = await order.call('POST', `/api/orders/${orderId}/chat`, { text: '¿Tienen pan integral?' });
    expect(said.statusCode, said.body).toBe(200);
    const empty = await call('POST', `/api/operations/orders/${orderId}/chat`, { text: '   ' });
    expect(empty.json()).toMatchObject({ code: 'chatMessageEmpty', message: 'Escribe un mensaje' });
    const replied = await call('POST', `/api/operations/orders/${orderId}/chat`, {
      text: 'Sí, lo agregamos',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const [shopperSide, storeSide] = await Promise.all([shopperEvents, storeEvents]);
    expect(shopperSide.map((e) => [e.event, (e.data.data as { text: string }).text])).toEqual([
      ['chat', '¿Tienen pan integral?'],
      ['chat', 'Sí, lo agregamos'],
    ]);
    expect(storeSide.map((e) => e.event)).toEqual(['chat', 'chat']);

    // The shopper has one pending message from the store; reading it clears the count (on any device).
    const history: ChatAnswer = (await order.call('GET', `/api/orders/${orderId}/chat`)).json();
    expect(history.unread).toBe(1);
    expect(history.messages.map((m) => [m.author, m.text])).toEqual([
      ['shopper', '¿Tienen pan integral?'],
      ['store', 'Sí, lo agregamos'],
    ]);
    expect(((await order.call('GET', `/api/orders/${orderId}/chat`)).json() as ChatAnswer).unread).toBe(1);
    expect(
      ((await order.call('POST', `/api/orders/${orderId}/chat/read`, {})).json() as ChatAnswer).unread,
    ).toBe(0);
    expect(((await order.call('GET', `/api/orders/${orderId}/chat`)).json() as ChatAnswer).unread).toBe(0);

    // A reconnect with the first event's id gets the second, then live status changes.
    const resumed = await readEvents(
      `/api/orders/${orderId}/events`,
      { 'x-access-token': order.shopper.token, 'last-event-id': String(shopperSide[0]!.id) },
      2,
      () => call('POST', `/api/operations/orders/${orderId}/start-handling`),
    );
    expect(resumed.map((e) => e.event)).toEqual(['chat', 'status']);
    expect(resumed[0]!.id).toBe(shopperSide[1]!.id);
    expect(resumed[1]!.data.data).toEqual({ status: 'handling', statusDescription: 'En preparación' });

    // After delivery the history is still there.
    await call('POST', `/api/operations/orders/${orderId}/lines/0/pick`);
    await call('POST', `/api/operations/orders/${orderId}/invoice`);
    await call('POST', `/api/operations/orders/${orderId}/hand-over`);
    const after: ChatAnswer = (await order.call('GET', `/api/orders/${orderId}/chat`)).json();
    expect(after.messages).toHaveLength(2);
    expect((await auditRows(orderId)).map((row) => row.action)).toContain('chat-reply');
  });
});

describe("the main header's chat notification (§2, §3: count, purchaseId, action)", () => {
  it("counts the store's pending messages over the shopper's orders and names the purchase whose chat to open", async () => {
    const first = await placePaidOrder(shop, { sc, items: [{ id: skus[10]!, quantity: 1 }] });
    const second = await placePaidOrder(shop, {
      sc,
      items: [{ id: skus[9]!, quantity: 1 }],
      shopper: first.shopper,
    });
    const notice = async () => {
      const answer = await first.call('GET', '/api/orders/chat-notification');
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };
    expect(await notice()).toEqual({ count: 0, purchaseId: null, action: null });
    const call = staff(operator);
    await call('POST', `/api/operations/orders/${first.orderId}/chat`, {
      text: 'Hola, ¿cambiamos la leche?',
    });
    await call('POST', `/api/operations/orders/${second.orderId}/chat`, { text: 'Vamos en camino' });
    // The shopper's own messages are not pending for them.
    await first.call('POST', `/api/orders/${first.orderId}/chat`, { text: 'Sí, gracias' });
    expect(await notice()).toEqual({
      count: 2,
      purchaseId: second.orderId,
      action: `/mis-compras/${second.orderId}#chat`,
    });
    await first.call('POST', `/api/orders/${second.orderId}/chat/read`, {});
    expect(await notice()).toEqual({
      count: 1,
      purchaseId: first.orderId,
      action: `/mis-compras/${first.orderId}#chat`,
    });
    // Another shopper sees none of it; no session is a 401.
    const other = await placePaidOrder(shop, { sc, items: [{ id: skus[8]!, quantity: 1 }] });
    expect((await other.call('GET', '/api/orders/chat-notification')).json()).toEqual({
      count: 0,
      purchaseId: null,
      action: null,
    });
    const anonymous = await shop.app.inject({
      method: 'GET',
      url: '/api/orders/chat-notification',
      headers: CART_HEADERS,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the receipt settles a one-click payment (§8: the receipt lets the saved card go)', () => {
  it('refunds a missing line to the saved card that paid, and then lets the shopper delete that card', async () => {
    now = CHECKOUT_START;
    const [kept, missing] = [skus[10]!, skus[11]!];
    let accountId = '';
    const order = await placePaidOrder(shop, {
      sc,
      items: [
        { id: kept, quantity: 1 },
        { id: missing, quantity: 1 },
      ],
      pay: async (form, _fee, shopper) => {
        accountId = await enrolCard(shop, shopper, VISA);
        return [{ paymentSystem: PAYMENT_IDS.oneClick, installments: 1, value: form.value, accountId }];
      },
    });
    const deleteCard = () => order.call('DELETE', `/api/wallet/card/${accountId}`);
    expect((await deleteCard()).statusCode).toBe(401);
    const call = staff(operator);
    const handling: Fulfilment = (
      await call('POST', `/api/operations/orders/${order.orderId}/start-handling`)
    ).json();
    await call('POST', `/api/operations/orders/${order.orderId}/lines/${lineOf(handling, kept).index}/pick`);
    await call(
      'POST',
      `/api/operations/orders/${order.orderId}/lines/${lineOf(handling, missing).index}/missing`,
    );
    const invoiced = await call('POST', `/api/operations/orders/${order.orderId}/invoice`);
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    const receipt: Fulfilment = invoiced.json();
    expect(receipt.refunded).toBeGreaterThan(0);
    const [charge] = (
      await shop.database.pool.query(
        'SELECT amount, nullified_amount FROM sandbox_oneclick_payment WHERE buy_order = $1',
        [order.orderGroup],
      )
    ).rows;
    expect(charge.nullified_amount).toBe(receipt.refunded / 100);
    expect((await order.call('GET', `/api/pvt/transactions/${order.transactionId}`)).json()).toMatchObject({
      totalRefunds: receipt.refunded,
    });
    expect((await deleteCard()).statusCode).toBe(200);
  });
});
