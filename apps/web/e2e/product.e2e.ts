import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';

interface ApiProduct {
  productName: string;
  linkText: string;
  rating: { count: number };
  items: { sellers: { commertialOffer: { Price: number; AvailableQuantity: number } }[] }[];
}

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
    expect(data.offers.price).toBe(product.items[0]!.sellers[0]!.commertialOffer.Price / 100);
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
