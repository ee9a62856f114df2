import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { savingBadge } from '../../../packages/domain/src/pricing/shelf-quote';
import { api, heldCart } from './support/api';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';
import { SECOND_BRAND } from './support/global-setup';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, width = 1280): Promise<Page> {
  const { page } = await newPage(browser, { width });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page;
}

/** The 'N productos' heading as a number. */
async function total(page: Page): Promise<number> {
  return Number(((await page.locator('#listing-total').textContent()) ?? '').replace(/\D/g, ''));
}

/** The ranked results, without the sponsored row above them. */
const RESULTS = '.listing__results > .product-grid';

async function cardNames(page: Page): Promise<string[]> {
  return page.locator(`${RESULTS} .product-card__name`).allTextContents();
}

async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator(`${RESULTS} .product-price__current`).allTextContents();
  return texts.map((text) => Number(text.replace(/\D/g, '')));
}

describe('category listing', () => {
  it('narrows by a brand facet and the count follows', async () => {
    const page = await open('/lacteos');
    const before = await total(page);
    expect(before).toBeGreaterThan(40);
    // The desktop keeps its facets beside the results: no 'Filtrar' drawer (the phone's, below).
    expect(await page.getByRole('button', { name: 'Filtrar' }).isVisible()).toBe(false);
    const brands = page.getByRole('group', { name: 'Marca' });
    const option = brands.getByRole('checkbox').first();
    const label = (await brands.locator('label').first().textContent()) ?? '';
    const expected = Number(/\((\d+)\)\s*$/.exec(label)?.[1]);
    await option.check();
    await page.waitForURL(/[?&]brand=/);
    await expect.poll(() => total(page)).toBe(expected);
    expect(expected).toBeLessThan(before);
    expect(await page.getByRole('group', { name: 'Marca' }).getByRole('checkbox').first().isChecked()).toBe(
      true,
    );
    await page.context().close();
  });

  it('sorts by lowest price, pages with the state in the URL, and the back button restores it', async () => {
    const page = await open('/lacteos');
    await page.getByLabel('Ordenar por').selectOption('OrderByPriceASC');
    await page.waitForURL(/O=OrderByPriceASC/);
    // The URL changes before the new page renders: wait for the sorted list rather than reading the old one.
    const ascending = (list: number[]) =>
      list.length > 1 && list.every((price, i) => i === 0 || list[i - 1]! <= price);
    await expect.poll(async () => ascending(await cardPrices(page)), { timeout: 15_000 }).toBe(true);
    const prices = await cardPrices(page);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const firstPage = await cardNames(page);

    await page.getByRole('link', { name: 'Siguiente' }).click();
    await page.waitForURL(/page=2/);
    expect(new URL(page.url()).searchParams.get('O')).toBe('OrderByPriceASC');
    await expect.poll(async () => (await cardNames(page))[0]).not.toBe(firstPage[0]);
    const secondPagePrices = await cardPrices(page);
    expect(secondPagePrices[0]).toBeGreaterThanOrEqual(prices.at(-1)!);
    expect(await page.locator('.pagination [aria-current="page"]').textContent()).toContain('2');

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await expect.poll(() => cardNames(page)).toEqual(firstPage);
    expect(await page.getByLabel('Ordenar por').inputValue()).toBe('OrderByPriceASC');

    await page.reload();
    expect(await cardNames(page)).toEqual(firstPage);
    await page.context().close();
  });

  it("shows the category's own sponsored products above the results, on the first page only", async () => {
    const response = await fetch(`${baseUrl()}/api/sponsored?sc=1&path=lacteos`, {
      headers: { 'x-api-key': 'despensa-web-dev-key', 'x-consumer': 'web' },
    });
    const expected = ((await response.json()) as { productName: string }[]).map((p) => p.productName);
    expect(expected.length).toBeGreaterThan(0);
    const page = await open('/lacteos');
    const sponsored = page.getByRole('region', { name: 'Productos patrocinados' });
    expect(await sponsored.locator('.product-card__name').allTextContents()).toEqual(expected);
    expect(await sponsored.getByText('Patrocinado', { exact: true }).count()).toBe(expected.length);
    await page.getByRole('link', { name: 'Siguiente' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.getByRole('region', { name: 'Productos patrocinados' }).count()).toBe(0);
    await page.context().close();
  });

  it('states one saving per card, the one its struck price shows (issue #17: no "-15% -5% Oferta")', async () => {
    const page = await open('/lacteos');
    const cards = page.locator(`${RESULTS} .product-card`);
    const pesos = (text: string) => Number(text.replace(/\D/g, '')) * 100;
    let discounted = 0;
    for (const card of await cards.all()) {
      const struck = card.locator('.product-price__list');
      const tags = (await card.locator('.product-tags li').allTextContents()).map((tag) => tag.trim());
      // Badges a single unit paid normally shows: a saving ('-33%'); packs and card-only ones are others.
      const savings = tags.filter((tag) => /^-\d+%$/.test(tag));
      if ((await struck.count()) === 0) {
        expect(savings).toEqual([]);
        continue;
      }
      discounted++;
      const list = pesos((await struck.textContent()) ?? '');
      const price = pesos((await card.locator('.product-price__current').textContent()) ?? '');
      expect(savings, `${list} → ${price}`).toEqual([savingBadge(list, price)]);
      expect(tags).not.toContain('Oferta');
    }
    expect(discounted).toBeGreaterThan(0);
    await page.context().close();
  });

  it.each([1280, 390])(
    'at %i px, no card badge (Patrocinado, 3x2, Nuevo, a card price) sits under its heart or list button (issue 28)',
    async (width) => {
      const page = await open('/oferta/ofertas-fdm', width);
      const overlaps = await page.locator('.product-card').evaluateAll((cards) => {
        const meet = (a: DOMRect, b: DOMRect) =>
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        let badges = 0;
        const found: string[] = [];
        for (const card of cards) {
          const buttons = [...card.querySelectorAll('.product-card__keep button')].map((button) =>
            button.getBoundingClientRect(),
          );
          for (const badge of card.querySelectorAll('.product-tags li')) {
            badges += 1;
            const box = badge.getBoundingClientRect();
            if (buttons.some((button) => meet(box, button))) found.push(badge.textContent ?? '');
          }
        }
        return { badges, found };
      });
      expect(overlaps.badges).toBeGreaterThan(10);
      expect(overlaps.found).toEqual([]);
      await page.context().close();
    },
  );

  it('filters on a phone in a drawer with the results count and "Ver N productos"', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/lacteos');
    await page.waitForLoadState('networkidle');
    const before = await total(page);
    const drawer = page.getByRole('dialog', { name: 'Filtrar' });
    expect(await drawer.isVisible()).toBe(false);
    const opener = page.getByRole('button', { name: 'Filtrar' });
    await opener.click();
    await drawer.waitFor();
    await drawer.getByRole('status').getByText(`${before} productos`).waitFor();
    await drawer.getByRole('button', { name: `Ver ${before} productos` }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // Focus stays in the drawer: Tab never reaches the page behind it.
    for (let press = 0; press < 25; press++) {
      await page.keyboard.press('Tab');
      const outside = await page.evaluate(
        () =>
          document.activeElement !== null &&
          document.activeElement !== document.body &&
          !document.activeElement.closest('dialog[open]'),
      );
      expect(outside, `Tab ${press + 1}`).toBe(false);
    }

    // A brand ticked in the drawer: the count follows there, the box keeps the focus, the drawer stays.
    const brands = drawer.getByRole('group', { name: 'Marca' });
    const label = (await brands.locator('label').first().textContent()) ?? '';
    const expected = Number(/\((\d+)\)\s*$/.exec(label)?.[1]);
    expect(expected).toBeLessThan(before);
    await brands.getByRole('checkbox').first().check();
    await page.waitForURL(/[?&]brand=/);
    const see = drawer.getByRole('button', { name: `Ver ${expected} productos` });
    await see.waitFor();
    await drawer.getByRole('status').getByText(`${expected} productos`).waitFor();
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.checked))
      .toBe(true);
    await see.click();
    await drawer.waitFor({ state: 'hidden' });
    expect(await total(page)).toBe(expected);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Filtrar');

    // Escape closes it.
    await opener.click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('filters on a phone before scripts too: the collapsed "Filtrar" panel applies with "Aplicar filtros"', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      javaScriptEnabled: false,
      locale: 'es-CL',
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/lacteos');
    await page.getByText('Filtrar', { exact: true }).click();
    const brands = page.getByRole('group', { name: 'Marca' });
    await brands.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    await page.waitForURL(/[?&]brand=/);
    await context.close();
  });

  it('answers 404 for an unknown category', async () => {
    const { page } = await newPage(browser);
    const response = await page.goto('/categoria-que-no-existe');
    expect(response?.status()).toBe(404);
    const nested = await page.goto('/lacteos/no-existe');
    expect(nested?.status()).toBe(404);
    await page.context().close();
  });

  it('drops a price filter that is not a range from the URL and lists the whole category', async () => {
    const page = await open('/lacteos');
    const whole = await total(page);
    for (const price of ['300000:100000', '1e309:NaN']) {
      const response = await page.goto(`/lacteos?price=${price}`);
      expect([price, response?.status(), await total(page)]).toEqual([price, 200, whole]);
    }
    await page.context().close();
  });

  it('has no accessibility violations at 1280 and 375 px', async () => {
    for (const width of [1280, 375]) {
      const page = await open('/lacteos', width);
      expect(await accessibilityViolations(page), `width ${width}`).toEqual([]);
      await page.context().close();
    }
  });
});

