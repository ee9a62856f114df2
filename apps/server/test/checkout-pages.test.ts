import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_METHODS, DELIVERY_PRICES_CENTS, formatCLP, windowText } from '@despensa/domain';
import type { Order, TransactionAnswer } from '@despensa/contracts';
import type { SandboxMailer } from '../src/providers/mail/sandbox';
import type { Acquirer } from '../src/providers/acquirer/acquirer';
import { createTestApp, type TestApp } from './support/app';
import { sellableSkus } from './support/cart';
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
import { placePaidOrder } from './support/orders';

const webBuilt = fs.existsSync(path.resolve(import.meta.dirname, '../../web/build/server/index.js'));
if (!webBuilt) throw new Error('pages are tested on the web build: run `npm run build -w @despensa/web`');

/**
 * Issue 28: every amount the shopper sees on the rendered pages is what the acquirer is asked for. The
 * pages are drawn by the storefront in this process, at noon on a Monday (express is offered then).
 */
let shop: TestApp;
let acquirer: Acquirer | undefined;
let sc: number;
let skus: string[];

beforeAll(async () => {
  const lazy = new Proxy({} as Acquirer, {
    get:
      (_target, name: keyof Acquirer) =>
      (...args: never[]) =>
        (acquirer![name] as (...a: never[]) => unknown)(...args),
  });
  shop = await createTestApp({ now: CHECKOUT_START, acquirer: lazy, web: true });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  acquirer = sandboxAcquirerOf(shop);
  sc = await deliveringChannel(shop);
  skus = (await sellableSkus(shop, { salesChannel: sc, limit: 10 })).map((row) => String(row.id));
}, 120_000);
afterAll(() => shop?.close());

type Cart = Awaited<ReturnType<typeof completeCart>>;

/** The browser's cookies for a cart's owner: session, cart and the delivery choice (as the selector sets it). */
function cookiesOf(cart: Cart, method: string, storeName = 'Despensa'): string {
  const choice = {
    method,
    salesChannel: sc,
    seller: '1',
    storeName,
    storeId: null,
    addressId: 'casa',
    addressLine: 'Av. Providencia 1234, Providencia',
    addressEssentials: { street: 'Av. Providencia', number: '1234', comuna: 'Providencia' },
    coverageState: null,
    segment: null,
  };
  return [
    `despensa_session=${encodeURIComponent(cart.shopper.token)}`,
    `checkout.vtex.com=__ofid=${cart.id}`,
    `despensa_delivery=${encodeURIComponent(JSON.stringify(choice))}`,
  ].join('; ');
}

async function render(url: string, cookie: string): Promise<string> {
  const page = await shop.app.inject({
    method: 'GET',
    url,
    headers: { cookie, 'user-agent': 'Mozilla/5.0 Chrome/130.0' },
  });
  expect(page.statusCode, `${url} → ${page.headers.location ?? ''}`).toBe(200);
  return page.body;
}

/** The text of the element with a test id. */
const byTestId = (html: string, id: string) =>
  new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;

