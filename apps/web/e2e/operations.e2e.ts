import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';
import { deliveringStore, placePaidOrder } from './support/orders';
import { operatorAt } from './support/staff';

let browser: Browser;

/** Issue 28: a milk, and the replacement the operator proposed for it. */
const MILK = '1000001';
const REPLACEMENT_NAME = 'Leche Cultivada Frutilla Cooperativa Lechera Trapén 190 ml';
/** '$1.080' → 1080 (whole pesos as the pages print them). */
const pesos = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
const clp = (amount: number) => `$${amount.toLocaleString('es-CL')}`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const operatorPage = (storeId: string) => operatorAt(browser, storeId);

async function shopperPage(token: string, path: string): Promise<Page> {
  const { context, page } = await newPage(browser, { width: 1280, height: 900 });
  await context.addCookies([{ name: 'despensa_session', value: token, url: baseUrl() }]);
  await page.goto(path);
  return page;
}

describe('store operations and the shopper, side by side', () => {
  it('chat both ways, an approved replacement and a real weight reach the other side live', async () => {
    const store = await deliveringStore();
    const [kept] = store.skus;
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
    // Found by name as the picker types (no SKU to know), chosen with the keyboard.
    const search = keptRow.getByRole('combobox', { name: 'Buscar reemplazo' });
    await search.fill('leche');
    await keptRow.getByRole('option').first().waitFor();
    await search.press('ArrowDown');
    await search.press('Enter');
    await keptRow.getByText('Reemplazo elegido:').waitFor();
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

  it('a replacement found by name, dearer, approved and picked keeps its product and price on both sides (issue 28)', async () => {
    const store = await deliveringStore();
    const { orderId, token, nameOf } = await placePaidOrder(store.sc, [{ id: MILK, quantity: 1 }]);
    const operator = await operatorPage(store.id);
    await operator.goto(`/operaciones/pedidos/${orderId}`);
    await operator.getByRole('button', { name: 'Comenzar preparación' }).click();
    await operator.getByRole('status').filter({ hasText: 'En preparación' }).waitFor();
    const shopper = await shopperPage(token, `/mis-compras/${orderId}`);
    const total = shopper.getByTestId('order-total');
    await total.waitFor();
    const authorised = await total.textContent();

    const milkRow = operator.getByRole('row', { name: nameOf(MILK), exact: true });
    const milkPrice = pesos(await milkRow.getByRole('cell').nth(3).textContent());
    await milkRow.getByText('Proponer reemplazo').click();
    const search = milkRow.getByRole('combobox', { name: 'Buscar reemplazo' });
    await search.fill('leche cultivada frutilla');
    await milkRow.getByRole('option', { name: new RegExp(`^${REPLACEMENT_NAME} · \\$`) }).click();
    const chosen = milkRow.getByText('Reemplazo elegido:');
    const price = pesos((await chosen.textContent())!.split('·')[1]!);
    expect(await accessibilityViolations(operator)).toEqual([]);
    // Dearer than the milk: the store absorbs the difference, the shopper pays what was authorised.
    const quantity = Math.floor(milkPrice / price) + 1;
    await milkRow.getByLabel('Cantidad').fill(String(quantity));
    await milkRow.getByRole('button', { name: 'Enviar propuesta' }).click();
    await operator.getByText(`Absorbido en este pedido: ${clp(quantity * price - milkPrice)}.`).waitFor();

    const proposal = `te proponemos ${REPLACEMENT_NAME} (${quantity} × ${clp(price)})`;
    await shopper.getByText(proposal).waitFor();
    await shopper
      .getByText(
        `El reemplazo cuesta más que lo que pediste: te cobramos como máximo ${authorised}, lo que autorizaste al pagar, y la tienda asume la diferencia.`,
      )
      .waitFor();
    expect(await shopper.getByText('El peso real superó lo autorizado').count()).toBe(0);
    await shopper.getByRole('button', { name: 'Aprobar reemplazo' }).click();
    await shopper.getByText('Aprobaste este reemplazo.').waitFor();

    // 'Recogido' keeps the approved replacement in the console and on the shopper's page.
    const inConsole = `Reemplazo: ${REPLACEMENT_NAME} × ${quantity} (${clp(price)} c/u), aprobado por el cliente`;
    await milkRow.getByText(inConsole).waitFor();
    await operator.getByRole('button', { name: `Recogido: ${nameOf(MILK)}` }).click();
    await milkRow.getByRole('cell', { name: /^Reemplazado/ }).waitFor();
    await milkRow.getByText(inConsole).waitFor();
    await shopper.reload();
    await shopper.getByText(proposal).waitFor();
    await shopper.getByText('Aprobaste este reemplazo.').waitFor();
    expect(await total.textContent()).toBe(authorised);

    await operator.getByRole('button', { name: 'Emitir boleta' }).click();
    const receipt = operator.getByText(/^Boleta B-/);
    await receipt.waitFor();
    expect(await receipt.textContent()).toContain(` por ${authorised}`);
    await milkRow.getByText(inConsole).waitFor();
    expect(await accessibilityViolations(shopper)).toEqual([]);
  });

  it('before scripts run, the replacement search is sent with the page and its results are radio buttons', async () => {
    const store = await deliveringStore();
    const { orderId, nameOf } = await placePaidOrder(store.sc, [{ id: MILK, quantity: 1 }]);
    const context = await browser.newContext({
      baseURL: baseUrl(),
      locale: 'es-CL',
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/operaciones/ingreso');
    await page.getByLabel('Correo').fill(`operador.${store.id}@despensa.cl`);
    await page.getByLabel('Contraseña').fill('operador-despensa');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('heading', { name: 'Pedidos por preparar' }).waitFor();
    await page.goto(`/operaciones/pedidos/${orderId}`);
    await page.getByRole('button', { name: 'Comenzar preparación' }).click();
    await page.getByRole('status').filter({ hasText: 'En preparación' }).waitFor();

    const milkRow = page.getByRole('row', { name: nameOf(MILK), exact: true });
    await milkRow.getByText('Proponer reemplazo').click();
    await milkRow.getByRole('searchbox', { name: 'Buscar reemplazo' }).fill('leche cultivada frutilla');
    await milkRow.getByRole('button', { name: 'Buscar', exact: true }).click();
    const found = page.getByRole('row', { name: nameOf(MILK), exact: true });
    await found.getByRole('group', { name: 'Elige el reemplazo' }).waitFor();
    await found.getByRole('radio', { name: new RegExp(`^${REPLACEMENT_NAME} · \\$`) }).check();
    await found.getByRole('button', { name: 'Enviar propuesta' }).click();
    await page
      .getByText(
        new RegExp(
          `Reemplazo: ${REPLACEMENT_NAME} × 1 \\(\\$[\\d.]+ c/u\\), esperando respuesta del cliente`,
        ),
      )
      .waitFor();
    await context.close();
  });

  it("the shopper sees the receipt's number and the order's last step, 'Entregado' (issue 28)", async () => {
    const store = await deliveringStore();
    const { orderId, token, nameOf } = await placePaidOrder(store.sc, [{ id: store.skus[0]!, quantity: 1 }]);
    const operator = await operatorPage(store.id);
    await operator.getByRole('link', { name: orderId }).click();
    await operator.getByRole('heading', { name: `Pedido ${orderId}` }).waitFor();
    const shopper = await shopperPage(token, `/mis-compras/${orderId}`);
    const steps = shopper.getByRole('list', { name: 'Avance del pedido' });
    expect(await steps.getByRole('listitem').allTextContents()).toEqual([
      'Pago aprobado',
      'Listo para preparar',
      'En preparación',
      'Facturado',
      'Entregado',
    ]);
    await operator.getByRole('button', { name: 'Comenzar preparación' }).click();
    await operator.getByRole('status').filter({ hasText: 'En preparación' }).waitFor();
    await operator.getByRole('button', { name: `Recogido: ${nameOf(store.skus[0]!)}` }).click();
    await operator
      .getByRole('row', { name: nameOf(store.skus[0]!) })
      .getByRole('cell', { name: 'Recogido', exact: true })
      .waitFor();
    await operator.getByRole('button', { name: 'Emitir boleta' }).click();
    await operator.getByRole('status').filter({ hasText: 'Facturado' }).waitFor();
    const number = /^Boleta (B-\S+) por /.exec(
      (await operator.getByText(/^Boleta B-/).textContent()) ?? '',
    )![1]!;
    await shopper.getByText(`Boleta ${number}`, { exact: true }).waitFor();
    await operator.getByRole('button', { name: 'Marcar entregado' }).click();
    await operator.getByRole('status').filter({ hasText: 'Entregado' }).waitFor();
    const shopperStatus = shopper.getByRole('status').filter({ hasText: 'Estado:' });
    await expect.poll(() => shopperStatus.textContent()).toContain('Entregado');
    await shopper.reload();
    expect(await steps.locator('[aria-current="step"]').textContent()).toBe('Entregado');
    await shopper.getByText(`Boleta ${number}`, { exact: true }).waitFor();
    expect(await accessibilityViolations(shopper)).toEqual([]);
  });

  it("a store message reaches the main header on any page: 'Tienes 1 mensaje(s) pendiente', 'Abrir Chat' opens the chat (§2, §4)", async () => {
    const store = await deliveringStore();
    const { orderId, token } = await placePaidOrder(store.sc, [{ id: store.skus[1]!, quantity: 1 }]);
    const shopper = await shopperPage(token, '/lacteos');
    await shopper
      .getByRole('banner')
      .getByRole('button', { name: /^Carro, / })
      .waitFor();
    expect(await shopper.getByText(/mensaje\(s\) pendiente/).count()).toBe(0);

    const staffSession = await fetch(`${baseUrl()}/api/operations/session`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': 'despensa-web-dev-key',
        'x-consumer': 'web',
      },
      body: JSON.stringify({ login: `operador.${store.id}@despensa.cl`, password: 'operador-despensa' }),
    });
    const { token: staffToken } = (await staffSession.json()) as { token: string };
    const said = await fetch(`${baseUrl()}/api/operations/orders/${orderId}/chat`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': 'despensa-web-dev-key',
        'x-consumer': 'web',
        'x-staff-token': staffToken,
      },
      body: JSON.stringify({ text: 'Hola, ¿te sirve otra marca de leche?' }),
    });
    expect(said.status).toBe(200);

    // Seen on the category page within 30 s, without a reload; then on home after a navigation too.
    const bar = shopper
      .getByRole('banner')
      .getByRole('status')
      .filter({ hasText: 'Tienes 1 mensaje(s) pendiente' });
    await bar.waitFor({ timeout: 30_000 });
    await shopper
      .getByRole('banner')
      .getByRole('link', { name: /ir al inicio$/ })
      .click();
    await shopper.waitForURL(`${baseUrl()}/`);
    await bar.waitFor({ timeout: 30_000 });
    expect(await accessibilityViolations(shopper)).toEqual([]);
    await bar.getByRole('link', { name: 'Abrir Chat' }).click();
    await shopper.waitForURL(`${baseUrl()}/mis-compras/${orderId}#chat`);
    await shopper.getByText('Hola, ¿te sirve otra marca de leche?').waitFor();
    // Read: the header's bar is gone on the next page.
    await shopper.goto('/lacteos');
    await shopper
      .getByRole('banner')
      .getByRole('button', { name: /^Carro, / })
      .waitFor();
    await shopper.waitForTimeout(1500);
    expect(await shopper.getByText(/mensaje\(s\) pendiente/).count()).toBe(0);
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
