import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  CARD_REDIRECT_PAYMENT_ID,
  REPEAT_ORDER_SNACKBAR_MS,
  editedLineCost,
  formatCLP,
  lineAmount,
} from '@despensa/domain';
import type { EditProducts, Order } from '@despensa/contracts';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';
import { cartWithHomeDelivery, newShopper, placeOrderFor } from './support/orders';

const API = { 'x-api-key': 'despensa-web-dev-key', 'x-consumer': 'web', 'x-account': 'despensa' };

let browser: Browser;
let db: pg.Client;
let sc: number;
let skus: string[];
/** A weighed sku (steps of 0,5 kg or so) the store sells. */
let weighed: string;

beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  sc = (await db.query("SELECT sales_channel FROM store WHERE comuna_code = '13123' LIMIT 1")).rows[0]
    .sales_channel;
  skus = (
    await db.query(
      `SELECT s.id FROM sku s JOIN sku_offer o ON o.sku_id = s.id AND o.seller_id = '1' AND o.sales_channel = $1
        WHERE o.available_quantity >= 40 AND o.list_price > 0 AND s.measurement_unit <> 'kg' AND s.cart_limit >= 35
        ORDER BY s.id DESC LIMIT 4`,
      [sc],
    )
  ).rows.map((row) => String(row.id));
  weighed = String(
    (
      await db.query(
        `SELECT s.id FROM sku s JOIN sku_offer o ON o.sku_id = s.id AND o.seller_id = '1' AND o.sales_channel = $1
          WHERE o.available_quantity >= 40 AND o.list_price > 0 AND s.measurement_unit = 'kg'
            AND s.unit_multiplier = 0.5 AND s.cart_limit >= 35
          ORDER BY s.id LIMIT 1`,
        [sc],
      )
    ).rows[0].id,
  );
});
afterAll(async () => {
  await db?.end();
  await browser?.close();
});