describe('express checkout (issue 28 item 4)', () => {
  it("shows the express fee in the summary and the header, and the total is what Webpay's page asks", async () => {
    const cart = await completeCart(shop, { sc, items: [{ id: skus[0]!, quantity: 2 }], express: true });
    expect(cart.fee).toBe(DELIVERY_PRICES_CENTS.express);
    const cookie = cookiesOf(cart, DELIVERY_METHODS.express.id);
    const html = await render('/checkout/payment', cookie);
    // The summary: the fee on its own row, and a total with it ($5.738 + $4.990 = $10.728 in the issue):
    // the cart's value, whose Shipping totalizer counts the fee.
    const feeRow = /<dt>Despacho Express(<!-- -->)?(<span[^>]*>[^<]*<\/span>)?<\/dt><dd>\$4\.990<\/dd>/;
    expect(feeRow.test(html), 'the express row of the summary').toBe(true);
    expect(cart.form.totalizers.find((each) => each.id === 'Shipping')?.value).toBe(499_000);
    expect(byTestId(html, 'cart-total')).toBe(formatCLP(cart.form.value));
    // The cart page's summary.
    const cartPage = await render('/_secure/cart', cookie);
    expect(feeRow.test(cartPage), 'the express row of the cart').toBe(true);
    expect(byTestId(cartPage, 'cart-total')).toBe(formatCLP(cart.total));
    // The header (the cart and checkout have the checkout's own): the fee rides with the mode.
    const header = /class="delivery-button__mode">Despacho Express(<!-- -->)? · \$4\.990</;
    const account = await render('/mis-compras', cookie);
    expect(header.test(account), /class="delivery-button__mode[^]{0,200}/.exec(account)?.[0]).toBe(true);

    const placed = await cart.call('POST', '/api/checkout/pub/orderform/transaction', {
      referenceId: cart.id,
      savePersonalData: true,
      optinNewsLetter: false,
      value: cart.total,
      interestValue: 0,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const answer = placed.json() as TransactionAnswer;
    const toAcquirer = formOf((await as(shop, cart.shopper)('GET', answer.redirectUrl)).body);
    const webpay = await postForm(shop, toAcquirer.action, toAcquirer.fields);
    expect(webpay.body).toContain(`Monto a pagar: ${formatCLP(cart.total)}</p>`);
    expect(byTestId(html, 'cart-total')).toBe(formatCLP(cart.total));
  });
});

const mailTo = (email: string) => (shop.services.mailer as SandboxMailer).outbox(email)[0]!.text;
const storeOf = async (salesChannel: number) =>
  (await shop.database.pool.query('SELECT name, address FROM store WHERE sales_channel = $1', [salesChannel]))
    .rows[0] as { name: string; address: string };
/** The description of a term in a rendered list (`<dt>term</dt><dd>…</dd>`). */
const described = (html: string, term: string) =>
  new RegExp(`<dt>${term}</dt><dd>([^<]*)</dd>`).exec(html.replace(/<!-- -->/g, ''))?.[1] ?? null;

describe('the confirmation e-mail and the pages after paying (issue 28 item 8)', () => {
  it("a home order's e-mail has the delivery fee and the window in Chile's time, never raw UTC", async () => {
    const paid = await placePaidOrder(shop, { sc, items: [{ id: skus[1]!, quantity: 1 }] });
    const [order] = (
      await paid.call('GET', `/api/checkout/pub/orders/group/${paid.orderGroup}`)
    ).json() as Order[];
    const window = order!.shippingData.deliveryWindow!;
    const text = mailTo(paid.shopper.email);
    expect(text).toContain(`\nCosto de despacho: $2.990\nTotal: ${formatCLP(paid.total)}\n`);
    // 'lunes, 2 de noviembre, de 14:00 a 16:00' for 17:00–19:00 UTC.
    expect(text).toContain(`\nEntrega: ${windowText(window)}`);
    expect(windowText(window)).toMatch(/^\p{L}+, \d{1,2} de noviembre, de \d\d:00 a \d\d:00$/u);
    expect(text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
  });

  it('a pickup order names its store in the e-mail, on the order-placed page and on the detail', async () => {
    const paid = await placePaidOrder(shop, { sc, items: [{ id: skus[2]!, quantity: 1 }], pickup: true });
    const store = await storeOf(sc);
    const place = `${store.name}, ${store.address}`;
    const text = mailTo(paid.shopper.email);
    expect(text.split('\n')).toContain(`Retiro en: ${place}`);
    expect(text).not.toContain('Costo de despacho');
    const cookie = `despensa_session=${encodeURIComponent(paid.shopper.token)}`;
    const placed = await render(`/checkout/orderPlaced?og=${paid.orderGroup}`, cookie);
    expect(described(placed, 'Tienda')).toBe(place);
    expect(described(placed, 'Dirección')).toBeNull();
    const detail = await render(`/mis-compras/${paid.orderId}`, cookie);
    expect(described(detail, 'Tienda')).toBe(place);
    expect(described(detail, 'Dirección')).toBeNull();
  });
});

/** Posts a checkout form as a browser without scripts does; answers the redirect's location. */
async function postCheckout(url: string, cookie: string, fields: Record<string, string>) {
  const answer = await shop.app.inject({
    method: 'POST',
    url,
    headers: {
      cookie,
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'Mozilla/5.0 Chrome/130.0',
    },
    payload: new URLSearchParams(fields).toString(),
  });
  return answer;
}

const PENDING_TEXT = (value: number) =>
  `Dejaste sin terminar en Webpay un pago de ${formatCLP(value)}. Mientras esté pendiente, tu horario de entrega queda reservado para ese pago.`;

describe('a payment left on Webpay’s page (issue 28 item 7)', () => {
  it('tells the shopper, goes back to it, or drops it at once when the acquirer says it was not paid', async () => {
    const cart = await completeCart(shop, { sc, items: [{ id: skus[3]!, quantity: 1 }] });
    const placed = await cart.call('POST', '/api/checkout/pub/orderform/transaction', {
      referenceId: cart.id,
      savePersonalData: true,
      optinNewsLetter: false,
      value: cart.total,
      interestValue: 0,
    });
    const answer = placed.json() as TransactionAnswer;
    // On Webpay's page, then back to the shop without paying.
    const toAcquirer = formOf((await as(shop, cart.shopper)('GET', answer.redirectUrl)).body);
    await postForm(shop, toAcquirer.action, toAcquirer.fields);
    const cookie = cookiesOf(cart, DELIVERY_METHODS.homeDelivery.id);
    const html = (await render('/checkout/shipping', cookie)).replace(/<!-- -->/g, '');
    expect(html).toContain(
      '<h2 id="pending-payment-title" class="pending-payment__title">Tienes un pago pendiente</h2>',
    );
    expect(html).toContain(`<p>${PENDING_TEXT(cart.total)}</p>`);
    expect(html).toMatch(new RegExp(`<a href="/checkout/pagar/${answer.tId}"[^>]*>Volver a pagar</a>`));
    expect(html).toMatch(/<button type="submit"[^>]*>Anular pago<\/button>/);

    // Another shopper cannot drop it.
    const stranger = await completeCart(shop, { sc, items: [{ id: skus[4]!, quantity: 1 }] });
    const refused = await postCheckout(
      '/checkout/shipping',
      cookiesOf(stranger, DELIVERY_METHODS.homeDelivery.id),
      {
        intent: 'dropPayment',
        tId: answer.tId,
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('No encontramos ese pago');

    const dropped = await postCheckout('/checkout/shipping', cookie, {
      intent: 'dropPayment',
      tId: answer.tId,
    });
    expect(dropped.headers.location).toBe('/checkout/shipping?pagoAnulado=1');
    const [order] = (
      await cart.call('GET', `/api/checkout/pub/orders/group/${answer.orderId}`)
    ).json() as Order[];
    expect(order!.status).toBe('canceled');
    // The window is the cart's again at once, not in 5–7 minutes.
    expect(await shop.services.delivery.heldWindow(cart.id)).toMatchObject({ expired: false });
    const after = (await render('/checkout/shipping?pagoAnulado=1', cookie)).replace(/<!-- -->/g, '');
    expect(after).not.toContain('Tienes un pago pendiente');
    expect(after).toContain('Anulamos tu pago pendiente. Tu horario de entrega volvió a tu carro.');
    expect(described(after, 'Horario')).not.toBe('Sin elegir');
  });

  it('settles it as paid when the shopper had paid on Webpay and closed the page before coming back', async () => {
    const cart = await completeCart(shop, { sc, items: [{ id: skus[5]!, quantity: 1 }] });
    const placed = await cart.call('POST', '/api/checkout/pub/orderform/transaction', {
      referenceId: cart.id,
      savePersonalData: true,
      optinNewsLetter: false,
      value: cart.total,
      interestValue: 0,
    });
    const answer = placed.json() as TransactionAnswer;
    await payAtAcquirer(shop, answer.redirectUrl, VISA, cart.shopper); // the tab is closed: no return
    const cookie = cookiesOf(cart, DELIVERY_METHODS.homeDelivery.id);
    const dropped = await postCheckout('/checkout/payment', cookie, {
      intent: 'dropPayment',
      tId: answer.tId,
    });
    expect(dropped.headers.location).toBe(`/checkout/orderPlaced?og=${answer.orderId}`);
    const [order] = (
      await cart.call('GET', `/api/checkout/pub/orders/group/${answer.orderId}`)
    ).json() as Order[];
    expect(order!.status).toBe('ready-for-handling');
  });
});
