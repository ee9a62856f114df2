import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { computeRutCheckDigit } from '@despensa/domain';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';

interface ApiProduct {
  productName: string;
  linkText: string;
  items: {
    itemId: string;
    nameComplete: string;
    sellers: { commertialOffer: { AvailableQuantity: number; ListPrice: number } }[];
  }[];
}

const API = { 'x-api-key': 'despensa-web-dev-key', 'x-consumer': 'web' };
const STAFF = { 'x-api-key': 'despensa-osm-dev-key', 'x-consumer': 'osm' };

let browser: Browser;
let dairy: ApiProduct[];

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = API) {
  return fetch(`${baseUrl()}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const setFlag = async (flag: string, enabled: boolean) =>
  expect((await api('PUT', `/api/operations/feature-flags/${flag}`, { enabled }, STAFF)).status).toBe(200);

let serial = 0;
/** A registered customer, logged in through the API, the session cookie handed to the browser. */
async function loggedInContext(): Promise<{ context: BrowserContext; page: Page }> {
  serial += 1;
  const stamp = `${Date.now()}${serial}`;
  const body = String(10_000_000 + (Number(stamp.slice(-7)) % 9_000_000));
  const email = `listas-${stamp}@correo.cl`;
  const registered = await api('POST', '/api/user', {
    firstName: 'Lucía',
    lastName: 'Soto',
    document: `${body}-${computeRutCheckDigit(body)}`,
    email,
    homePhone: '+56912345678',
    password: 'clave-segura-123',
    termsAccepted: true,
  });
  expect(registered.status).toBe(201);
  const { authenticationToken } = (await (
    await api('GET', '/api/vtexid/pub/authentication/start')
  ).json()) as {
    authenticationToken: string;
  };
  const login = await api('POST', '/api/vtexid/pub/authentication/classic/validate', {
    authenticationToken,
    login: email,
    password: 'clave-segura-123',
  });
  const token = ((await login.json()) as { authCookie: { Value: string } }).authCookie.Value;
  const opened = await newPage(browser);
  await opened.context.addCookies([{ name: 'despensa_session', value: token, url: baseUrl() }]);
  return opened;
}

const inStock = (product: ApiProduct) =>
  (product.items[0]?.sellers[0]?.commertialOffer.AvailableQuantity ?? 0) > 0 &&
  (product.items[0]?.sellers[0]?.commertialOffer.ListPrice ?? 0) > 0;

beforeAll(async () => {
  browser = await launchBrowser();
  dairy = ((await (await api('GET', '/api/products/search/lacteos')).json()) as ApiProduct[]).filter(inStock);
  expect(dairy.length).toBeGreaterThan(2);
});
afterAll(async () => {
  await browser?.close();
});

describe('shopping lists', () => {
  it('creates a list from a product page, changes a quantity and adds the list to the cart, naming what is not available', async () => {
    const [first, second] = dairy as [ApiProduct, ApiProduct];
    const { page, context } = await loggedInContext();

    // From the product page: the add-to-list dialog, then the create-list form inside it.
    await page.goto(`/${first.linkText}/p`);
    await page.getByRole('button', { name: `Guardar en lista ${first.productName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar a lista' });
    await dialog.getByText('Aún no tienes listas.').waitFor();
    await dialog.getByRole('button', { name: 'Crear nueva lista' }).click();
    await dialog.getByLabel('Nombre de la lista').fill('Once del domingo');
    await dialog.getByRole('button', { name: 'Crear lista' }).click();
    await dialog.getByText('Agregaste el producto a Once del domingo').waitFor();
    await dialog.getByRole('button', { name: 'Listo' }).click();

    // A second product joins the same list through the dialog's list button.
    await page.goto(`/${second.linkText}/p`);
    await page.getByRole('button', { name: `Guardar en lista ${second.productName}` }).click();
    await dialog.getByRole('button', { name: /^Once del domingo/ }).click();
    await dialog.getByText('Agregaste el producto a Once del domingo').waitFor();
    await dialog.getByRole('button', { name: 'Listo' }).click();

    await page.goto('/mis-listas-de-compras');
    await page.getByRole('heading', { name: 'Mis listas', level: 1 }).waitFor();
    expect(await page.locator('.lists-page__list').first().textContent()).toContain('2 productos');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Once del domingo' }).click();
    await page.getByRole('heading', { name: 'Once del domingo', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/lista-de-compra');
    expect(new URL(page.url()).searchParams.get('l')).toBeTruthy();

    // Three of the first product.
    const firstName = first.items[0]!.nameComplete;
    const secondName = second.items[0]!.nameComplete;
    await page.getByLabel(`Cantidad de ${firstName}`).selectOption('3');
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByLabel(`Cantidad de ${firstName}`).inputValue();
      })
      .toBe('3');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The second product runs out: the list names it and adds the rest.
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    const secondSku = Number(second.items[0]!.itemId);
    const { rows } = await db.query(
      'SELECT sales_channel, available_quantity FROM sku_offer WHERE sku_id = $1',
      [secondSku],
    );
    try {
      await db.query('UPDATE sku_offer SET available_quantity = 0 WHERE sku_id = $1', [secondSku]);
      await expect
        .poll(async () => {
          await page.reload();
          return page.getByText('No disponible', { exact: true }).count();
        })
        .toBe(1);
      await page.getByRole('button', { name: 'Agregar lista al carro' }).click();
      await page.getByText(`Agregamos 1 producto a tu carro. No disponibles: ${secondName}.`).waitFor();
      await expect
        .poll(() =>
          page
            .getByRole('button', { name: /^Carro, / })
            .first()
            .getAttribute('aria-label'),
        )
        .toBe('Carro, 3 productos');
    } finally {
      for (const row of rows)
        await db.query(
          'UPDATE sku_offer SET available_quantity = $1 WHERE sku_id = $2 AND sales_channel = $3',
          [row.available_quantity, secondSku, row.sales_channel],
        );
      await db.end();
    }

    // Rename, then delete.
    await page.getByLabel('Nuevo nombre').fill('Once');
    await page.getByRole('button', { name: 'Cambiar nombre' }).click();
    await page.getByRole('heading', { name: 'Once', level: 1 }).waitFor();
    // Scheduled every week on Saturday, then the coming delivery skipped.
    await page.getByLabel('Estado').selectOption('1');
    await page.getByLabel('Día de entrega').selectOption('6');
    await page.getByRole('button', { name: 'Guardar programación' }).click();
    await page.getByText('Cada semana, el sábado', { exact: true }).waitFor();
    await page.getByText(/^Próxima entrega: /).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Saltar esta entrega' }).click();
    await page
      .getByText(/^Saltaste la entrega del /)
      .first()
      .waitFor();
    // Paused (nothing is built or placed), then resumed.
    await page.getByRole('button', { name: 'Pausar compra programada' }).click();
    await page.getByText('Pausada (cada semana, el sábado)', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Reanudar compra programada' }).click();
    await page.getByText('Cada semana, el sábado', { exact: true }).waitFor();

    page.once('dialog', (confirm) => void confirm.accept());
    await page.getByRole('button', { name: 'Eliminar lista' }).click();
    await page.waitForURL((url) => url.pathname === '/mis-listas-de-compras');
    await page.getByText('Aún no tienes listas.', { exact: false }).waitFor();
    await context.close();
  });

  it("chooses a weighed product's quantity in a list by weight, as in the cart (issue #17)", async () => {
    const [trutro] = (await (
      await api('GET', '/api/catalog/products/search/trutro-deshuesado-de-pollo/p')
    ).json()) as ApiProduct[];
    const sku = trutro!.items[0]!;
    const { page, context } = await loggedInContext();
    const [session] = (await context.cookies()).filter((cookie) => cookie.name === 'despensa_session');
    // Three steps of 0,5 kg, saved through the lists API.
    const created = await api(
      'POST',
      '/api/user/shopping-list',
      { name: 'Asado', skus: JSON.stringify({ [sku.itemId]: 3 }) },
      { ...API, 'x-access-token': session!.value },
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/lista-de-compra?l=${id}`);
    const weight = page.getByLabel(`Cantidad de ${sku.nameComplete}`);
    const chosen = () => weight.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]!.text);
    expect(await chosen()).toBe('1,5 kg');
    expect((await weight.locator('option').allTextContents()).slice(0, 3)).toEqual([
      '0,5 kg',
      '1 kg',
      '1,5 kg',
    ]);
    await page.getByText(/^\$[\d.]+ \/ kg$/).waitFor();
    await context.close();
  });

  it('a list change after the session ended logs out and goes home (§6 401)', async () => {
    const { page, context } = await loggedInContext();
    const product = dairy[1]!;
    await page.goto(`/${product.linkText}/p`);
    // The page's own session check at start has answered (else it would find the session over and reload).
    await page.waitForLoadState('networkidle');
    const [session] = (await context.cookies()).filter((cookie) => cookie.name === 'despensa_session');
    // The session ends elsewhere (another device's logout ends this token too: revoke it through the API).
    const logout = await api('POST', '/api/user/logout', {}, { ...API, 'x-access-token': session!.value });
    expect(logout.status).toBeLessThan(300);
    // Its first list: the create-list form in the dialog posts, and the server finds no session.
    await page.getByRole('button', { name: `Guardar en lista ${product.productName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar a lista' });
    await dialog.getByRole('button', { name: 'Crear nueva lista' }).click();
    await dialog.getByLabel('Nombre de la lista').fill('Tarde');
    await dialog.getByRole('button', { name: 'Crear lista' }).click();
    await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'commit' });
    await page.getByRole('banner').getByRole('button', { name: 'Ingresa' }).waitFor();
    expect((await context.cookies()).find((cookie) => cookie.name === 'despensa_session')?.value ?? '').toBe(
      '',
    );
    await context.close();
  });

  it("another shopper's list is not found", async () => {
    const owner = await loggedInContext();
    await owner.page.goto('/mis-listas-de-compras');
    await owner.page.getByRole('button', { name: 'Crear nueva lista' }).click();
    await owner.page
      .getByRole('dialog', { name: 'Crear lista' })
      .getByLabel('Nombre de la lista')
      .fill('Privada');
    await owner.page
      .getByRole('dialog', { name: 'Crear lista' })
      .getByRole('button', { name: 'Crear lista' })
      .click();
    await owner.page.waitForURL((url) => url.pathname === '/lista-de-compra');
    const url = owner.page.url();
    const stranger = await loggedInContext();
    expect((await stranger.page.goto(url))?.status()).toBe(404);
    await owner.context.close();
    await stranger.context.close();
  });
});

