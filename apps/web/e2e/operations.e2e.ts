import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';
import { deliveringStore, placePaidOrder } from './support/orders';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The seeded operator of a store (README: operador.{storeId}@despensa.cl). */
async function operatorPage(storeId: string): Promise<Page> {
  // A tablet in landscape: the console's target screen.
  const { page } = await newPage(browser, { width: 1024, height: 768 });
  await page.goto('/operaciones');
  await page.waitForURL(/\/operaciones\/ingreso$/);
  await page.getByLabel('Correo').fill(`operador.${storeId}@despensa.cl`);
  await page.getByLabel('Contraseña').fill('operador-despensa');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('heading', { name: 'Pedidos por preparar' }).waitFor();
  return page;
}

async function shopperPage(token: string, path: string): Promise<Page> {
  const { context, page } = await newPage(browser, { width: 1280, height: 900 });
  await context.addCookies([{ name: 'despensa_session', value: token, url: baseUrl() }]);
  await page.goto(path);
  return page;
}

describe('store operations and the shopper, side by side', () => {
  it('chat both ways, an approved replacement and a real weight reach the other side live', async () => {
    const store = await deliveringStore();
    const [kept, replaced] = store.skus;
    const weighed = store.weighed[0]!;
    const { orderId, token, nameOf } = await placePaidOrder(store.sc, [
      { id: kept!, quantity: 1 },
      { id: weighed, quantity: 4 },
    ]);

    const operator = await operatorPage(store.id);
    expect(await accessibilityViolations(operator)).toEqual([]);
    await operator.getByRole('link', { name: orderId }).click();
    await operator.getByRole('heading', { name: `Pedido ${orderId}` }).waitFor();

    const shopper = await shopperPage(token, `/mis-compras/${orderId}`);
    const shopperStatus = shopper.getByRole('status').filter({ hasText: 'Estado:' });
    await expect.poll(() => shopperStatus.textContent()).toContain('Listo para preparar');

    // A status move reaches the shopper's open page.
    await operator.getByRole('button', { name: 'Comenzar preparación' }).click();
    await operator.getByRole('status').filter({ hasText: 'En preparación' }).waitFor();
    await expect.poll(() => shopperStatus.textContent()).toContain('En preparación');
    expect(await accessibilityViolations(operator)).toEqual([]);

    // Chat: the store's message raises the §4 bar; the shopper's answer shows in the console.
    const reply = operator.getByLabel('Respuesta');
    await reply.fill('Hola, ¿te sirve otra marca si falta algo?');
    await reply.press('Tab');
    await operator.keyboard.press('Enter');
    await shopper.getByText('Tienes 1 mensaje(s) pendiente').waitFor();
    await shopper.getByRole('button', { name: 'Abrir Chat' }).click();
    await shopper.getByText('Hola, ¿te sirve otra marca si falta algo?').waitFor();
    await expect.poll(() => shopper.getByText('Tienes 1 mensaje(s) pendiente').count()).toBe(0);
    await shopper.getByLabel('Escribe tu mensaje').fill('Sí, cualquier marca está bien');
    await shopper.getByRole('button', { name: 'Enviar' }).click();
    await operator.getByText('Sí, cualquier marca está bien').waitFor();

    // The real weight of a weighed item changes the shopper's total (lighter than estimated: it falls).
    const total = shopper.getByTestId('order-total');
    const before = await total.textContent();
    const weighedRow = operator.getByRole('row', { name: nameOf(weighed), exact: true });
    // Keyboard only: type the weight and press Enter.
    await weighedRow.getByLabel('Peso real (g)').fill('137');
    await weighedRow.getByLabel('Peso real (g)').press('Enter');
    await expect.poll(() => total.textContent()).not.toBe(before);
    await shopper.getByRole('cell', { name: '0,137 kg' }).waitFor();

    // A replacement proposed by the picker, approved by the shopper, shows on both sides.
    const keptRow = operator.getByRole('row', { name: nameOf(kept!), exact: true });
    await keptRow.getByText('Proponer reemplazo').click();
    await keptRow.getByLabel('SKU del reemplazo').fill(replaced!);
    await keptRow.getByLabel('Nota').fill('Mismo producto, otra marca');
    await keptRow.getByRole('button', { name: 'Enviar propuesta' }).click();
    await shopper.getByRole('heading', { name: 'Reemplazos propuestos' }).waitFor();
    await shopper.getByText('Nota de la tienda: Mismo producto, otra marca').waitFor();
    await shopper.getByRole('button', { name: 'Aprobar reemplazo' }).click();
    await shopper.getByText('Aprobaste este reemplazo.').waitFor();
    await operator.getByText(/aprobado por el cliente/).waitFor();

    // The receipt's total is the total the shopper sees.
    await operator.getByRole('button', { name: 'Emitir boleta' }).click();
    const receipt = operator.getByText(/^Boleta B-/);
    await receipt.waitFor();
    await expect.poll(() => shopperStatus.textContent()).toContain('Facturado');
    expect(await receipt.textContent()).toContain(` por ${await total.textContent()}`);

    // After a reload (or on another device) #chat opens the history.
    await shopper.goto(`/mis-compras/${orderId}#chat`);
    await shopper.getByText('Sí, cualquier marca está bien').waitFor();
    expect(await accessibilityViolations(shopper)).toEqual([]);
  });

  it('keeps shoppers out of the console', async () => {
    const store = await deliveringStore();
    const { token } = await placePaidOrder(store.sc, [{ id: store.skus[2]!, quantity: 1 }]);
    const shopper = await shopperPage(token, '/operaciones');
    await shopper.waitForURL(/\/operaciones\/ingreso$/);
    await shopper.getByRole('heading', { name: 'Ingreso del personal' }).waitFor();
    expect(await accessibilityViolations(shopper)).toEqual([]);
  });
});
