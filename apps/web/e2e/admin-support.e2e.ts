import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatRut } from '@despensa/domain';
import { accessibilityViolations, launchBrowser, newPage } from './support/browser';
import { deliveringStore, newShopper, placeOrderFor, type Shopper } from './support/orders';

let browser: Browser;
let shopper: Shopper;
let orderId: string;
/** A SKU's offer as the shop has it now: a feed that sends it again changes nothing others read. */
let offer: { sku: string; sc: number; price: number; listPrice: number; quantity: number };

/** This journey's own administrator, with the seeded merchandiser's password. */
const ADMIN = { email: 'soporte.journeys@despensa.cl', password: 'comercial-despensa' };

beforeAll(async () => {
  browser = await launchBrowser();
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO staff_member (id, email, name, role, store_id, password_hash, created_at)
       SELECT 'staff-journeys-support', $1, 'Sofía Soporte', 'admin', store_id, password_hash, now()
       FROM staff_member WHERE email = 'comercial@despensa.cl'
       AND NOT EXISTS (SELECT 1 FROM staff_member WHERE id = 'staff-journeys-support')`,
      [ADMIN.email],
    );
    const store = await deliveringStore();
    const row = (
      await db.query(
        `SELECT sku_id, price, list_price, available_quantity FROM sku_offer
         WHERE seller_id = '1' AND sales_channel = $1 AND NOT EXISTS
           (SELECT 1 FROM stock_hold h WHERE h.sku_id = sku_offer.sku_id) ORDER BY sku_id DESC LIMIT 1`,
        [store.sc],
      )
    ).rows[0];
    offer = {
      sku: String(row.sku_id),
      sc: store.sc,
      price: row.price,
      listPrice: row.list_price,
      quantity: row.available_quantity,
    };
    shopper = await newShopper();
    orderId = await placeOrderFor(shopper, store.sc, [
      { id: store.skus[0]!, quantity: 1 },
      { id: store.skus[1]!, quantity: 2 },
    ]);
  } finally {
    await db.end();
  }
});
afterAll(async () => {
  await browser?.close();
});

async function staffAt(path: string): Promise<Page> {
  const { page } = await newPage(browser, { width: 1280, height: 900 });
  await page.goto(path);
  await page.getByRole('heading', { name: 'Ingreso del personal' }).waitFor();
  await page.getByLabel('Correo').fill(ADMIN.email);
  await page.getByLabel('Contraseña').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/ingreso'));
  await page.goto(path);
  return page;
}

describe('support in the back office (issue 30 §4)', () => {
  it('finds a customer order, refunds one line and sees the amount and the timeline entry', async () => {
    const page = await staffAt('/admin/pedidos');
    await page.getByRole('heading', { name: 'Pedidos y clientes', level: 1 }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Pedido, correo o RUT del cliente').fill(shopper.email);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('heading', { name: '1 pedido(s)' }).waitFor();
    expect(await page.getByRole('region', { name: 'Clientes' }).textContent()).toContain(
      `RUT ${formatRut(shopper.document)}`,
    );
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('link', { name: orderId }).click();
    await page.getByRole('heading', { name: `Pedido ${orderId}`, level: 1 }).waitFor();
    const timeline = page.getByRole('region', { name: 'Historial' });
    expect(await timeline.textContent()).toContain('Pedido realizado');
    expect(await timeline.textContent()).toContain('Pago aprobado con Webpay');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The first line not refunded yet (a retry of this journey finds the one it refunded done).
    const rows = page.getByRole('region', { name: 'Productos' }).getByRole('row');
    const refundable = rows.filter({ has: page.getByRole('button', { name: /^Devolver/ }) }).first();
    const name = (await refundable.getByRole('rowheader').textContent())!;
    const line = rows.filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    const amount = (await line.getByRole('cell').nth(1).textContent())!;
    expect(amount).toMatch(/^\$[\d.]+$/);
    await line.getByRole('button', { name: `Devolver ${name}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Devolvimos ${amount} por ${name}.` })
      .waitFor();
    // The page's data is read again after the refund: the line shows what went back, without its button.
    await expect.poll(() => line.getByRole('cell').nth(2).textContent(), { timeout: 15_000 }).toBe(amount);
    expect(await line.getByRole('button').count()).toBe(0);
    await expect
      .poll(() => timeline.textContent())
      .toContain(`Devolución de ${name}: ${amount} (Sofía Soporte)`);
    expect(await accessibilityViolations(page)).toEqual([]);
  }, 180_000);
});

describe('a feed of offers uploaded in the back office (issue 30 §2)', () => {
  it('shows the progress bar reach 100 % and the Spanish row report', async () => {
    const page = await staffAt('/admin/ofertas');
    await page.getByRole('heading', { name: 'Carga de ofertas', level: 1 }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    const { sku, sc, price, listPrice, quantity } = offer;
    const csv = [
      'skuId,salesChannel,price,listPrice,quantity',
      `${sku},${sc},${price},${listPrice},${quantity}`,
      `99999999,${sc},100,100,1`,
    ].join('\n');
    await page.getByLabel(/^Archivo de ofertas/).setInputFiles({
      name: 'ofertas.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Cargar' }).click();
    const report = page.getByRole('status');
    await report.filter({ hasText: 'Filas: 2' }).waitFor();
    expect(await report.textContent()).toBe(
      'Filas: 2 · aplicadas: 1 · cambiaron: 0 · rechazadas: 1línea 3: El SKU no existe en el catálogo en skuId',
    );
    const bar = page.getByRole('progressbar', { name: 'Listo: 100 %' });
    expect(await bar.getAttribute('value')).toBe('100');
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
