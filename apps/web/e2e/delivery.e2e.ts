import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  DELIVERY_MODAL_MESSAGES,
  HOUR_TOOLTIP_MS,
  HOUR_TOOLTIP_TEXT,
  LOCALE,
  NO_COVERAGE_TEXT,
  SANTIAGO_DEFAULT_LOCATION,
  computeRutCheckDigit,
  formatCLP,
  haversineKm,
} from '@despensa/domain';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';
import { goOnToPay } from './support/delivery';
import { API_HEADERS, api, heldCart } from './support/api';

const PASSWORD = 'clave-segura-123';

interface WithdrawalStore {
  storeId: string;
  name: string;
  sc: number;
  store: boolean;
  auto: boolean;
  comuna: string;
  coordinates: [number, number];
}
interface ApiProduct {
  productName: string;
  linkText: string;
  items: {
    itemId: string;
    /** The name its cart line reads. */
    nameComplete: string;
    sellers: { commertialOffer: { Price: number; AvailableQuantity: number } }[];
  }[];
}

let browser: Browser;
let stores: WithdrawalStore[];
let token: string;

/** A customer with two addresses: one in Providencia (covered) and one in the seeded exclusion zone. */
/** A new customer's e-mail (password PASSWORD). */
async function newCustomerEmail(): Promise<string> {
  const body = String(20_000_000 + (Date.now() % 5_000_000));
  const email = `entrega${body}@correo.cl`;
  await api('/api/user', {
    method: 'POST',
    body: {
      firstName: 'Rosa',
      lastName: 'Muñoz',
      document: `${body}-${computeRutCheckDigit(body)}`,
      email,
      homePhone: '+56912345678',
      password: PASSWORD,
      termsAccepted: true,
    },
  });
  return email;
}

async function customerWithAddresses(): Promise<string> {
  const email = await newCustomerEmail();
  const { authenticationToken } = await api<{ authenticationToken: string }>(
    '/api/vtexid/pub/authentication/start',
  );
  const login = await api<{ authCookie: { Value: string } }>(
    '/api/vtexid/pub/authentication/classic/validate',
    {
      method: 'POST',
      body: { authenticationToken, login: email, password: PASSWORD },
    },
  );
  const session = login.authCookie.Value;
  const address = { receiverName: 'Rosa Muñoz', state: 'Metropolitana de Santiago' };
  await api('/api/user/address', {
    method: 'POST',
    token: session,
    body: { ...address, addressName: 'Casa', street: 'Av. Providencia', number: '1234', city: 'Providencia' },
  });
  // apps/server/src/seed/stores/zones.ts: the geocoder sandbox puts Av. Club Hípico inside the exclusion zone.
  const excluded = await api<{ geoPrecision: string }>('/api/user/address', {
    method: 'POST',
    token: session,
    body: {
      ...address,
      addressName: 'Depto PAC',
      street: 'Av. Club Hípico',
      number: '4000',
      city: 'Pedro Aguirre Cerda',
    },
  });
  // The street's own point from the Nominatim-speaking sandbox, not the comuna's centre.
  expect(excluded.geoPrecision).toBe('street');
  // Tortel (Aysén) is far from every store: out of coverage.
  await api('/api/user/address', {
    method: 'POST',
    token: session,
    body: {
      receiverName: 'Rosa Muñoz',
      state: 'Aysén del General Carlos Ibáñez del Campo',
      addressName: 'Cabaña Tortel',
      street: 'Pasarela Principal',
      number: '10',
      city: 'Tortel',
    },
  });
  return session;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const withdrawal = await api<{ message: string; payload: { stores: WithdrawalStore[] } }>(
    '/api/sales-channel/geolocation/withdrawal',
  );
  stores = withdrawal.payload.stores;
  expect(stores.length).toBeGreaterThan(3);
  token = await customerWithAddresses();
});
afterAll(async () => {
  await browser?.close();
});

async function open(
  path: string,
  options: { loggedIn?: boolean; width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, { width: options.width ?? 1280, height: options.height ?? 900 });
  if (options.loggedIn) {
    await opened.context.addCookies([{ name: 'despensa_session', value: token, url: baseUrl() }]);
  }
  await opened.page.goto(path);
  await opened.page.waitForLoadState('networkidle');
  return opened;
}