describe('a second brand on its own host (§1 white-label, multi-seller)', () => {
  it("shows the second brand with its seller's catalogue only, from the same server", async () => {
    const chain = await open('/despensa');
    const everyOne = await total(chain);
    await expect.poll(() => chain.title()).toBe('Despensa | Despensa');
    await expect(chain.getByRole('group', { name: 'Vendido por' }).count()).resolves.toBe(1);

    const { page } = await newPage(browser);
    await page.goto(baseUrl().replace('127.0.0.1', 'localhost') + '/despensa');
    expect(await page.title()).toBe(`Despensa | ${SECOND_BRAND.name}`);
    const sellersOwn = await total(page);
    expect(sellersOwn).toBeGreaterThan(0);
    expect(sellersOwn).toBeLessThan(everyOne);
    // The seller is the storefront's own, not a filter.
    expect(await page.getByRole('group', { name: 'Vendido por' }).count()).toBe(0);
    expect(await cardNames(page)).toHaveLength(Math.min(sellersOwn, 40));
    // Its header search suggests what its seller sells.
    const asked = page.waitForRequest((request) => request.url().includes('/search-suggestions/'));
    await page.getByRole('combobox', { name: 'Buscar productos' }).pressSequentially('leche');
    // §7 v5: the seller in the path.
    expect(new URL((await asked).url()).pathname).toMatch(
      new RegExp(`^/api/v5/${SECOND_BRAND.sellerId}/search-suggestions/`),
    );
  });

  it("prices and adds its seller's offer, where the chain's storefront adds the chain's cheaper one", async () => {
    const database = new pg.Client({ connectionString: inject('databaseUrl') });
    await database.connect();
    // A sku both sell online, the chain for less.
    const { rows } = await database.query<{ slug: string; name: string }>(
      `SELECT p.slug, p.name FROM sku s JOIN product p ON p.id = s.product_id
         JOIN sku_offer o1 ON o1.sku_id = s.id AND o1.sales_channel = 1 AND o1.seller_id = '1'
         JOIN sku_offer o2 ON o2.sku_id = s.id AND o2.sales_channel = 1 AND o2.seller_id = $1
        WHERE o1.price < o2.price AND o1.available_quantity >= 5 AND o2.available_quantity >= 5
          AND s.measurement_unit <> 'kg'
        ORDER BY s.id LIMIT 1`,
      [SECOND_BRAND.sellerId],
    );
    await database.end();
    const product = rows[0]!;
    expect(product).toBeDefined();

    const sellerOfTheLineAddedAt = async (origin: string) => {
      const { context, page } = await newPage(browser, { origin });
      await page.goto(`/${product.slug}/p`);
      const shownPrice = await page.locator('main .product-price__current').first().textContent();
      await page
        .getByRole('button', { name: `Agregar ${product.name} al carro` })
        .first()
        .click();
      let seller: string | undefined;
      await expect
        .poll(async () => {
          const held = await heldCart(context);
          if (!held) return undefined;
          const cart = await api<{ items: { seller: string }[] }>(`/api/orderform/${held.id}`, {
            cookie: held.cookie,
          });
          seller = cart.items[0]?.seller;
          return seller;
        })
        .toBeDefined();
      await context.close();
      return { seller, shownPrice };
    };
    const secondBrand = await sellerOfTheLineAddedAt(baseUrl().replace('127.0.0.1', 'localhost'));
    const chain = await sellerOfTheLineAddedAt(baseUrl());
    expect(secondBrand.seller).toBe(SECOND_BRAND.sellerId);
    expect(chain.seller).toBe('1');
    expect(secondBrand.shownPrice).not.toBe(chain.shownPrice);
  });
});
it('opens a product from its card and a page from the footer without reloading the page', async () => {
  const page = await open('/lacteos');
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-interactive'));
  // A value of this document's own: a full page load would lose it.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const card = page.locator(`${RESULTS} .product-card__name a`).first();
  const name = ((await card.textContent()) ?? '').trim();
  await card.click();
  await page.waitForURL(/\/p$/);
  await expect.poll(() => page.locator('h1').first().textContent()).toBe(name);
  await page.goBack();
  await page.waitForURL(/\/lacteos$/);
  await page.locator('.site-footer a[href^="/"]').first().click();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  await page.context().close();
});
