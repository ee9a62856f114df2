import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBannerActive } from '@despensa/domain';
import { createTestApp, type TestApp } from './support/app';
import { TEST_KEY, TEST_NOW } from './support/constants';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(async () => {
  await shop?.close();
});

const get = (url: string) => shop.app.inject({ method: 'GET', url, headers: TEST_KEY });

describe('content (CMS)', () => {
  it.each([
    'page-home',
    'menu',
    'curtain',
    'footer',
    'list-banners',
    'legal-terminos-y-condiciones',
    'cyber',
  ])('serves %s.json', async (key) => {
    const response = await get(`/api/cms/${key}.json`);
    expect(response.statusCode).toBe(200);
    expect(typeof response.json()).toBe('object');
  });

  it('gives 404 for an unknown document', async () => {
    expect((await get('/api/cms/page-nothing.json')).statusCode).toBe(404);
  });

  it('has the menu with the seven fixed categories in order', async () => {
    const menu = (await get('/api/cms/menu.json')).json();
    expect(menu.fixed_categories).toHaveLength(7);
    expect(menu.fixed_categories.every((item: { icon?: string }) => item.icon)).toBe(true);
  });

  it('tells the server time', async () => {
    const body = (await get('/api/cms/datetime')).json();
    expect(body.datetime).toBe(TEST_NOW.toISOString());
  });

  it('serves at most 5 sponsored banners, only active ones within their dates', async () => {
    const banners = (await get('/api/banners/sponsored')).json();
    expect(banners.length).toBeGreaterThan(0);
    expect(banners.length).toBeLessThanOrEqual(5);
    for (const banner of banners) expect(isBannerActive(banner, TEST_NOW)).toBe(true);
    const all = (await get('/api/cms/list-banners.json')).json().items;
    expect(
      all.some((banner: Parameters<typeof isBannerActive>[0]) => !isBannerActive(banner, TEST_NOW)),
    ).toBe(true);
  });
});

describe('generated media', () => {
  it('draws a cacheable SVG per sku and 404s unknown ones', async () => {
    const { rows } = await shop.database.pool.query(`SELECT id FROM sku LIMIT 1`);
    const image = await shop.app.inject({ method: 'GET', url: `/media/products/${rows[0].id}.svg` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.headers['cache-control']).toContain('max-age');
    expect(image.body).toMatch(/^<svg[^>]+role="img"/);
    expect((await shop.app.inject({ method: 'GET', url: '/media/products/999999999.svg' })).statusCode).toBe(
      404,
    );
  });
});