const deliveryButton = (page: Page) => page.locator('#modo-de-entrega');
const selector = (page: Page) => page.getByRole('dialog', { name: 'Elige tu modo de entrega' });
const mode = (dialog: Locator, name: string) => dialog.getByRole('radio', { name: new RegExp(`^${name}`) });

async function choiceCookie(context: BrowserContext): Promise<Record<string, unknown>> {
  const cookie = (await context.cookies()).find((each) => each.name === 'despensa_delivery');
  expect(cookie).toBeDefined();
  return JSON.parse(decodeURIComponent(cookie!.value)) as Record<string, unknown>;
}

async function chooseStore(page: Page, modeName: string, store: WithdrawalStore): Promise<void> {
  await deliveryButton(page).click();
  const dialog = selector(page);
  await mode(dialog, modeName).check();
  await dialog.getByLabel('Buscar por comuna').fill(store.comuna);
  await dialog.getByRole('radio', { name: new RegExp(`^${store.name} `) }).check();
  // Every scheduled mode is confirmed with a window.
  await dialog
    .getByRole('group', { name: 'Horario de entrega' })
    .getByRole('radio', { disabled: false })
    .first()
    .check();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
}

/** A change of store may re-price the cart: the notice says so (§4), and a journey about something else closes it. */
async function closeRepricingNotice(page: Page): Promise<void> {
  const notice = page.getByRole('dialog', { name: 'Cambiaron algunos precios' });
  try {
    await notice.waitFor({ timeout: 2_000 });
  } catch {
    return;
  }
  await notice.getByRole('button', { name: 'Entendido' }).click();
  await notice.waitFor({ state: 'hidden' });
}

const offerOf = (product: ApiProduct) => product.items[0]?.sellers[0]?.commertialOffer;
const sells = (product: ApiProduct | undefined) =>
  product !== undefined && (offerOf(product)?.AvailableQuantity ?? 0) > 0;

async function dairyIn(salesChannel: number): Promise<ApiProduct[]> {
  return api<ApiProduct[]>(`/api/products/search/lacteos?_from=0&_to=39&sc=${salesChannel}`);
}

