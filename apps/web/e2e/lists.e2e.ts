import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DELIVERY_PRICES_CENTS,
  computeRutCheckDigit,
  formatCLP,
  localParts,
  quantityLabel,
} from '@despensa/domain';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';
import { holdShopperParts, routerSettled } from './support/hydration';
import { cartWithHomeDelivery, deliveringStore, newShopper } from './support/orders';
import { enrolCard } from './support/shopper';
import { mailTo } from './support/outbox';

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
    // The page's own reads have answered (else one would find the session over and reload).
    await routerSettled(page);
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

describe("clicks before a shared page's parts say who is logged in (issue 16)", () => {
  const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Ingresa a tu cuenta' });
  const firstHeart = (page: Page) => page.getByRole('button', { name: /^Guardar .+ en favoritos$/ }).first();
  const sessionOf = async (context: BrowserContext) =>
    (await context.cookies()).find((cookie) => cookie.name === 'despensa_session')!.value;
  /** /lacteos from the shared page cache, its parts held back, and its first heart clicked meanwhile. */
  const heartClickedBeforeParts = async (page: Page) => {
    const parts = await holdShopperParts(page);
    await page.goto('/lacteos');
    await parts.asked;
    const heart = firstHeart(page);
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-busy')).toBe('true');
    return { parts, heart };
  };

  it('a heart clicked meanwhile waits for them and saves the favourite, with no login dialog', async () => {
    const { page, context } = await loggedInContext();
    const parts = await holdShopperParts(page);
    // A category page from the shared page cache; the greeting and hearts come with the parts, held back.
    await page.goto('/lacteos');
    await parts.asked;
    await page.getByRole('banner').getByRole('button', { name: 'Mi cuenta', exact: true }).waitFor();
    const heart = firstHeart(page);
    await heart.click();
    // Kept, not taken for a visitor's click.
    expect(await loginDialog(page).isVisible()).toBe(false);
    await expect.poll(() => heart.getAttribute('aria-busy')).toBe('true');
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && /favorit/.test(new URL(response.url()).pathname),
    );
    parts.release();
    expect((await saved).ok()).toBe(true);
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    expect(await heart.getAttribute('aria-busy')).toBeNull();
    expect(await loginDialog(page).isVisible()).toBe(false);
    // Saved for this shopper on the server.
    const favourites = await api('GET', '/api/user/favourites', undefined, {
      ...API,
      'x-access-token': await sessionOf(context),
    });
    expect(((await favourites.json()) as { skuIds: string[] }).skuIds).toHaveLength(1);
    await context.close();
  });

  it("'Guardar en lista' and the account menu clicked meanwhile open once the parts arrive", async () => {
    const { page, context } = await loggedInContext();
    let parts = await holdShopperParts(page);
    await page.goto('/lacteos');
    await parts.asked;
    const keep = page.getByRole('button', { name: /^Guardar en lista / }).first();
    await keep.click();
    await expect.poll(() => keep.getAttribute('aria-busy')).toBe('true');
    parts.release();
    const chooser = page.getByRole('dialog', { name: 'Agregar a lista' });
    await chooser.getByText('Aún no tienes listas.').waitFor();
    expect(await loginDialog(page).isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await chooser.waitFor({ state: 'hidden' });

    parts = await holdShopperParts(page);
    await page.reload();
    await parts.asked;
    const account = page.getByRole('banner').getByRole('button', { name: 'Mi cuenta', exact: true });
    await account.click();
    await expect.poll(() => account.getAttribute('aria-busy')).toBe('true');
    parts.release();
    const menu = page.getByRole('navigation', { name: 'Mi cuenta' });
    await menu.getByRole('link', { name: 'Mis datos' }).waitFor();
    expect(await loginDialog(page).isVisible()).toBe(false);
    // The button that was clicked is gone: its focus moved to the greeting's.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Hola, Lucía/);
    await context.close();
  });

  it('a heart clicked meanwhile on a session that turned out to be over opens the login dialog, with the expired notice', async () => {
    const { page, context } = await loggedInContext();
    // The session ends elsewhere before the page is opened.
    await api('POST', '/api/user/logout', {}, { ...API, 'x-access-token': await sessionOf(context) });
    const { parts, heart } = await heartClickedBeforeParts(page);
    parts.release();
    await loginDialog(page).waitFor();
    await page.getByRole('status').filter({ hasText: '¡Tu sesión ha expirado!' }).waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });

  it("a heart clicked meanwhile, when the parts cannot be read, goes on as a visitor's: the login dialog, not the error page", async () => {
    const { page, context } = await loggedInContext();
    const { parts, heart } = await heartClickedBeforeParts(page);
    parts.fail();
    await loginDialog(page).waitFor();
    expect(await heart.getAttribute('aria-busy')).toBeNull();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Lácteos');
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

describe("a recurring list's basket (§4): the review link's page", () => {
  it('reviews the built basket, changes it with and without scripts, skips a delivery, pauses, and is refused past the cut-off', async () => {
    const store = await deliveringStore();
    const shopper = await newShopper();
    const as = { ...API, 'x-access-token': shopper.token };
    // How the shopper shops: home delivery to Av. Providencia in the delivering store, kept by their cart.
    await cartWithHomeDelivery(shopper, store.sc, [{ id: store.skus[3]!, quantity: 1 }]);
    const { page, context } = await newPage(browser);
    await context.addCookies([{ name: 'despensa_session', value: shopper.token, url: baseUrl() }]);
    await page.goto('/mis-tarjetas');
    await enrolCard(page, 'Tarjeta de crédito', '4051 8856 0044 6623');

    // Two weekly lists whose coming delivery's basket is due now: built at the next sweep.
    const deliveryDate = buildableDeliveryDate(new Date());
    const [dairySku, weighedSku] = [store.skus[0]!, store.weighed[0]!];
    const listOf = async (name: string) => {
      const created = await api(
        'POST',
        '/api/user/shopping-list',
        {
          name,
          skus: JSON.stringify({ [dairySku]: 2, [weighedSku]: 3 }),
          schedule: { status: 1, frequency: 1, deliveryDay: weekdayOf(deliveryDate) },
        },
        as,
      );
      expect(created.status).toBe(201);
      return ((await created.json()) as { id: string }).id;
    };
    const [weekly, skipped] = [await listOf('Semana'), await listOf('Once')];
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    try {
      // Scheduled two weeks ago, so this delivery's build time has come.
      await db.query(
        "UPDATE shopping_list SET schedule_since = now() - interval '14 days' WHERE id = ANY($1)",
        [[weekly, skipped]],
      );
      // The sweep runs every minute: its next run is sent now instead of waited for (a worker polls every 2 s).
      await db.query(`INSERT INTO pgboss.job (name, data) VALUES ('recurring-lists', '{}')`);
      const runStatus = async (id: string) =>
        ((await (await api('GET', `/api/user/shopping-list/${id}/run`, undefined, as)).json()) as {
          status: string;
          deliveryDate: string;
        }) ?? {};
      await expect
        .poll(() => runStatus(weekly), { timeout: 30_000, interval: 1_000 })
        .toMatchObject({
          status: 'built',
          deliveryDate,
        });
      await expect.poll(async () => (await runStatus(skipped)).status, { timeout: 10_000 }).toBe('built');

      // The e-mail's review link opens the basket's page.
      const mail = (await mailTo(shopper.email)).find(
        (each) => each.subject === 'Tu compra programada "Semana" está lista para revisar',
      )!;
      const link = /https?:\/\/\S+(\/lista-de-compra\/entrega\?l=\S+)/.exec(mail.text)![1]!;
      expect(link).toBe(`/lista-de-compra/entrega?l=${weekly}&fecha=${deliveryDate}`);
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: /^Tu compra programada «Semana» del / }).waitFor();
      const basket = async () =>
        (await (
          await api(
            'GET',
            `/api/user/shopping-list/${weekly}/run/basket?deliveryDate=${deliveryDate}`,
            undefined,
            as,
          )
        ).json()) as {
          items: {
            id: string;
            name: string;
            quantity: number;
            measurementUnit: string;
            unitMultiplier: number;
          }[];
          totals: { total: number };
          delivery: { fee: number };
        };
      const built = await basket();
      const dairyName = built.items.find((item) => item.id === dairySku)!.name;
      const weighedName = built.items.find((item) => item.id === weighedSku)!.name;
      const products = page.getByRole('list', { name: 'Productos de tu compra' });
      // A weighed product by its weight: three steps of its unit ('0,75 kg' for 0,25 kg steps).
      const weighed = built.items.find((item) => item.id === weighedSku)!;
      expect(weighed.quantity).toBe(3);
      expect(
        await page
          .getByLabel(`Cantidad de ${weighedName}`, { exact: true })
          .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]!.text),
      ).toBe(quantityLabel(weighed));
      expect(quantityLabel(weighed)).toMatch(/ kg$/);
      await products.getByText(dairyName, { exact: true }).waitFor();
      const facts = page.getByRole('region', { name: 'Entrega' });
      await facts.getByText('Despacho a Domicilio').waitFor();
      await facts.getByText(/^Av\. Providencia 1234/).waitFor();
      await facts.getByText(formatCLP(DELIVERY_PRICES_CENTS.homeDelivery)).waitFor();
      await page.getByText(/^La pagaremos con tu tarjeta Visa terminada en 6623 \(Crédito\) el /).waitFor();
      expect(await page.getByTestId('basket-total').innerText()).toBe(formatCLP(built.totals.total));
      expect(await accessibilityViolations(page)).toEqual([]);

      // Without scripts the forms still post: three of the dairy product.
      const plain = await browser.newContext({
        baseURL: baseUrl(),
        locale: 'es-CL',
        javaScriptEnabled: false,
      });
      await plain.addCookies([{ name: 'despensa_session', value: shopper.token, url: baseUrl() }]);
      const noScripts = await plain.newPage();
      await noScripts.goto(link);
      await noScripts.getByLabel(`Cantidad de ${dairyName}`, { exact: true }).selectOption('3');
      await noScripts.getByRole('button', { name: `Cambiar la cantidad de ${dairyName}` }).click();
      await noScripts.getByRole('status').getByText(`Cambiaste la cantidad de ${dairyName}.`).waitFor();
      await plain.close();
      expect((await basket()).items.find((item) => item.id === dairySku)!.quantity).toBe(3);

      // With scripts: the weighed product removed, a product found in the store added.
      await page.reload();
      expect(
        await page
          .getByLabel(`Cantidad de ${dairyName}`, { exact: true })
          .evaluate((select: HTMLSelectElement) => select.value),
      ).toBe('3');
      await page.getByRole('button', { name: `Quitar ${weighedName} de tu compra` }).click();
      await page.getByRole('status').getByText(`Quitaste ${weighedName} de tu compra.`).waitFor();
      await products.getByText(weighedName, { exact: true }).waitFor({ state: 'detached' });
      const adding = page.getByRole('region', { name: 'Agregar productos' });
      await adding.getByLabel('Buscar en la tienda de tu entrega').fill('leche');
      await adding.getByRole('button', { name: 'Buscar', exact: true }).click();
      const found = adding.getByRole('list', { name: 'Productos para agregar' });
      const first = found.getByRole('listitem').first();
      const addedSku = await first.locator('input[name="skuId"]').inputValue();
      const addedName = (await first.getByRole('button').getAttribute('aria-label'))!.slice(
        'Agregar '.length,
      );
      await first.getByRole('button').click();
      await page.getByRole('status').getByText(`Agregaste ${addedName} a tu compra.`).waitFor();
      const changed = await basket();
      expect(changed.items.map((item) => item.id)).not.toContain(weighedSku);
      const added = changed.items.find((item) => item.id === addedSku)!;
      expect(added.quantity).toBe(1);
      await page.getByLabel(`Cantidad de ${added.name}`, { exact: true }).waitFor();
      expect(await page.getByTestId('basket-total').innerText()).toBe(formatCLP(changed.totals.total));

      // Past the cut-off: a change is refused in Spanish, and the page shows why it no longer changes.
      await db.query("UPDATE list_run SET cut_off_at = now() - interval '1 minute' WHERE list_id = $1", [
        weekly,
      ]);
      await page.getByRole('button', { name: `Cambiar la cantidad de ${dairyName}` }).click();
      const closed =
        'Ya pasó la hora límite de esta entrega (el día anterior a las 09:59): ya no puedes cambiarla ni saltarla.';
      await page.getByRole('alert').getByText(closed).waitFor();
      // The basket read again: its forms go (the refusal's text stays above them).
      await page.getByRole('button', { name: 'Saltar esta entrega' }).waitFor({ state: 'detached' });
      expect(await page.getByRole('button', { name: /^Cambiar la cantidad/ }).count()).toBe(0);

      // The other list: this delivery skipped, then the schedule paused, from its page.
      await page.goto(`/lista-de-compra/entrega?l=${skipped}&fecha=${deliveryDate}`);
      await page.getByRole('button', { name: 'Saltar esta entrega' }).click();
      await page.getByRole('status').getByText('Saltaste esta entrega: no la pediremos.').waitFor();
      await page
        .getByText('Saltaste esta entrega: no la pediremos, así que ya no puedes cambiarla.')
        .waitFor();
      expect(await page.getByRole('button', { name: /^Quitar / }).count()).toBe(0);
      await page.getByRole('button', { name: 'Pausar compra programada' }).click();
      await page
        .getByRole('status')
        .getByText('Pausaste la compra programada: no armaremos ni pediremos compras hasta que la reanudes.')
        .waitFor();
      await page.getByRole('button', { name: 'Reanudar compra programada' }).waitFor();

      // Another shopper's session finds no such page; without one, the login page comes first.
      const stranger = await newShopper();
      const other = await newPage(browser);
      await other.context.addCookies([{ name: 'despensa_session', value: stranger.token, url: baseUrl() }]);
      expect((await other.page.goto(link))?.status()).toBe(404);
      await other.page.getByRole('heading', { name: 'No encontramos esta página' }).waitFor();
      expect(await other.page.getByText(dairyName).count()).toBe(0);
      await other.context.close();
      const anonymous = await newPage(browser);
      await anonymous.page.goto(link);
      expect(new URL(anonymous.page.url()).pathname).toBe('/login-page');
      await anonymous.context.close();
    } finally {
      await db.end();
      await context.close();
    }
  }, 180_000);
});

/**
 * A delivery day whose recurring basket is built by now and not yet placed (§4: built two days before at
 * 09:00, placed the day before at 09:59:59, shop time): the day after tomorrow from 09:00, else tomorrow.
 */
function buildableDeliveryDate(now: Date): string {
  const { year, month, day, hour } = localParts(now);
  return new Date(Date.UTC(year, month - 1, day + (hour >= 9 ? 2 : 1))).toISOString().slice(0, 10);
}

/** Its weekday as a list schedules it: Monday 1 … Sunday 7. */
function weekdayOf(date: string): number {
  return ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
}
