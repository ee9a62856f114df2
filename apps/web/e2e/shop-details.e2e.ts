import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, drawEveryCard, launchBrowser, newPage } from './support/browser';

/** The details that make the shop feel finished: header keyboard order and focus ring, steppers, cards, ratings,
 * category tiles and menu banners, and the comuna preview of home-delivery windows for a visitor. */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, options: { width?: number; height?: number } = {}): Promise<Page> {
  const { page } = await newPage(browser, options);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page;
}

/** WCAG 2.x contrast ratio of two 'rgb(r, g, b)' colours, computed here rather than trusted from the app. */
function contrastRatio(first: string, second: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const linear = (value: number) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** What has focus, by accessible name where it has one (aria-label, else its text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const image = element?.querySelector('img');
    return (element?.getAttribute('aria-label') || image?.alt || element?.textContent || '').trim();
  });

describe('focus and keyboard in the header', () => {
  it('reaches the logo before Categorías with Tab, and every header ring has at least 3:1 on the header', async () => {
    const page = await open('/');
    const order: string[] = [];
    const rings: { name: string; ratio: number }[] = [];
    const headerColour = await page
      .getByRole('banner')
      .evaluate((header) => getComputedStyle(header).backgroundColor);
    for (let press = 0; press < 25; press++) {
      await page.keyboard.press('Tab');
      const name = await focusedName(page);
      order.push(name);
      const ring = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const inBar = element.closest('.site-header__bar') !== null;
        const style = getComputedStyle(element);
        return inBar && style.outlineStyle !== 'none' ? style.outlineColor : null;
      });
      if (ring) rings.push({ name, ratio: contrastRatio(ring, headerColour) });
      if (name.startsWith('Carro,')) break;
    }
    const logo = order.indexOf('Despensa, ir al inicio');
    const categories = order.indexOf('Categorías');
    expect(logo, order.join(' | ')).toBeGreaterThanOrEqual(0);
    expect(categories, order.join(' | ')).toBeGreaterThan(logo);
    // Logo, Categorías, search, delivery mode, account and cart all get a ring, each at 3:1 or more.
    expect(rings.length).toBeGreaterThanOrEqual(5);
    for (const ring of rings) expect(ring.ratio, ring.name).toBeGreaterThanOrEqual(3);
    await page.context().close();
  });
});

/** The computed look of a button, to compare steppers. */
const lookOf = (button: Locator) =>
  button.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      background: style.backgroundColor,
      border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
    };
  });

