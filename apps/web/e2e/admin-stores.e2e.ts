import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { computeRutCheckDigit, windowText } from '@despensa/domain';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';
import { api } from './support/api';
import { deliverySelector } from './support/shopper';
import { journeyStaff, staffAt } from './support/staff';

/** Providencia's comuna point, where the offline geocoder puts the shopper's address. */
const PROVIDENCIA = { lat: -33.43333, lng: -70.61667 };

let browser: Browser;
let store: { storeId: string; name: string };
let manager: { email: string; password: string };
let admin: { email: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const { payload } = await api<{ payload: { store: { storeId: string; name?: string } } }>(
    `/api/sales-channel/geolocation?lat=${PROVIDENCIA.lat}&lng=${PROVIDENCIA.lng}`,
  );
  store = { storeId: payload.store.storeId, name: '' };
  manager = await journeyStaff({
    id: 'staff-journeys-store-manager',
    email: 'jefa.tienda.journeys@despensa.cl',
    name: 'Jefa de tienda',
    role: 'storeManager',
    storeId: store.storeId,
  });
  admin = await journeyStaff({
    id: 'staff-journeys-admin',
    email: 'administradora.journeys@despensa.cl',
    name: 'Administradora',
    role: 'admin',
  });
});
afterAll(async () => {
  await browser?.close();
});

/** A new customer with a home address in Providencia, and a product in the cart. */
async function shopperAtCart(): Promise<Page> {
  const body = String(22_000_000 + (Date.now() % 5_000_000));
  const email = `ventana${body}@correo.cl`;
  const password = 'clave-segura-123';
  const rut = `${body}-${computeRutCheckDigit(body)}`;
  await api('/api/user', {
    method: 'POST',
    body: {
      firstName: 'Rosa',
      lastName: 'Muñoz',
      document: rut,
      email,
      homePhone: '+56912345678',
      password,
      termsAccepted: true,
    },
  });
  const { authenticationToken } = await api<{ authenticationToken: string }>(
    '/api/vtexid/pub/authentication/start',
  );
  const login = await api<{ authCookie: { Value: string } }>(
    '/api/vtexid/pub/authentication/classic/validate',
    {
      method: 'POST',
      body: { authenticationToken, login: email, password },
    },
  );
  const token = login.authCookie.Value;
  await api('/api/user/address', {
    method: 'POST',
    token,
    body: {
      receiverName: 'Rosa Muñoz',
      state: 'Metropolitana de Santiago',
      addressName: 'Casa',
      street: 'Av. Providencia',
      number: '1234',
      city: 'Providencia',
    },
  });
  const products = await api<
    { items: { itemId: string; sellers: { commertialOffer: { AvailableQuantity: number } }[] }[] }[]
  >('/api/products/search/lacteos?_from=0&_to=39&sc=1');
  const sku = products.find((p) => (p.items[0]?.sellers[0]?.commertialOffer.AvailableQuantity ?? 0) > 5)!
    .items[0]!.itemId;
  const { context, page } = await newPage(browser, { width: 1280, height: 900 });
  await context.addCookies([{ name: 'despensa_session', value: token, url: baseUrl() }]);
  await page.goto(`/?sku=${sku}`);
  return page;
}

/** The delivery windows the selector offers for home delivery to 'Casa' ('start/end' each). */
async function offeredWindows(page: Page): Promise<string[]> {
  await page.goto('/_secure/cart');
  await page.getByRole('button', { name: 'Ir a pagar' }).click();
  const dialog = deliverySelector(page);
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: /^Despacho a Domicilio/ }).check();
  await dialog.getByRole('radio', { name: /^Casa/ }).check();
  const offered = dialog
    .getByRole('group', { name: 'Horario de entrega' })
    .getByRole('radio', { disabled: false });
  await offered.first().waitFor();
  return Promise.all((await offered.all()).map(async (radio) => (await radio.getAttribute('value'))!));
}

// A shopper and a store manager, each through several pages: longer than one page's journey.
describe('a store manager closes a window', { timeout: 240_000 }, () => {
  it('and the delivery window selector stops offering it', async () => {
    const shopper = await shopperAtCart();
    const before = await offeredWindows(shopper);
    const closing = before[1]!;
    const [startDateUtc, endDateUtc] = closing.split('/') as [string, string];
    const name = windowText({ startDateUtc, endDateUtc });

    const page = await staffAt(browser, '/admin', manager);
    await page.getByRole('heading', { name: 'Administración de la tienda' }).waitFor();
    // A store manager's menu: its store's pages, not the administrator's.
    const menu = page.getByRole('navigation', { name: 'Administración' });
    expect(await menu.getByRole('link', { name: 'Tiendas' }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Claves de integración' }).count()).toBe(0);
    await menu.getByRole('link', { name: 'Tiendas' }).click();
    await page.getByRole('heading', { name: 'Tiendas', level: 1 }).waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('table').getByRole('link').click();
    await page.getByRole('heading', { name: 'Horarios de entrega' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Cerrar el horario ${name}` }).click();
    await page.getByRole('status').filter({ hasText: 'Horario guardado.' }).waitFor();
    await page.getByRole('button', { name: `Abrir el horario ${name}` }).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(name) }).textContent()).toContain('Cerrado');

    const after = await offeredWindows(shopper);
    expect(after).not.toContain(closing);
    expect(after).toContain(before[0]);

    // Open again, so that other journeys find the week as the seed left it.
    await page.getByRole('button', { name: `Abrir el horario ${name}` }).click();
    await page.getByRole('button', { name: `Cerrar el horario ${name}` }).waitFor();
    expect(await offeredWindows(shopper)).toContain(closing);
  });
});

describe("the administrator's store, staff and flags pages", { timeout: 120_000 }, () => {
  it('pass axe, and the zone map takes vertices from the text box', async () => {
    const page = await staffAt(browser, `/admin/tiendas/${store.storeId}`, admin);
    await page.getByRole('heading', { name: 'Zonas de cobertura y exclusión' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Nombre de la zona').fill('Zona mal dibujada');
    await page.getByLabel('Vértices (longitud, latitud; uno por línea)').fill('-70.6, -33.4\n-70.5, -33.4');
    await page.getByRole('button', { name: 'Guardar zona' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'La zona debe ser un polígono de al menos 3 vértices distintos' })
      .waitFor();

    for (const [path, heading] of [
      ['/admin/personal', 'Personal'],
      ['/admin/funciones', 'Funciones'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
    }
    expect(await page.getByRole('button', { name: 'Activar Suscripción Prime' }).count()).toBe(1);
  });
});
