import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';

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

  it('answers 404 for an unknown category', async () => {
    const { page } = await newPage(browser);
    const response = await page.goto('/categoria-que-no-existe');
    expect(response?.status()).toBe(404);
    const nested = await page.goto('/lacteos/no-existe');
    expect(nested?.status()).toBe(404);
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