describe('the cart steppers, cards and ratings', () => {
  it("turns a card's 'Agregar' into a −/+ stepper drawn like the product page's, and back when removed", async () => {
    const page = await open('/lacteos');
    const grid = page.locator('.product-grid');
    const name = await grid
      .getByRole('article')
      .filter({ has: page.locator('.add-to-cart:not([aria-haspopup])') })
      .first()
      .getByRole('heading')
      .textContent();
    const card = grid
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: name!, exact: true }) })
      // The listing's own card (a sponsored card for the same product can come first).
      .last();
    await card.getByRole('button', { name: `Agregar ${name} al carro` }).click();

    const minicart = page.getByRole('dialog', { name: 'Tu carro' });
    const drawerStepper = minicart.getByRole('group', { name: /^Cantidad de / });
    await drawerStepper.first().waitFor();
    // The card now steps the quantity itself.
    const cardStepper = card.getByRole('group', { name: /en tu carro$/ });
    await cardStepper.waitFor();
    expect(await card.getByRole('button', { name: /^Agregar .* al carro$/ }).count()).toBe(0);
    expect(await cardStepper.locator('output').textContent()).toBe('1');

    // The drawer's − and + are not the browser's grey buttons: they look like the product page's stepper.
    const drawerLook = await lookOf(drawerStepper.first().getByRole('button').first());
    expect(drawerLook.background).toBe('rgb(255, 255, 255)');

    await page.keyboard.press('Escape');
    await cardStepper.getByRole('button', { name: /^Agregar / }).click();
    await expect.poll(() => cardStepper.locator('output').textContent()).toBe('2');
    await page.keyboard.press('Escape');
    await cardStepper.getByRole('button', { name: /^Quitar / }).click();
    await page.keyboard.press('Escape');
    await cardStepper.getByRole('button', { name: /^Quitar / }).click();
    // At 0 the line leaves the cart and the card offers 'Agregar' again (once the server agrees).
    await card.getByRole('button', { name: `Agregar ${name} al carro` }).waitFor();

    const product = await open((await card.getByRole('link').first().getAttribute('href'))!);
    const productLook = await lookOf(product.getByRole('button', { name: 'Agregar una unidad' }));
    expect(drawerLook).toEqual(productLook);
    await product.context().close();

    // /mi-carro uses the same stepper.
    await card.getByRole('button', { name: `Agregar ${name} al carro` }).click();
    await minicart.getByRole('group').first().waitFor();
    await page.goto('/mi-carro');
    const cartLook = await lookOf(
      page
        .getByRole('group', { name: /^Cantidad de / })
        .getByRole('button')
        .first(),
    );
    expect(cartLook).toEqual(productLook);
    await page.context().close();
  });

  it("steps a weighed product's card in kg once it is in the cart, within a phone's card", async () => {
    const page = await open('/frutas-y-verduras', { width: 390, height: 844 });
    const grid = page.locator('.product-grid');
    const name = (await grid
      .getByRole('article')
      .filter({ has: page.locator('.add-to-cart[aria-haspopup]') })
      .first()
      .getByRole('heading')
      .textContent())!;
    const card = grid
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name, exact: true }) })
      .last();
    await card.getByRole('button', { name: `Agregar ${name} al carro` }).click();
    const drawer = page.getByRole('dialog', { name: 'Compra rápida' });
    await drawer.getByRole('button', { name: 'Agregar al carro' }).click();
    await page.getByRole('dialog', { name: 'Tu carro' }).waitFor();
    await page.keyboard.press('Escape');
    const stepper = card.getByRole('group', { name: /en tu carro$/ });
    const kg = /^\d+(,\d+)? kg$/;
    await expect.poll(() => stepper.locator('output').textContent()).toMatch(kg);
    const before = await stepper.locator('output').textContent();
    // With what that weight costs, which grows with the next step.
    const estimate = card.getByText(/^Precio estimado \$[\d.]+$/);
    const pesos = async () => Number((await estimate.textContent())!.replace(/\D/g, ''));
    const one = await pesos();
    expect(one).toBeGreaterThan(0);
    await stepper.getByRole('button', { name: /^Agregar \d+(,\d+)? kg de / }).click();
    await expect.poll(() => stepper.locator('output').textContent()).not.toBe(before);
    expect(await stepper.locator('output').textContent()).toMatch(kg);
    await expect.poll(pesos).toBeGreaterThan(one);
    // The weight reads whole, and the stepper stays inside the card.
    const output = stepper.locator('output');
    expect(await output.evaluate((value) => value.scrollWidth <= value.clientWidth)).toBe(true);
    const [cardBox, stepperBox] = [(await card.boundingBox())!, (await stepper.boundingBox())!];
    expect(stepperBox.x + stepperBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    await page.context().close();
  });

  it("reads 'Agotado' on an out-of-stock card, not a disabled 'Agregar'", async () => {
    // Out-of-stock products come last: the seed leaves some dairy without stock, on the listing's page 2.
    const page = await open('/lacteos?page=2');
    await drawEveryCard(page);
    expect(await page.locator('.product-card button.add-to-cart:disabled').count()).toBe(0);
    const soldOut = page.getByRole('article').filter({ hasText: 'Agotado' });
    expect(await soldOut.count()).toBeGreaterThan(0);
    expect(
      await soldOut
        .first()
        .getByRole('button', { name: /^Agregar / })
        .count(),
    ).toBe(0);
    // Its product page says the same, not a disabled 'Agregar'.
    await page.goto((await soldOut.first().getByRole('heading').getByRole('link').getAttribute('href'))!);
    // Where the page offers to buy (the tags over it say 'Agotado' too).
    await page.locator('.buy-box__actions').getByText('Agotado', { exact: true }).waitFor();
    expect(
      await page
        .locator('.buy-box')
        .getByRole('button', { name: /^Agregar / })
        .count(),
    ).toBe(0);
    await page.context().close();
  });

  it('draws a rating to the half star, and its name says the same average', async () => {
    const page = await open('/lacteos');
    const ratings = page.locator('.product-card').getByRole('img', { name: /de 5 estrellas/ });
    expect(await ratings.count()).toBeGreaterThan(0);
    let halves = 0;
    for (const rating of await ratings.all()) {
      const name = (await rating.getAttribute('aria-label')) ?? '';
      const average = Number(name.split(' de 5')[0]!.replace(',', '.'));
      const drawn = Math.round(average * 2) / 2;
      // The full stars are a layer over the empty row, as wide as the stars drawn: five stars, 70 px.
      const filled = await rating
        .locator('.rating-stars__scale')
        .evaluate((scale) => parseFloat(getComputedStyle(scale, '::before').width) / scale.clientWidth);
      expect(Math.round(filled * 10) / 2, name).toBe(drawn);
      if (!Number.isInteger(drawn)) halves += 1;
    }
    // The seed's dairy has averages like 3,5 (drawn as 3 and a half stars).
    expect(halves).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('home tiles and the menu banners', () => {
  it('gives each home category tile its own icon', async () => {
    const page = await open('/');
    const tiles = page.locator('.category-tile');
    const icons = await tiles.evaluateAll((links) =>
      links.map((link) => link.querySelector('svg')?.innerHTML),
    );
    expect(icons.length).toBe(15);
    expect(new Set(icons).size).toBe(15);
    await page.context().close();
  });
});

describe('an anonymous shopper sees home-delivery windows and fees by comuna', () => {
  it('lists the regions north to south, and quotes windows and fees for a comuna before logging in', async () => {
    const page = await open('/');
    await page.getByRole('button', { name: 'Elige tu modo de entrega' }).click();
    const selector = page.getByRole('dialog', { name: 'Elige tu modo de entrega' });
    await selector.getByRole('radio', { name: /^Despacho a Domicilio/ }).check();
    expect(await selector.getByText('Para despachar a domicilio, ingresa a tu cuenta').count()).toBe(0);

    const region = selector.getByRole('combobox', { name: 'Región' });
    await expect.poll(() => region.locator('option').count()).toBe(17);
    const regions = (await region.locator('option').allTextContents()).slice(1);
    expect(regions[0]).toBe('Región de Arica y Parinacota');
    expect(regions[1]).toBe('Región de Tarapacá');
    expect(regions.indexOf('Región Metropolitana de Santiago')).toBeLessThan(
      regions.indexOf("Región del Libertador General Bernardo O'Higgins"),
    );
    expect(regions.indexOf('Región de Ñuble')).toBeLessThan(regions.indexOf('Región del Biobío'));
    expect(regions.indexOf('Región de La Araucanía')).toBeLessThan(regions.indexOf('Región de Los Ríos'));
    expect(regions[15]).toBe('Región de Magallanes y de la Antártica Chilena');

    await region.selectOption({ label: 'Región Metropolitana de Santiago' });
    const comuna = selector.getByRole('combobox', { name: 'Comuna' });
    await expect.poll(() => comuna.locator('option').count()).toBeGreaterThan(1);
    await comuna.selectOption({ label: 'Providencia' });
    const windows = selector.getByRole('group', { name: 'Horario de entrega' });
    await windows.waitFor();
    expect(await windows.getByRole('radio').count()).toBeGreaterThan(0);
    // Each window says its fee ('$2.990', or 'Gratis') and its places left.
    expect(
      await windows.getByText(/(\$[\d.]+|Gratis) · (Quedan \d+ cupos|Queda 1 cupo)/).count(),
    ).toBeGreaterThan(0);
    // Confirming still needs the account; the full address is asked at checkout.
    expect(await selector.getByRole('button', { name: 'Confirmar' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await selector.getByText('tu dirección completa te la pedimos al pagar', { exact: false }).waitFor();
    expect(await selector.getByRole('link', { name: 'Ingresar' }).getAttribute('href')).toBe(
      '/login-page?callback=%2F',
    );
    await page.context().close();
  });

  it('answers a comuna that does not exist with a 400 and its message, not a 500', async () => {
    const response = await fetch(
      `${baseUrl()}/entrega/acciones?vista=horarios&modo=homeDelivery&comuna=99999`,
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('No existe la comuna');
  });
});
