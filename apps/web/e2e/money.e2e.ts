import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { DELIVERY_METHODS, deliveryFeeOf, formatCLP } from '@despensa/domain';
import type { EditProducts, Order, OrderForm } from '@despensa/contracts';
import { mailTo } from './support/outbox';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';
import { deliveringStore, newShopper, placeOrderFor } from './support/orders';
import { operatorAt } from './support/staff';

/**
 * Issue 28 (items 1 and 5), walked as the shopper and the operator: the seeded Plátano Baby at $1.270 per
 * kg ('Antes $1.490') and a yoghurt the shelf sells at $427 (−25 % off $570) cost the same on every page,
 * e-mail and console screen, and what goes back is what was not delivered.
 */
const PLATANO = '1000192';
const API = { 'x-api-key': 'despensa-web-dev-key', 'x-consumer': 'web', 'x-account': 'despensa' };

let browser: Browser;
let store: Awaited<ReturnType<typeof deliveringStore>>;
let dearer: string;

/** The shop's database, for arranging the shelf (the catalogue rebuilds on any change to it). */
async function withDatabase<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** Polls until `check` holds (the catalogue rebuilds a moment after a change). */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not so after a minute: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  store = await deliveringStore();
  await withDatabase(async (db) => {
    // Dearer than two yoghurts: replacing it by them lowers the total, which the card gets back.
    dearer = String(
      (
        await db.query(
          `SELECT s.id FROM sku s JOIN sku_offer o ON o.sku_id = s.id AND o.seller_id = '1' AND o.sales_channel = $1
            WHERE o.available_quantity >= 40 AND o.price >= 1000000 AND s.measurement_unit <> 'kg'
              AND s.cart_limit >= 35 ORDER BY s.id LIMIT 1`,
          [store.sc],
        )
      ).rows[0].id,
    );
    // The plátano: $1.270 per kg, 'Antes $1.490'; the −5 % everywhere (id 22) left out of it.
    await db.query(
      `UPDATE promotion SET data = jsonb_set(data, '{exclusions,skus}', $1::jsonb) WHERE id = '22'`,
      [JSON.stringify([PLATANO])],
    );
    await db.query(
      "UPDATE sku_offer SET price = 127000, list_price = 149000 WHERE sku_id = $1 AND seller_id = '1'",
      [PLATANO],
    );
  });
  await until(async () => {
    const response = await fetch(`${baseUrl()}/api/orderForm?sc=${store.sc}`, {
      method: 'POST',
      headers: { ...API, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ id: PLATANO, quantity: 2, seller: '1' }] }),
    });
    return ((await response.json()) as OrderForm).items[0]?.sellingPrice === 127_000;
  }, 'the plátano at $1.270 per kg');
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

async function shopperPage(token: string, path: string): Promise<Page> {
  const { context, page } = await newPage(browser, { width: 1280, height: 900 });
  await context.addCookies([{ name: 'despensa_session', value: token, url: baseUrl() }]);
  await page.goto(path);
  return page;
}

const operatorPage = () => operatorAt(browser, store.id);

const cents = (text: string) => Number(text.replace(/\D/g, '')) * 100;