/** The shop's API as the shopper's app calls it (the session in x-access-token). */
function api(token: string | null) {
  return async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        ...API,
        ...(token ? { 'x-access-token': token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

const stockOf = async (sku: string) =>
  (
    await db.query(
      "SELECT available_quantity FROM sku_offer WHERE sku_id = $1 AND sales_channel = $2 AND seller_id = '1'",
      [sku, sc],
    )
  ).rows[0].available_quantity as number;
const placesOf = async (startDateUtc: string) =>
  (
    await db.query(
      `SELECT w.reserved FROM delivery_window w JOIN store s ON s.id = w.store_id
        WHERE s.sales_channel = $1 AND w.starts_at = $2`,
      [sc, startDateUtc],
    )
  ).rows[0].reserved as number;

async function shopperPage(token: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser);
  const url = new URL(baseUrl());
  await opened.context.addCookies([
    {
      name: 'despensa_session',
      value: token,
      domain: url.hostname,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  return opened;
}

const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Carro, / });
const minicart = (page: Page) => page.getByRole('dialog', { name: 'Tu carro' });

describe('purchases: list → detail → reschedule → cancel, and repeat last order', () => {
  it('a shopper follows, reschedules and cancels an order: stock and window place come back', async () => {
    const shopper = await newShopper();
    const first = skus[0]!;
    const stockBefore = await stockOf(first);
    const firstOrder = await placeOrderFor(shopper, sc, [{ id: first, quantity: 2 }], 3);
    const lastOrder = await placeOrderFor(
      shopper,
      sc,
      [
        { id: skus[1]!, quantity: 3 },
        { id: weighed, quantity: 2 },
      ],
      4,
    );
    expect(await stockOf(first)).toBe(stockBefore - 2);
    const { context, page } = await shopperPage(shopper.token);
    try {
      await page.goto('/mis-compras');
      await page.getByRole('heading', { level: 1, name: 'Mis compras' }).waitFor();
      await page.getByRole('heading', { name: `Pedido ${firstOrder}` }).waitFor();
      await page.getByRole('heading', { name: `Pedido ${lastOrder}` }).waitFor();
      const purchases = page
        .getByRole('list')
        .filter({ has: page.getByRole('article') })
        .getByRole('listitem');
      expect(await purchases.filter({ hasText: 'Listo para preparar' }).count()).toBe(2);
      expect(await accessibilityViolations(page)).toEqual([]);

      // Filtered by a status none of them has: nothing to show.
      await page.getByLabel('Estado').selectOption('canceled');
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await page.getByText('No tienes compras en este período.').waitFor();
      await page.goto('/mis-compras-antiguas');
      await page.getByRole('heading', { level: 1, name: 'Mis compras antiguas' }).waitFor();
      await page.getByText('No tienes compras en este período.').waitFor();

      await page.goto('/mis-compras');
      await page.getByRole('link', { name: `Ver detalle del pedido ${firstOrder}` }).click();
      await page.getByRole('heading', { level: 1, name: `Pedido ${firstOrder}` }).waitFor();
      expect(page.url()).toBe(`${baseUrl()}/mis-compras/${firstOrder}`);
      await page.getByText('Estado: Listo para preparar').waitFor();
      await page.getByText('Si no hay stock: Criterio de la tienda').waitFor();
      await page.getByText('Av. Providencia 1234').waitFor();
      await page.getByText('Tarjeta de crédito (Webpay)').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      // Reschedule: the order's place moves to the chosen window.
      const before = (await api(shopper.token)<Order>('GET', `/api/checkout/pub/orders/${firstOrder}`))
        .shippingData.deliveryWindow!;
      const placesBefore = await placesOf(before.startDateUtc);
      await page.getByRole('button', { name: 'Reagendar' }).click();
      const reschedule = page.getByRole('dialog', { name: 'Reagendar pedido' });
      await reschedule.waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      const choice = reschedule.getByRole('radio', { disabled: false }).first();
      const [startDateUtc] = (await choice.getAttribute('value'))!.split('|');
      const targetPlaces = await placesOf(startDateUtc!);
      await choice.check();
      await reschedule.getByRole('button', { name: 'Reagendar' }).click();
      await page.getByText(/^Reagendamos tu pedido para el /).waitFor();
      expect(await placesOf(before.startDateUtc)).toBe(placesBefore - 1);
      expect(await placesOf(startDateUtc!)).toBe(targetPlaces + 1);

      // Cancel: the stock and the window's place come back, the card is refunded.
      await page.getByRole('button', { name: 'Anular pedido' }).click();
      const cancel = page.getByRole('dialog', { name: 'Anular pedido' });
      await cancel.waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await cancel.getByRole('radio', { name: 'Dirección equivocada' }).check();
      await cancel.getByLabel('Comentario (opcional)').fill('Me cambié de casa');
      await cancel.getByRole('button', { name: 'Anular pedido' }).click();
      await page.getByText(/^Anulamos tu pedido\. Te devolveremos \$/).waitFor();
      await page.getByText('Estado: Cancelado').waitFor();
      await page.getByText(/Motivo: Dirección equivocada\./).waitFor();
      expect(await stockOf(first)).toBe(stockBefore);
      expect(await placesOf(startDateUtc!)).toBe(targetPlaces);
      expect(await page.getByRole('button', { name: 'Anular pedido' }).count()).toBe(0);

      // Edit the other order before its cut-off: two units fewer, half a kilo fewer of the weighed line and a
      // product added from the search, the new total and the refund following each change; refunded
      // through the card.
      const edited = skus[1]!;
      const editedStock = await stockOf(edited);
      const placed = await api(shopper.token)<Order>('GET', `/api/checkout/pub/orders/${lastOrder}`);
      const line = placed.items.find((item) => item.id === edited)!;
      const weighedLine = placed.items.find((item) => item.id === weighed)!;
      const term = line.name.split(' ')[0]!;
      const { products } = await api(shopper.token)<EditProducts>(
        'GET',
        `/api/order/edit/${lastOrder}/products?q=${encodeURIComponent(term)}`,
      );
      // A product by the unit that the order does not have yet (the form lists only those).
      const cheapest = products
        .filter((each) => !placed.items.some((item) => item.id === each.id) && each.measurementUnit !== 'kg')
        .sort((a, b) => a.price - b.price)[0]!;
      const difference =
        editedLineCost(line, 1) -
        lineAmount(line) +
        editedLineCost(weighedLine, 1) -
        lineAmount(weighedLine) +
        cheapest.price;
      expect(difference).toBeLessThan(0);
      await page.goto(`/mis-compras/${lastOrder}`);
      await page.getByRole('link', { name: 'Modificar pedido' }).click();
      await page.getByRole('heading', { name: 'Modificar pedido' }).waitFor();
      await page.getByText(/^Puedes modificar tu pedido hasta el /).waitFor();
      await page.getByText('El total de tu pedido no cambia.').waitFor();
      await page.getByLabel('Buscar productos para agregar').fill(term);
      await page
        .getByRole('region', { name: 'Modificar pedido' })
        .getByRole('button', { name: 'Buscar', exact: true })
        .click();
      await page.getByRole('heading', { name: 'Agregar productos' }).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      const labelled = (name: string, on: Page = page) =>
        on.getByLabel(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`));
      await labelled(line.name).fill('1');
      // The weighed line is chosen by weight: 1 kg bought, 0,5 kg now.
      const weight = labelled(weighedLine.name);
      const chosen = () => weight.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]!.text);
      expect(await chosen()).toBe('1 kg');
      await weight.selectOption({ label: '0,5 kg' });
      await labelled(cheapest.name).fill('1');
      await page.getByText(`Nuevo total: ${formatCLP(placed.value + difference)}`).waitFor();
      await page
        .getByText(`Te devolveremos ${formatCLP(-difference)} al medio de pago con que pagaste.`)
        .waitFor();
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await page
        .getByText(
          `Guardamos los cambios. Te devolveremos ${formatCLP(-difference)} al medio de pago con que pagaste.`,
        )
        .waitFor();
      // The page's total follows the edit without a reload (issue 28: it stayed old until one).
      await expect
        .poll(() => page.getByTestId('order-total').innerText(), { timeout: 10_000 })
        .toBe(formatCLP(placed.value + difference));
      expect(await stockOf(edited)).toBe(editedStock + 2);
      const after = await api(shopper.token)<Order>('GET', `/api/checkout/pub/orders/${lastOrder}`);
      const lines = (order: Order) =>
        Object.fromEntries(order.items.map(({ id, quantity }) => [id, quantity]));
      expect(lines(after)).toEqual({
        [edited]: 1,
        [weighed]: 1,
        [cheapest.id]: 1,
      });
      expect(after.value).toBe(placed.value + difference);

      // Before scripts run, the search is a GET of the page and the form a plain POST.
      const plain = await browser.newContext({
        baseURL: baseUrl(),
        javaScriptEnabled: false,
        locale: 'es-CL',
      });
      try {
        await plain.addCookies([
          { name: 'despensa_session', value: shopper.token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' },
        ]);
        const noJs = await plain.newPage();
        await noJs.goto(`/mis-compras/${lastOrder}?modificar&buscar=${encodeURIComponent(term)}`);
        await noJs.getByRole('heading', { name: 'Agregar productos' }).waitFor();
        await labelled(cheapest.name, noJs).fill('0');
        await noJs.getByRole('button', { name: 'Guardar cambios' }).click();
        await noJs
          .getByText(
            `Guardamos los cambios. Te devolveremos ${formatCLP(cheapest.price)} al medio de pago con que pagaste.`,
          )
          .waitFor();
      } finally {
        await plain.close();
      }
      const removed = await api(shopper.token)<Order>('GET', `/api/checkout/pub/orders/${lastOrder}`);
      expect(lines(removed)).toEqual({ [edited]: 1, [weighed]: 1 });
    } finally {
      await context.close();
    }
  });

  it('§4 repeat last order: added, nothing, Mezclar, Nuevo pedido; a 401 cleans the cart and reloads', async () => {
    const shopper = await newShopper();
    const last = skus[1]!;
    await placeOrderFor(shopper, sc, [{ id: last, quantity: 1 }], 4);
    const { context, page } = await shopperPage(shopper.token);
    try {
      // §4 repeat last order: an empty cart gets the last order's items; the same cart again, nothing.
      await page.goto('/mis-compras');
      await page.getByRole('button', { name: 'Repetir última compra' }).click();
      await page.getByText('Agregamos los productos de tu última compra a tu carro.').waitFor();
      await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Carro, 1 producto');
      await page.keyboard.press('Escape');
      await page
        .getByText('Agregamos los productos de tu última compra a tu carro.')
        .waitFor({ state: 'detached', timeout: REPEAT_ORDER_SNACKBAR_MS + 2000 });
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Repetir última compra' }).click();
      await page.getByText('Tu carro ya tiene los productos de tu última compra.').waitFor();
      expect(await cartButton(page).getAttribute('aria-label')).toBe('Carro, 1 producto');

      // Another cart: the shopper chooses 'Mezclar' (quantities added) or 'Nuevo pedido' (the order's).
      const name = (await db.query('SELECT name FROM sku WHERE id = $1', [last])).rows[0].name as string;
      await cartButton(page).click();
      await minicart(page)
        .getByRole('button', { name: `Agregar una unidad de ${name}` })
        .click();
      await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Carro, 2 productos');
      await page.keyboard.press('Escape');
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Repetir última compra' }).click();
      const ask = page.getByRole('dialog', { name: 'Repetir última compra' });
      await ask.waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await ask.getByRole('button', { name: 'Mezclar' }).click();
      await page.getByText('Mezclamos tu carro con los productos de tu última compra.').waitFor();
      await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Carro, 3 productos');
      await page.keyboard.press('Escape');
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Repetir última compra' }).click();
      await ask.getByRole('button', { name: 'Nuevo pedido' }).click();
      await page.getByText('Tu carro ahora tiene los productos de tu última compra.').waitFor();
      await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Carro, 1 producto');
      await page.keyboard.press('Escape');
      await page.waitForLoadState('networkidle');

      // §8: the session ends elsewhere; a 401 on the last order cleans the cart and reloads.
      const cartCookie = async () =>
        (await context.cookies()).find((cookie) => cookie.name === 'checkout.vtex.com')?.value ?? '';
      const before = await cartCookie();
      expect(before).toContain('__ofid=');
      await api(shopper.token)('POST', '/api/user/logout', {});
      await page.getByRole('button', { name: 'Repetir última compra' }).click();
      // The reload finds no session: a private page sends the visitor to log in.
      await page.waitForURL(/\/login-page\?callback=%2Fmis-compras$/);
      expect(await cartCookie()).not.toBe(before);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('a 401 on an order logs the shopper out and takes them home (§8)', async () => {
    const shopper = await newShopper();
    const orderId = await placeOrderFor(shopper, sc, [{ id: skus[3]!, quantity: 1 }], 5);
    const { context, page } = await shopperPage(shopper.token);
    try {
      // The order status page shows the same purchase.
      await page.goto(`/_secure/order/status/${orderId}`);
      await page.getByText('Estado: Listo para preparar').waitFor();
      await page.getByRole('button', { name: 'Anular pedido' }).click();
      const cancel = page.getByRole('dialog', { name: 'Anular pedido' });
      await cancel.getByRole('radio', { name: 'Prefiero no decirlo' }).check();
      await api(shopper.token)('POST', '/api/user/logout', {});
      await cancel.getByRole('button', { name: 'Anular pedido' }).click();
      await page.waitForURL(`${baseUrl()}/`);
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Ingresa/ })
        .waitFor();
      expect(
        (await context.cookies()).some((cookie) => cookie.name === 'despensa_session' && cookie.value),
      ).toBe(false);
      const order = await db.query('SELECT status FROM shop_order WHERE order_id = $1', [orderId]);
      expect(order.rows[0].status).toBe('ready-for-handling');
    } finally {
      await context.close();
    }
  });

  it('§4: a shop page clears the payment the checkout stored on the cart; the cart page keeps it', async () => {
    const shopper = await newShopper();
    const id = await cartWithHomeDelivery(shopper, sc, [{ id: skus[0]!, quantity: 1 }]);
    const call = api(shopper.token);
    const form = await call<{ value: number }>('GET', `/api/orderform/${id}`);
    await call('POST', `/api/orderform/${id}/payments`, {
      payments: [{ paymentSystem: CARD_REDIRECT_PAYMENT_ID, installments: 1, value: form.value }],
    });
    const storedPayments = async () =>
      (await call<{ paymentData: { payments: unknown[] } }>('GET', `/api/orderform/${id}`)).paymentData
        .payments.length;
    expect(await storedPayments()).toBe(1);

    const { context, page } = await shopperPage(shopper.token);
    await context.addCookies([{ name: 'checkout.vtex.com', value: `__ofid=${id}`, url: baseUrl() }]);
    await page.goto('/_secure/cart');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    expect(await storedPayments()).toBe(1);
    await page.goto('/lacteos');
    await expect.poll(storedPayments, { timeout: 8000 }).toBe(0);
    await context.close();
  });

  it("another shopper's purchase is not found, and a visitor is sent to log in", async () => {
    const owner = await newShopper();
    const orderId = await placeOrderFor(owner, sc, [{ id: skus[2]!, quantity: 1 }], 2);
    const stranger = await newShopper();
    const { context, page } = await shopperPage(stranger.token);
    try {
      for (const path of [
        `/mis-compras/${orderId}`,
        `/mis-compras-antiguas/${orderId}`,
        `/_secure/order/status/${orderId}`,
      ]) {
        expect((await page.goto(path))?.status(), path).toBe(404);
      }
    } finally {
      await context.close();
    }
    const visitor = await newPage(browser);
    try {
      await visitor.page.goto('/mis-compras');
      expect(visitor.page.url()).toBe(`${baseUrl()}/login-page?callback=%2Fmis-compras`);
    } finally {
      await visitor.context.close();
    }
  });
});