describe('favourites', () => {
  it('hearts a product on its page and finds it in Favoritos', async () => {
    const product = dairy[2]!;
    const { page, context } = await loggedInContext();
    await page.goto(`/${product.linkText}/p`);
    const heart = page
      .locator('.buy-box')
      .getByRole('button', { name: `Guardar ${product.productName} en favoritos` });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    // The heart turns at once (optimistic); the full page load below would cancel the save still on its way.
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && /favorit/.test(new URL(response.url()).pathname),
    );
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    expect((await saved).ok()).toBe(true);
    await page.goto('/productos-favoritos');
    await page.getByRole('heading', { name: 'Favoritos', level: 1 }).waitFor();
    await page.getByRole('link', { name: product.productName }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('feature flags', () => {
  it('a flag switched off at run time hides the page, the menu entry, the route and the buttons', async () => {
    const { page, context } = await loggedInContext();
    const menu = page.getByRole('navigation', { name: 'Mi cuenta' });
    const openMenu = () =>
      page
        .getByRole('banner')
        .getByRole('button', { name: /^Hola, / })
        .click();
    await page.goto('/');
    await openMenu();
    await menu.getByRole('link', { name: 'Mis listas' }).waitFor();
    try {
      await setFlag('shoppingLists', false);
      await page.reload();
      await openMenu();
      await menu.getByRole('link', { name: 'Mis datos' }).waitFor();
      expect(await menu.getByRole('link', { name: 'Mis listas' }).count()).toBe(0);
      expect((await page.goto('/mis-listas-de-compras'))?.status()).toBe(404);
      expect((await page.goto('/_secure/listas-de-compras'))?.status()).toBe(404);
      const product = dairy[0]!;
      await page.goto(`/${product.linkText}/p`);
      await page.getByRole('button', { name: `Agregar ${product.productName} al carro` }).waitFor();
      expect(
        await page.getByRole('button', { name: `Guardar en lista ${product.productName}` }).count(),
      ).toBe(0);
      const apiOff = await fetch(`${baseUrl()}/api/user/shopping-list`, {
        headers: { ...API, cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
      });
      expect(apiOff.status).toBe(404);
    } finally {
      await setFlag('shoppingLists', true);
    }
    expect((await page.goto('/mis-listas-de-compras'))?.status()).toBe(200);
    await context.close();
  });
});

describe('bank account', () => {
  it("saves the refund account in the bank-account dialog, checking the holder's RUT", async () => {
    const { page, context } = await loggedInContext();
    await page.goto('/mi-cuenta-bancaria');
    await page.getByText('Aún no registras una cuenta bancaria.').waitFor();
    await page.getByRole('button', { name: 'Agregar cuenta bancaria' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cuenta bancaria' });
    await dialog.getByLabel('Nombre del titular').fill('Lucía Soto');
    await dialog.getByLabel('RUT del titular').pressSequentially('111111112', { delay: 10 });
    expect(await dialog.getByLabel('RUT del titular').inputValue()).toBe('11.111.111-2');
    await dialog.getByLabel('Banco').selectOption('Banco de Chile');
    await dialog.getByLabel('Tipo de cuenta').selectOption({ label: 'Cuenta Vista' });
    await dialog.getByLabel('Número de cuenta').fill('001234567890');
    await dialog.getByRole('button', { name: 'Guardar cuenta' }).click();
    await dialog.getByText('Rut inválido').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByLabel('RUT del titular').fill('');
    await dialog.getByLabel('RUT del titular').pressSequentially('111111111', { delay: 10 });
    await dialog.getByRole('button', { name: 'Guardar cuenta' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('terminada en 7890').waitFor();
    await page.getByText('Cuenta Vista').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});
