import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';

interface ApiProduct {
  productName: string;
  linkText: string;
  rating: { count: number };
  items: { sellers: { commertialOffer: { Price: number; AvailableQuantity: number } }[] }[];
}

interface ApiFormatProduct {
  linkText: string;
  items: {
    itemId: string;
    name: string;
    sellers: { commertialOffer: { Price: number; AvailableQuantity: number } }[];
  }[];
}

const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let browser: Browser;
let product: ApiProduct;

const SECTIONS = [
  'Características principales',
  'Información nutricional',
  'Descripción',
  'Características generales',
  'Ingredientes',
  'Receta',
];

beforeAll(async () => {
  browser = await launchBrowser();
  // A rated dairy product in stock, straight from the catalogue API, to compare the page against.
  const response = await fetch(`${baseUrl()}/api/products/search/lacteos?O=OrderByReviewRateDESC`, {
    headers: { 'x-api-key': 'despensa-web-dev-key', 'x-consumer': 'web' },
  });
  const products = (await response.json()) as ApiProduct[];
  product = products.find(
    (each) => each.rating.count > 0 && each.items[0]?.sellers[0]?.commertialOffer.AvailableQuantity,
  )!;
  expect(product).toBeDefined();
});
afterAll(async () => {
  await browser?.close();
});