describe('one rule for money (issue 28)', () => {
  it('a weighed order reads 1 kg for $1.270 on the order-placed page, the detail, the e-mail and the console; 0,8 kg gives back $254', async () => {
    const shopper = await newShopper();
    const unit = store.skus[0]!;
    const orderId = await placeOrderFor(shopper, store.sc, [
      { id: PLATANO, quantity: 2 },
      { id: unit, quantity: 1 },
    ]);
    const orderGroup = orderId.replace(/-01$/, '');

    // The order-placed page: the plátano by weight at its amount, and the lines add up to the total.
    const placed = await shopperPage(shopper.token, `/checkout/orderPlaced?og=${orderGroup}`);
    const products = placed.getByRole('region', { name: 'Productos' });
    const lines = products.getByRole('listitem');
    await lines.filter({ hasText: '1 kg de Plátano Baby' }).filter({ hasText: '$1.270' }).waitFor();
    expect(await lines.filter({ hasText: 'Costo de despacho' }).textContent()).toContain(
      formatCLP(deliveryFeeOf(DELIVERY_METHODS.homeDelivery.id, true)),
    );
    const amounts = await lines.evaluateAll((items) =>
      items.map((item) => item.lastElementChild!.textContent!),
    );
    const total = await placed.getByTestId('order-total').textContent();
    expect(amounts.reduce((sum, amount) => sum + cents(amount), 0)).toBe(cents(total!));
    expect(await accessibilityViolations(placed)).toEqual([]);

    // The purchase detail and the edit form: by weight, at $1.270 per kg.
    const detail = await shopperPage(shopper.token, `/mis-compras/${orderId}`);
    await detail.getByText('1 kg · $1.270', { exact: true }).waitFor();
    await detail.getByText(/^Peso estimado 1 kg · \$1\.270\./).waitFor();
    await detail.getByRole('link', { name: 'Modificar pedido' }).click();
    await detail.getByLabel('Plátano Baby ($1.270 / kg)').waitFor();
    await detail.goto(`/mis-compras/${orderId}`);

    // The confirmation e-mail.
    const mail = (await mailTo(shopper.email)).find((each) =>
      each.subject.startsWith('Confirmación de compra'),
    )!;
    expect(mail.text).toContain('- 1 kg de Plátano Baby: $1.270');

    // The console: 0,8 kg weighed is $1.016; the receipt gives $254 back, which the shopper reads.
    const operator = await operatorPage();
    await operator.getByRole('link', { name: orderId }).click();
    await operator.getByRole('heading', { name: `Pedido ${orderId}` }).waitFor();
    await operator.getByRole('button', { name: 'Comenzar preparación' }).click();
    await operator.getByRole('status').filter({ hasText: 'En preparación' }).waitFor();
    const row = operator.getByRole('row', { name: 'Plátano Baby', exact: true });
    await row.getByText('$1.270').waitFor();
    await row.getByLabel('Peso real (g)').fill('800');
    await row.getByLabel('Peso real (g)').press('Enter');
    await row.getByText('$1.016').waitFor();
    await row.getByText('antes $1.270').waitFor();
    const order = (await (
      await fetch(`${baseUrl()}/api/checkout/pub/orders/${orderId}`, {
        headers: { ...API, 'x-access-token': shopper.token },
      })
    ).json()) as Order;
    const unitName = order.items.find((item) => item.id === unit)!.name;
    await operator.getByRole('button', { name: `Recogido: ${unitName}` }).click();
    const unitRow = operator.getByRole('row', { name: unitName, exact: true });
    await expect.poll(() => unitRow.getByText('Por recoger').count()).toBe(0);
    await operator.getByRole('button', { name: 'Emitir boleta' }).click();
    await operator.getByText(/^Boleta B-/).waitFor();
    await detail.getByText('Te devolvemos $254.').waitFor();
    expect(await detail.getByTestId('order-total').textContent()).toBe(formatCLP(order.value - 25_400));
  });

  it("the cart's subtotal adds the struck 'Antes' prices: 1 kg at $1.270, 'Antes $1.490', saves $220", async () => {
    const response = await fetch(`${baseUrl()}/api/orderForm?sc=${store.sc}`, {
      method: 'POST',
      headers: { ...API, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ id: PLATANO, quantity: 2, seller: '1' }] }),
    });
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    // The browser holds the cart by the cookies its creation set: the cart cookie and its HttpOnly key.
    await context.addCookies(
      response.headers.getSetCookie().map((each) => {
        const [name, ...value] = each.split(';')[0]!.split('=');
        return { name: name!, value: value.join('='), url: baseUrl() };
      }),
    );
    await page.goto('/mi-carro');
    const line = page.getByRole('listitem').filter({ hasText: 'Plátano Baby' });
    await line.getByText('$1.270 / kg').waitFor();
    expect(await line.locator('s').textContent()).toBe('Antes $1.490');
    const summary = page.locator('.cart-totals');
    const figure = (label: string) => summary.locator('div', { hasText: label }).locator('dd').innerText();
    expect(await figure('Subtotal')).toBe('$1.490');
    expect(await figure('Descuentos')).toBe('-$220');
    expect(await page.getByTestId('cart-total').innerText()).toBe('$1.270');
    await context.close();
  });

  it('an edit adds a product at the shelf’s price: 2 × a yoghurt at $427 (−25 % off $570) cost $854', async () => {
    const shopper = await newShopper();
    const orderId = await placeOrderFor(shopper, store.sc, [{ id: dearer, quantity: 1 }], 2);
    const api = async <T>(path: string) =>
      (await (
        await fetch(`${baseUrl()}${path}`, { headers: { ...API, 'x-access-token': shopper.token } })
      ).json()) as T;
    const found = () => api<EditProducts>(`/api/order/edit/${orderId}/products?q=yoghurt`);
    const yoghurt = (await found()).products.find((each) => each.measurementUnit !== 'kg')!;
    // The shelf: the yoghurt at $570 with −25 % (and not the −5 % everywhere).
    await withDatabase(async (db) => {
      await db.query(
        `UPDATE promotion SET data = jsonb_set(data, '{exclusions,skus}', $1::jsonb) WHERE id = '22'`,
        [JSON.stringify([PLATANO, yoghurt.id])],
      );
      await db.query(
        `INSERT INTO promotion (id, data) SELECT 'issue28', data || $1::jsonb FROM promotion WHERE id = '11'
           ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data`,
        [
          JSON.stringify({
            id: 'issue28',
            name: 'Yoghurt −25 %',
            start: new Date(Date.now() - 86_400_000).toISOString(),
            end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
            idsSalesChannelExclusive: [],
            inclusions: { skus: [yoghurt.id], brands: [], products: [], categories: [], collections: [] },
          }),
        ],
      );
      await db.query(
        "UPDATE sku_offer SET price = 57000, list_price = 57000 WHERE sku_id = $1 AND seller_id = '1'",
        [yoghurt.id],
      );
    });
    await until(
      async () => (await found()).products.find((each) => each.id === yoghurt.id)?.price === 42_700,
      'the yoghurt at $427',
    );

    const before = await api<Order>(`/api/checkout/pub/orders/${orderId}`);
    const removed = before.items[0]!;
    const page = await shopperPage(shopper.token, `/mis-compras/${orderId}?modificar`);
    await page.getByLabel('Buscar productos para agregar').fill('yoghurt');
    await page
      .getByRole('region', { name: 'Modificar pedido' })
      .getByRole('button', { name: 'Buscar', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Agregar productos' }).waitFor();
    await page.getByLabel(`${yoghurt.name} ($427 c/u)`).fill('2');
    await page.getByLabel(`${removed.name} (${formatCLP(removed.sellingPrice)} c/u)`).fill('0');
    const difference = 85_400 - removed.total!;
    await page.getByText(`Nuevo total: ${formatCLP(before.value + difference)}`).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page
      .getByText(
        `Guardamos los cambios. Te devolveremos ${formatCLP(-difference)} al medio de pago con que pagaste.`,
      )
      .waitFor();
    const after = await api<Order>(`/api/checkout/pub/orders/${orderId}`);
    expect(after.items).toMatchObject([{ id: yoghurt.id, quantity: 2, sellingPrice: 42_700, total: 85_400 }]);
    expect(after.value).toBe(before.value + difference);
    await page.goto(`/mis-compras/${orderId}`);
    await page.getByText('2 · $854', { exact: true }).waitFor();
  });
});