describe('delivery selector', () => {
  it('picks a store for pickup and then Click al Auto; prices follow the chosen store', async () => {
    const { context, page } = await open('/');
    await deliveryButton(page).filter({ hasText: 'Elige tu modo de entrega' }).click();
    const dialog = selector(page);
    await dialog.waitFor();
    // Home delivery asks a visitor to log in; pickup needs no account.
    await mode(dialog, 'Despacho a Domicilio').check();
    await dialog.getByRole('link', { name: 'Ingresar' }).waitFor();
    await mode(dialog, 'Retiro en Tienda').check();
    await dialog.getByRole('radio', { name: / km$/ }).first().waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // Nearest first, measured from the default Santiago point (§9) without an address.
    const pickup = stores.filter((store) => store.store);
    const nearest = [...pickup].sort(
      (a, b) =>
        haversineKm(SANTIAGO_DEFAULT_LOCATION.coordinates, a.coordinates) -
        haversineKm(SANTIAGO_DEFAULT_LOCATION.coordinates, b.coordinates),
    )[0]!;
    expect(await dialog.getByRole('radio').nth(4).getAttribute('value')).toBe(nearest.storeId);
    // Pickup windows cost nothing and say so.
    await dialog.getByRole('radio').nth(4).check();
    const pickupWindow = dialog.getByRole('group', { name: 'Horario de entrega' }).locator('label').first();
    expect(await pickupWindow.innerText()).toMatch(
      /^\d\d:\d\d a \d\d:\d\d\s+(Gratis · Quedan? \d+ cupos?|Completo)$/,
    );

    // A store whose prices differ from the online channel for some dairy product.
    const online = (await dairyIn(1)).filter(sells);
    let chosen: { store: WithdrawalStore; product: ApiProduct; price: number } | null = null;
    for (const store of pickup.filter((each) => !each.auto)) {
      const local = await dairyIn(store.sc);
      for (const product of online) {
        const there = local.find((each) => each.linkText === product.linkText);
        if (sells(there) && offerOf(there!)!.Price !== offerOf(product)!.Price) {
          chosen = { store, product, price: offerOf(there!)!.Price };
          break;
        }
      }
      if (chosen) break;
    }
    expect(chosen).not.toBeNull();
    const { store, product, price } = chosen!;
    await selector(page).getByRole('button', { name: 'Cancelar' }).click();
    await chooseStore(page, 'Retiro en Tienda', store);
    await selector(page).waitFor({ state: 'hidden' });
    await deliveryButton(page)
      .filter({ hasText: 'Retiro en Tienda' })
      .filter({ hasText: store.name })
      .waitFor();
    expect(await choiceCookie(context)).toMatchObject({ salesChannel: store.sc, storeName: store.name });
    expect(await page.evaluate(() => localStorage.getItem('despensa.storeName'))).toBe(store.name);
    expect(await page.evaluate(() => localStorage.getItem('despensa.salesChannel'))).toBe(String(store.sc));

    // Server-rendered prices are the chosen store's.
    await page.goto(`/${product.linkText}/p`);
    expect(await page.locator('main').innerText()).toContain(formatCLP(price));

    // Click al Auto lists only stores with the car service.
    const car = stores.find((each) => each.auto)!;
    await deliveryButton(page).click();
    await mode(selector(page), 'Click al Auto').check();
    await selector(page).getByLabel('Buscar por comuna').fill(store.comuna);
    expect(
      await selector(page)
        .getByRole('radio', { name: new RegExp(`^${store.name} `) })
        .count(),
    ).toBe(0);
    await selector(page).getByRole('button', { name: 'Cancelar' }).click();
    await chooseStore(page, 'Click al Auto', car);
    await deliveryButton(page).filter({ hasText: 'Click al Auto' }).filter({ hasText: car.name }).waitFor();
    expect((await choiceCookie(context)).salesChannel).toBe(car.sc);
    await context.close();
  });

  it('lists the products a store does not sell, restores the previous store, or removes them', async () => {
    const online = (await dairyIn(1)).filter(sells);
    let lost: { store: WithdrawalStore; product: ApiProduct; there: ApiProduct | undefined } | null = null;
    for (const store of stores.filter((each) => each.store)) {
      const local = await dairyIn(store.sc);
      const localOf = (product: ApiProduct) => local.find((there) => there.linkText === product.linkText);
      const product = online.find((each) => !sells(localOf(each)));
      if (product) {
        lost = { store, product, there: localOf(product) };
        break;
      }
    }
    expect(lost).not.toBeNull();
    const { store, product, there } = lost!;
    const { context, page } = await open(`/?sku=${product.items[0]!.itemId}`);
    await page.getByRole('dialog', { name: 'Tu carro' }).waitFor();
    await page.keyboard.press('Escape');

    await chooseStore(page, 'Retiro en Tienda', store);
    const dialog = page.getByRole('dialog', { name: 'Algunos productos no están disponibles' });
    await dialog.getByText(product.items[0]!.nameComplete, { exact: true }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    // Back to the channel before the change: the product is sold again and stays in the cart.
    await dialog.getByRole('button', { name: 'Volver a la tienda anterior' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await deliveryButton(page).filter({ hasText: 'Elige tu modo de entrega' }).waitFor();
    expect((await choiceCookie(context)).salesChannel).toBe(1);
    await page.getByRole('button', { name: 'Carro, 1 producto' }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog', { name: 'Productos no disponibles' }).isVisible()).toBe(false);

    // Again, and this time continue: the product goes and the §8 notice says so.
    await chooseStore(page, 'Retiro en Tienda', store);
    await dialog.getByRole('button', { name: 'Continuar sin estos productos' }).click();
    const notice = page.getByRole('dialog', { name: 'Productos no disponibles' });
    await notice
      .getByText('Algunos productos ya no estan disponibles y fueron eliminados de tu carro.')
      .waitFor();
    await notice.getByRole('button', { name: 'Entendido' }).click();
    await page.getByRole('button', { name: 'Carro, 0 productos' }).waitFor();
    expect((await choiceCookie(context)).salesChannel).toBe(store.sc);

    // Its page under that store says so: an offer the store does not make has no price, never '$0'.
    await page.goto(`/${product.linkText}/p`);
    const buyBox = page.locator('.buy-box');
    await buyBox.waitFor();
    if (!there || !offerOf(there)) await buyBox.getByText('No disponible en esta tienda').waitFor();
    expect(await buyBox.innerText()).not.toMatch(/\$0(?![\d.])/);
    await context.close();
  });

  it("shows an emptied pickup cart's held window when the selector opens again", async () => {
    // A product the store sells as well as the online channel, so choosing the store loses nothing.
    const online = (await dairyIn(1)).filter(sells);
    let chosen: { store: WithdrawalStore; product: ApiProduct } | null = null;
    for (const store of stores.filter((each) => each.store)) {
      const local = await dairyIn(store.sc);
      const product = online.find((each) => sells(local.find((there) => there.linkText === each.linkText)));
      if (product) {
        chosen = { store, product };
        break;
      }
    }
    expect(chosen).not.toBeNull();
    const { store, product } = chosen!;
    const { context, page } = await open(`/?sku=${product.items[0]!.itemId}`);
    await page.getByRole('dialog', { name: 'Tu carro' }).waitFor();
    await page.keyboard.press('Escape');

    await deliveryButton(page).click();
    let dialog = selector(page);
    await mode(dialog, 'Retiro en Tienda').check();
    await dialog.getByLabel('Buscar por comuna').fill(store.comuna);
    await dialog.getByRole('radio', { name: new RegExp(`^${store.name} `) }).check();
    const free = dialog.locator('input[name="delivery-window"]:not([disabled])').first();
    const held = await free.getAttribute('value');
    await free.check();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await closeRepricingNotice(page);
    await deliveryButton(page)
      .filter({ hasText: 'Retiro en Tienda' })
      .filter({ hasText: store.name })
      .waitFor();

    // Emptied, the cart has no logisticsInfo, yet it is still a pickup cart holding its window.
    const cart = (await heldCart(context))!;
    const emptied = await fetch(`${baseUrl()}/api/orderform/${cart.id}/items/removeAll`, {
      method: 'POST',
      headers: {
        ...API_HEADERS,
        'x-account': 'despensa',
        'content-type': 'application/json',
        cookie: cart.cookie,
      },
      body: '{}',
    });
    expect(emptied.status).toBe(200);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await deliveryButton(page).click();
    dialog = selector(page);
    await dialog.locator(`input[name="delivery-window"][value="${held}"]:checked`).waitFor();
    await context.close();
  });

  it('says which prices changed with the new store: name, price before and now (§4 re-pricing)', async () => {
    const online = (await dairyIn(1)).filter(sells);
    let repriced: { store: WithdrawalStore; product: ApiProduct; price: number } | null = null;
    for (const store of stores.filter((each) => each.store)) {
      const local = await dairyIn(store.sc);
      for (const product of online) {
        const there = local.find((each) => each.linkText === product.linkText);
        if (sells(there) && offerOf(there!)!.Price !== offerOf(product)!.Price) {
          repriced = { store, product, price: offerOf(there!)!.Price };
          break;
        }
      }
      if (repriced) break;
    }
    expect(repriced).not.toBeNull();
    const { store, product, price } = repriced!;
    const { context, page } = await open(`/?sku=${product.items[0]!.itemId}`);
    await page.getByRole('dialog', { name: 'Tu carro' }).waitFor();
    await page.keyboard.press('Escape');

    await chooseStore(page, 'Retiro en Tienda', store);
    const dialog = page.getByRole('dialog', { name: 'Cambiaron algunos precios' });
    const item = dialog.getByRole('listitem').filter({ hasText: product.items[0]!.nameComplete });
    await item.waitFor();
    const text = await item.innerText();
    expect(text).toContain(formatCLP(offerOf(product)!.Price));
    expect(text).toContain(formatCLP(price));
    expect(text.indexOf(formatCLP(offerOf(product)!.Price))).toBeLessThan(text.lastIndexOf(formatCLP(price)));
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Entendido' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('adds an address from the selector in the address dialog over it, and chooses it', async () => {
    const { context, page } = await open('/', { loggedIn: true });
    await deliveryButton(page).click();
    const dialog = selector(page);
    await mode(dialog, 'Despacho a Domicilio').check();
    await dialog.getByRole('button', { name: 'Agregar otra dirección' }).click();
    const add = page.getByRole('dialog', { name: 'Agregar dirección' });
    await add.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await accessibilityViolations(page)).toEqual([]);
    await add.getByLabel('Región').selectOption({ label: 'Región Metropolitana de Santiago' });
    await add.getByLabel('Comuna').locator('option', { hasText: 'Ñuñoa' }).waitFor({ state: 'attached' });
    await add.getByLabel('Comuna').selectOption({ label: 'Ñuñoa' });
    await add.getByLabel('Calle').fill('Irarrázaval');
    await add.getByLabel('Número').fill('3000');
    await add.getByLabel('Nombre de quien recibe').fill('Rosa Muñoz');
    await add.getByRole('button', { name: 'Guardar dirección' }).click();
    await add.waitFor({ state: 'hidden' });
    // Back in the selector, still on the same page, with the new address chosen.
    const added = dialog.getByRole('radio', { name: /Irarrázaval 3000/ });
    await expect.poll(() => added.isChecked()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it("goes on to pay after logging in from the cart's 'Ir a pagar' dialog", async () => {
    const email = await newCustomerEmail();
    const someDairy = (await dairyIn(1)).find(sells)!;
    const { context, page } = await open(`/?sku=${someDairy.items[0]!.itemId}`);
    await page.getByRole('dialog', { name: 'Tu carro' }).waitFor();
    await page.keyboard.press('Escape');
    // Before logging in, a comuna's home-delivery windows and fee.
    await deliveryButton(page).click();
    await mode(selector(page), 'Despacho a Domicilio').check();
    await selector(page).getByLabel('Región').selectOption({ label: 'Región Metropolitana de Santiago' });
    const comuna = selector(page).getByLabel('Comuna');
    await comuna.locator('option', { hasText: 'Ñuñoa' }).waitFor({ state: 'attached' });
    await comuna.selectOption({ label: 'Ñuñoa' });
    await selector(page).getByRole('group', { name: 'Horario de entrega' }).waitFor();
    await selector(page).getByRole('button', { name: 'Cancelar' }).click();
    await page.goto('/mi-carro');
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    const login = page.getByRole('dialog', { name: 'Ingresa a tu cuenta' });
    await login.getByLabel('Correo electrónico').fill(email);
    await login.getByLabel('Clave').fill(PASSWORD);
    await login.getByRole('button', { name: 'Ingresar', exact: true }).click();
    // A new customer has the default store: §2 sends them to the delivery selector, without a second click.
    const dialog = selector(page);
    await dialog.waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe('/mi-carro');
    // The full address is asked now, starting at the comuna looked at before logging in.
    await mode(dialog, 'Despacho a Domicilio').check();
    await dialog.getByRole('button', { name: 'Agregar una dirección' }).click();
    const add = page.getByRole('dialog', { name: 'Agregar dirección' });
    await expect
      .poll(async () => [
        await add.getByLabel('Región').locator('option:checked').textContent(),
        await add.getByLabel('Comuna').inputValue(),
      ])
      .toEqual(['Región Metropolitana de Santiago', 'Ñuñoa']);
    await add.getByRole('button', { name: 'Cerrar' }).click();
    await add.waitFor({ state: 'hidden' });
    // The mode confirmed there, the shopper is still on the way to pay: the secured cart, no third click.
    const store = stores.find((each) => each.store)!;
    await mode(dialog, 'Retiro en Tienda').check();
    await dialog.getByLabel('Buscar por comuna').fill(store.comuna);
    await dialog.getByRole('radio', { name: new RegExp(`^${store.name} `) }).check();
    await dialog.locator('input[name="delivery-window"]:not([disabled])').first().check();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await goOnToPay(page, /\/_secure\/cart$/);
    await context.close();
  });

  it('gives a logged-in shopper default pickup, then home delivery with windows and an express estimate', async () => {
    const someDairy = (await dairyIn(1)).find(sells)!;
    const { context, page } = await open(`/?sku=${someDairy.items[0]!.itemId}`, { loggedIn: true });
    // §4: a logged-in shopper's new cart gets the default store pickup.
    await deliveryButton(page).filter({ hasText: 'Retiro en Tienda' }).waitFor();

    // §2: with the default store, 'Ir a pagar' opens the delivery selector instead of the secure cart.
    await page.goto('/mi-carro');
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    const dialog = selector(page);
    await dialog.waitFor();
    await mode(dialog, 'Despacho a Domicilio').check();
    await dialog.getByRole('radio', { name: /^Casa/ }).check();
    const windows = dialog.getByRole('group', { name: 'Horario de entrega' });
    const free = windows.getByRole('radio', { disabled: false });
    await free.first().waitFor();
    const slot = await free.first().getAttribute('value');
    const slotLabel = windows.locator('label').filter({ has: page.locator(`input[value="${slot}"]`) });
    const before = Number(/Quedan? (\d+) cupos?/.exec(await slotLabel.innerText())![1]);
    await free.first().check();
    const shownAt = Date.now();
    await dialog.getByText(HOUR_TOOLTIP_TEXT).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    // §2/§9: the hour tooltip stays 10 s.
    await dialog.getByText(HOUR_TOOLTIP_TEXT).waitFor({ state: 'hidden', timeout: HOUR_TOOLTIP_MS + 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(HOUR_TOOLTIP_MS - 500);
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    // The delivering store may sell the product at another price than the default store: it says so. Then
    // the mode confirmed in the selector 'Ir a pagar' opened takes the shopper on to pay (§2).
    await goOnToPay(page, /\/_secure\/cart$/);
    expect(await choiceCookie(context)).toMatchObject({
      method: 'seller-1-sla-DespachoaDomicilio',
      addressLine: expect.stringMatching(/^Av\. Providencia 1234/),
    });

    // The cart pages have no main header (§2 layout): at home the button shows the mode and address.
    await page.goto('/');
    await deliveryButton(page).filter({ hasText: 'Despacho a Domicilio' }).waitFor();
    // §9: the header is short of space, so the line is cut to 30 characters, by the street: the number
    // and comuna stay (it once read 'Av. Providencia 1234, Provide…'); the whole line on hover.
    const place = deliveryButton(page).getByTitle(
      'Av. Providencia 1234, Providencia, Metropolitana de Santiago',
    );
    expect(await place.textContent()).toBe('Av. Provide… 1234, Providencia');
    const search = page.getByRole('banner').getByPlaceholder('¿Qué estás buscando?');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // The number and comuna are in sight within the button, however far the street shrinks.
      const button = (await deliveryButton(page).boundingBox())!;
      const rest = (await place.locator('.delivery-button__place-rest').boundingBox())!;
      expect(rest.x + rest.width, `${width}px`).toBeLessThanOrEqual(button.x + button.width);
      // The search keeps room for its whole placeholder beside that label (it once read '¿Qué estás buscand').
      const room = await search.evaluate((input) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const free = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return free - context.measureText((input as HTMLInputElement).placeholder).width;
      });
      expect(room, `${width}px`).toBeGreaterThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // The reopened selector picks the window the cart holds, however often it is reopened right after
    // a confirm or a cancel (it once came back without any windows).
    for (const close of ['Confirmar', 'Cancelar', 'Confirmar', 'Cancelar']) {
      await deliveryButton(page).click();
      await slotLabel.getByText('Reservado para ti').waitFor();
      expect(await slotLabel.locator('input').isChecked()).toBe(true);
      await selector(page).getByRole('button', { name: close }).click();
      await selector(page).waitFor({ state: 'hidden' });
    }
    // Another window moves the reservation: the first one's place is given back.
    await deliveryButton(page).click();
    const other = windows.getByRole('radio', { disabled: false, checked: false }).first();
    await other.waitFor();
    const otherSlot = await other.getAttribute('value');
    await other.check();
    await selector(page).getByRole('button', { name: 'Confirmar' }).click();
    await selector(page).waitFor({ state: 'hidden' });
    await deliveryButton(page).click();
    await windows
      .locator('label')
      .filter({ has: page.locator(`input[value="${otherSlot}"]`) })
      .getByText('Reservado para ti')
      .waitFor();
    expect(await slotLabel.textContent()).toContain(before === 1 ? 'Queda 1 cupo' : `Quedan ${before} cupos`);
    await selector(page).getByRole('button', { name: 'Cancelar' }).click();

    // Express: the estimate in minutes and its price when it can be promised now; otherwise (before
    // 10:00, store closed) why not and its scheduled windows, without an estimate.
    await deliveryButton(page).click();
    await mode(selector(page), 'Despacho Express').check();
    const estimate = selector(page).getByText(/^Despacho Express: aproximadamente \d+ minutos · \$[\d.]+$/);
    const instead = selector(page).getByText(/Puedes elegir un horario de Despacho a Domicilio\.$/);
    await estimate.or(instead).waitFor();
    const promised = (await instead.count()) === 0;
    if (promised) {
      const minutes = Number(/(\d+) minutos/.exec(await estimate.innerText())![1]);
      expect(minutes).toBeGreaterThanOrEqual(90);
    } else {
      expect(await estimate.count()).toBe(0);
      await windows.getByRole('radio', { disabled: false }).first().check();
    }
    await selector(page).getByRole('button', { name: 'Confirmar' }).click();
    await selector(page).waitFor({ state: 'hidden' });
    expect((await choiceCookie(context)).method).toBe(
      promised ? 'seller-1-sla-Express' : 'seller-1-sla-DespachoaDomicilio',
    );
    await context.close();
  });

  it('confirms a scheduled mode only with a window, then shows the window and its fee in the header and the cart', async () => {
    const someDairy = (await dairyIn(1)).find(sells)!;
    const { page } = await open(`/?sku=${someDairy.items[0]!.itemId}`, { loggedIn: true });
    await page.getByRole('dialog', { name: 'Tu carro' }).waitFor();
    await page.keyboard.press('Escape');
    await deliveryButton(page).filter({ hasText: 'Retiro en Tienda' }).waitFor();
    await deliveryButton(page).click();
    const dialog = selector(page);
    await mode(dialog, 'Despacho a Domicilio').check();
    await dialog.getByRole('radio', { name: /^Casa/ }).check();
    const windows = dialog.getByRole('group', { name: 'Horario de entrega' });
    const free = windows.getByRole('radio', { disabled: false, checked: false });
    await free.first().waitFor();
    // No window yet: 'Confirmar' says why it waits, and does nothing.
    const confirm = dialog.getByRole('button', { name: 'Confirmar' });
    expect(await windows.getByRole('radio', { checked: true }).count()).toBe(0);
    expect(await confirm.getAttribute('aria-disabled')).toBe('true');
    const reason = dialog.getByText('Elige un horario de entrega para confirmar.');
    expect(await confirm.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));
    // Playwright will not click what says it is disabled: a forced click is the shopper's.
    await confirm.click({ force: true });
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    // The server refuses it too.
    const options = await page.request.get('/entrega/acciones?vista=opciones');
    const { addresses } = (await options.json()) as { addresses: { addressId: string; label: string }[] };
    const refused = await page.request.post('/entrega/acciones', {
      data: {
        intent: 'apply',
        mode: 'homeDelivery',
        addressId: addresses.find((each) => each.label === 'Casa')!.addressId,
      },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(
      'Elige un horario de entrega para confirmar.',
    );

    const slot = await free.first().getAttribute('value');
    const label = windows.locator('label').filter({ has: page.locator(`input[value="${slot}"]`) });
    const hours = /^\d\d:\d\d a \d\d:\d\d/.exec(await label.innerText())![0];
    await free.first().check();
    expect(await confirm.getAttribute('aria-disabled')).toBeNull();
    await confirm.click();
    await dialog.waitFor({ state: 'hidden' });
    const fee = formatCLP(299_000);
    expect(fee).toBe('$2.990');
    const header = deliveryButton(page).filter({ hasText: 'Despacho a Domicilio' });
    await header.filter({ hasText: hours }).filter({ hasText: fee }).waitFor();
    // In sight, not cut off: the lines that carry the fee and the hours fit the button.
    const clipped = () =>
      header
        .locator('.delivery-button__mode, .delivery-button__window')
        .evaluateAll((lines) => lines.filter((line) => line.scrollWidth > line.clientWidth).length);
    expect(await clipped()).toBe(0);

    await page.goto('/mi-carro');
    const summary = page.locator('.cart-totals');
    const row = summary.locator('div', { hasText: 'Despacho a Domicilio' });
    await row.filter({ hasText: hours }).filter({ hasText: fee }).waitFor();
    const subtotal = await summary.locator('div', { hasText: 'Subtotal' }).locator('dd').innerText();
    const cents = (text: string) => Number(text.replace(/\D/g, '')) * 100;
    const total = await page.getByTestId('cart-total').innerText();
    const discounts = summary.locator('div', { hasText: 'Descuentos' }).locator('dd');
    const discount = (await discounts.count()) ? -cents(await discounts.innerText()) : 0;
    expect(cents(total)).toBe(cents(subtotal) + discount + 299_000);
    await page.context().close();
  });

  it('offers pickup, another address or the stores for an address outside coverage (Tortel), in whole sentences', async () => {
    const { context, page } = await open('/', { loggedIn: true });
    await deliveryButton(page).click();
    const dialog = selector(page);
    await mode(dialog, 'Despacho a Domicilio').check();
    await dialog.getByRole('radio', { name: /^Cabaña Tortel/ }).check();
    const inside = dialog.getByRole('region', { name: 'Sin cobertura' });
    await inside.getByText(NO_COVERAGE_TEXT.default).waitFor();
    expect(await dialog.getByText('Tu dirección está fuera de la zona de cobertura...').count()).toBe(0);
    // Confirming it anyway (no script, a stale page) is refused in a whole sentence with its ways on.
    const options = await page.request.get('/entrega/acciones?vista=opciones');
    const { addresses } = (await options.json()) as { addresses: { addressId: string; label: string }[] };
    const refused = await page.request.post('/entrega/acciones', {
      data: {
        intent: 'apply',
        mode: 'homeDelivery',
        addressId: addresses.find((each) => each.label === 'Cabaña Tortel')!.addressId,
      },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(DELIVERY_MODAL_MESSAGES.outOfCoverage);
    expect(DELIVERY_MODAL_MESSAGES.outOfCoverage).not.toContain('...');
    expect(await inside.getByRole('link', { name: 'Revisar tiendas' }).getAttribute('href')).toBe('/locales');
    expect(await accessibilityViolations(page)).toEqual([]);
    await inside.getByRole('button', { name: 'Elegir otra dirección' }).click();
    expect(await dialog.getByRole('radio', { name: /^Cabaña Tortel/ }).isChecked()).toBe(false);
    await dialog.getByRole('radio', { name: /^Cabaña Tortel/ }).check();
    await inside.getByRole('button', { name: 'Retirar en tienda' }).click();
    expect(await mode(dialog, 'Retiro en Tienda').isChecked()).toBe(true);
    await context.close();
  });

  it('offers pickup, another address or the stores for an address in an exclusion zone (mobile tooltip)', async () => {
    const { context, page } = await open('/', { loggedIn: true, width: 390, height: 844 });
    await deliveryButton(page).filter({ hasText: 'Retiro en Tienda' }).waitFor();
    await deliveryButton(page).click();
    const dialog = selector(page);
    await mode(dialog, 'Despacho a Domicilio').check();
    await dialog.getByRole('radio', { name: /^Depto PAC/ }).check();
    const inside = dialog.getByRole('region', { name: 'Sin cobertura' });
    await inside.getByText(NO_COVERAGE_TEXT.default).waitFor();
    await inside.getByRole('button', { name: 'Retirar en tienda' }).waitFor();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const tooltip = page.getByRole('banner').getByRole('region', { name: 'Sin cobertura' });
    await tooltip.getByText(NO_COVERAGE_TEXT.default).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    // Any action closes it; cancelling the selector brings it back.
    await tooltip.getByRole('button', { name: 'Elegir otra dirección' }).click();
    await dialog.waitFor();
    expect(await tooltip.count()).toBe(0);
    expect(await mode(dialog, 'Despacho a Domicilio').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await tooltip.waitFor();
    await tooltip.getByRole('button', { name: 'Retirar en tienda' }).click();
    expect(await mode(dialog, 'Retiro en Tienda').isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await tooltip.waitFor();
    await tooltip.getByRole('link', { name: 'Revisar tiendas' }).click();
    await page.waitForURL('**/locales');
    expect(await tooltip.count()).toBe(0);
    await context.close();
  });
});

describe('store locator', () => {
  it('draws the stores on a map whose markers highlight their card, with distances from the default point', async () => {
    const { context, page } = await open('/locales');
    const map = page.getByRole('group', { name: /^Mapa de \d+ local(es)?$/ });
    const providencia = stores.find((store) => store.comuna === 'Providencia')!;
    await map.getByRole('link', { name: providencia.name }).click();
    const card = page.getByRole('article', { name: providencia.name });
    expect(await card.getAttribute('class')).toContain('store-card--highlighted');
    expect(page.url()).toMatch(/#local-/);
    const km = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
      haversineKm(SANTIAGO_DEFAULT_LOCATION.coordinates, providencia.coordinates),
    );
    expect(await card.innerText()).toContain(`A ${km} km`);
    expect(await page.getByRole('list', { name: 'Locales más cercanos' }).getByRole('listitem').count()).toBe(
      3,
    );

    // The map follows the region chosen.
    await page.getByLabel('Región del mapa').selectOption({ index: 0 });
    expect(await map.getByRole('link').count()).toBeGreaterThan(0);
    for (const width of [1300, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await accessibilityViolations(page)).toEqual([]);
    }
    await context.close();
  });
});