describe('product page', () => {
  it('chooses a weighed product by weight, in steps of its unitMultiplier, with the estimated price', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/trutro-deshuesado-de-pollo/p');
    const weight = page.getByRole('group', { name: /^Cantidad de Trutro deshuesado/i });
    await weight.getByText('0,5 kg', { exact: true }).waitFor();
    const estimate = page.getByText(/^Precio estimado \$[\d.]+$/);
    const half = digits(await estimate.textContent());
    expect(half).toBeGreaterThan(0);
    await weight.getByRole('button', { name: /^Agregar 0,5 kg de Trutro/i }).click();
    await weight.getByText('1 kg', { exact: true }).waitFor();
    // 1 kg costs the price per kg the box states, twice the half kilo (give or take the peso rounding).
    const kilo = digits(await estimate.textContent());
    expect(Math.abs(kilo - 2 * half)).toBeLessThanOrEqual(1);
    const perKg = await page
      .getByText(/ x kg$/)
      .first()
      .textContent();
    expect(digits(perKg)).toBe(kilo);
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows the product with its six sections, JSON-LD and add button', async () => {
    const { page, context } = await newPage(browser);
    const response = await page.goto(`/${product.linkText}/p`);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(product.productName);
    const titles = await page.locator('.product-section > summary h2').allTextContents();
    expect(titles).toEqual(SECTIONS);
    await page.getByRole('button', { name: `Agregar ${product.productName} al carro` }).waitFor();

    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    const data = JSON.parse(jsonLd ?? '') as Record<string, unknown> & { offers: Record<string, unknown> };
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe(product.productName);
    expect(data.gtin13).toMatch(/^\d{13}$/);
    expect(data.brand).toMatchObject({ '@type': 'Brand' });
    expect(data.offers.priceCurrency).toBe('CLP');
    // The price the page shows, promotions included.
    const shown = digits(await page.locator('.buy-box .product-price__current').textContent());
    expect(data.offers.price).toBe(shown);
    expect(data.offers.availability).toBe('https://schema.org/InStock');
    expect(data.aggregateRating).toBeDefined();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${baseUrl()}/${product.linkText}/p`,
    );
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('product');

    // The add button announces the sku and the chosen quantity to the cart.
    await page.getByRole('button', { name: 'Agregar una unidad' }).click();
    const detail = await page.evaluate(
      () =>
        new Promise((resolve) => {
          window.addEventListener('cart:add', (event) => resolve((event as CustomEvent).detail), {
            once: true,
          });
          document.querySelector<HTMLButtonElement>('.buy-box .add-to-cart')!.click();
        }),
    );
    expect(detail).toMatchObject({ quantity: 2, seller: '1' });
    await context.close();
  });

  it('links to the rating page with the histogram and reviews', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`/${product.linkText}/p`);
    await page.locator('.rating-summary a').click();
    await page.waitForURL(`**/${product.linkText}/p/rating`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Opiniones de ${product.productName}`);
    expect(
      await page
        .getByRole('list', { name: 'Distribución de las calificaciones' })
        .getByRole('listitem')
        .count(),
    ).toBe(5);
    expect(await page.locator('.review-list > li').count()).toBe(product.rating.count);
    await context.close();
  });

  it('lets the shopper pick a format, and the price follows the chosen sku', async () => {
    // A product sold in several skus, in stock in each, from the catalogue API.
    const headers = { 'x-api-key': 'despensa-web-dev-key', 'x-consumer': 'web' };
    const tree = (await (await fetch(`${baseUrl()}/api/files/categories.json`, { headers })).json()) as {
      url: string;
    }[];
    const formats: ApiFormatProduct[] = [];
    for (const category of tree) {
      const response = await fetch(`${baseUrl()}/api${category.url.replace(/^\//, '/products/search/')}`, {
        headers,
      });
      expect(response.status).toBe(200);
      formats.push(...((await response.json()) as ApiFormatProduct[]));
    }
    const multi = formats.find(
      (each) =>
        each.items.length > 1 &&
        new Set(each.items.map((item) => item.sellers[0]?.commertialOffer.Price)).size > 1 &&
        each.items.every((item) => (item.sellers[0]?.commertialOffer.AvailableQuantity ?? 0) > 0),
    );
    expect(multi, 'a product with several priced skus').toBeDefined();
    const { page } = await newPage(browser);
    await page.goto(`/${multi!.linkText}/p`);
    const picker = page.getByRole('group', { name: 'Formato' });
    expect(await picker.getByRole('radio').count()).toBe(multi!.items.length);
    const second = multi!.items[1]!;
    const option = picker.getByRole('radio', { name: new RegExp(escapeRegExp(second.name)) });
    // Inner locators of `has` are searched inside each label.
    const priceIn = async (label: ReturnType<typeof picker.locator>) =>
      digits(await label.locator('.format-picker__price').textContent());
    const checkedLabel = picker.locator('label', { has: page.locator('input:checked') });
    const secondLabel = picker.locator('label', { has: page.locator(`input[value="${second.itemId}"]`) });
    const buyBoxPrice = async () =>
      digits(await page.locator('.buy-box .product-price__current').textContent());
    // It opens on the checked format's price; choosing another sells that one at its own price.
    expect(await buyBoxPrice()).toBe(await priceIn(checkedLabel));
    await option.check();
    const quoted = await priceIn(secondLabel);
    expect(quoted).toBeGreaterThan(0);
    await expect.poll(buyBoxPrice).toBe(quoted);
    // A link to one format opens on it.
    await page.goto(`/${multi!.linkText}/p?skuId=${second.itemId}`);
    expect(await page.getByRole('radio', { name: new RegExp(escapeRegExp(second.name)) }).isChecked()).toBe(
      true,
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('answers 404 for an unknown product', async () => {
    const { page, context } = await newPage(browser);
    expect((await page.goto('/producto-que-no-existe/p'))?.status()).toBe(404);
    expect((await page.goto('/producto-que-no-existe/p/rating'))?.status()).toBe(404);
    await context.close();
  });

  it('has no accessibility violations at 1280 and 375 px', async () => {
    for (const width of [1280, 375]) {
      const { page, context } = await newPage(browser, { width });
      await page.goto(`/${product.linkText}/p`);
      await page.waitForLoadState('networkidle');
      expect(await accessibilityViolations(page), `width ${width}`).toEqual([]);
      await context.close();
    }
  });

  it('serves robots.txt and a sitemap with categories and products', async () => {
    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /checkout');
    expect(robots).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${baseUrl()}/lacteos</loc>`);
    expect(sitemap).toContain(`<loc>${baseUrl()}/${product.linkText}/p</loc>`);
  });
});
