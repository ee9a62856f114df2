import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBannerActive } from '@despensa/domain';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { sanitizeCmsDocument, sanitizeCmsHtml } from '../src/modules/content/sanitize-html';
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
    const response = await get('/api/cms/page-nothing.json');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'contentNotFound', message: 'Contenido no encontrado' });
  });

  it('has the menu with the seven fixed categories in order', async () => {
    const menu = (await get('/api/cms/menu.json')).json();
    expect(menu.fixed_categories).toHaveLength(7);
    expect(menu.fixed_categories.every((item: { icon?: string }) => item.icon)).toBe(true);
  });

  it('serves the legal agreements document the terms-update dialog links to, as a PDF of the terms page', async () => {
    const agreements = (await get('/api/cms/legal-agreements.json')).json() as { document: string };
    const terms = (await get('/api/cms/legal-terminos-y-condiciones.json')).json() as { title: string };
    const response = await get(agreements.document);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getTitle()).toBe(terms.title);
    expect(pdf.getPageCount()).toBeGreaterThan(0);
    // The same bytes every time: a cache can revalidate it.
    expect((await get(agreements.document)).rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('answers 404 for a legal PDF that is not a legal page, 400 for a malformed name', async () => {
    expect((await get('/media/legal/nada.pdf')).json()).toMatchObject({ code: 'contentNotFound' });
    expect((await get('/media/legal/nada.pdf')).statusCode).toBe(404);
    expect((await get('/media/legal/..%2Fmenu.pdf')).statusCode).toBe(400);
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

describe('CMS html sanitising', () => {
  it.each([
    ['<img/onerror=alert(1) src=x>', '<img'],
    ['<a href=javascript:alert(1)>x</a>', 'javascript'],
    ['<a href="jav&#x61;script:alert(1)">x</a>', 'script:'],
    ['<a href="&#106;avascript:alert(1)">x</a>', 'script:'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', 'script:'],
    ['<p>hola<script>alert(1)</script></p>', 'alert'],
    ['<svg onload=alert(1)><circle/></svg>', 'onload'],
    ['<iframe src="https://malo.example"></iframe>', 'iframe'],
    ['<p style="background:url(javascript:alert(1))" onclick="alert(1)">x</p>', 'alert'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', 'data:'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', 'javascript'],
  ])('defangs %s', (payload, banned) => {
    expect(sanitizeCmsHtml(payload).toLowerCase()).not.toContain(banned);
  });

  it('keeps the fragments the CMS uses: paragraphs, headings, lists, links, strong', () => {
    const html =
      '<h2>Despacho</h2><p>Llámanos al <a href="tel:6004002000">600 400 2000</a> o lee ' +
      '<a href="/legal/terminos-y-condiciones">los términos</a>.</p><ul><li><strong>Rápido</strong></li></ul>';
    expect(sanitizeCmsHtml(html)).toBe(html);
  });

  it('leaves every seeded document as it was, so pages render the same', async () => {
    const rows = await shop.database.db.execute<{ key: string; data: unknown }>(
      sql`SELECT key, data FROM cms_document`,
    );
    expect(rows.rows.length).toBeGreaterThan(10);
    for (const row of rows.rows) expect(sanitizeCmsDocument(row.data), row.key).toEqual(row.data);
  });

  it('serves a stored fragment sanitised', async () => {
    await shop.database.db.execute(
      sql`INSERT INTO cms_document (key, data) VALUES ('page-hostil', ${JSON.stringify({
        sections: [{ html: '<p>ok<img/onerror=alert(1) src=x></p><a href=javascript:alert(1)>x</a>' }],
      })}::jsonb)`,
    );
    const body = (await get('/api/cms/page-hostil.json')).json();
    expect(body).toEqual({ sections: [{ html: '<p>ok</p><a>x</a>' }] });
  });
});

describe('generated media', () => {
  /** A PNG's width and height, from its IHDR chunk. */
  const pngSize = (body: Buffer) => {
    expect(body.subarray(1, 4).toString('ascii')).toBe('PNG');
    return [body.readUInt32BE(16), body.readUInt32BE(20)];
  };

  it('draws each sku as a cacheable SVG and as PNGs at 1x and 2x, and 404s unknown ones', async () => {
    const { rows } = await shop.database.pool.query(`SELECT id FROM sku LIMIT 1`);
    const svg = await shop.app.inject({ method: 'GET', url: `/media/products/${rows[0].id}.svg` });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers['cache-control']).toContain('max-age');
    expect(svg.body).toMatch(/^<svg[^>]+role="img"/);

    const png = await shop.app.inject({ method: 'GET', url: `/media/products/${rows[0].id}.png` });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toContain('max-age');
    expect(pngSize(png.rawPayload)).toEqual([400, 400]);
    const dense = await shop.app.inject({ method: 'GET', url: `/media/products/${rows[0].id}@2x.png` });
    expect(pngSize(dense.rawPayload)).toEqual([800, 800]);

    for (const url of ['/media/products/999999999.svg', '/media/products/999999999.png']) {
      expect((await shop.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    for (const url of [`/media/products/${rows[0].id}@3x.png`, `/media/products/${rows[0].id}.gif`]) {
      expect((await shop.app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
    }
  });

  it('serves the catalogue, the banners and the logo as PNGs', async () => {
    const listing = (await get('/api/products/search/lacteos?sc=1')).json();
    expect(listing[0].items[0].images[0].imageUrl).toMatch(/^\/media\/products\/\d+\.png$/);
    const banner = await shop.app.inject({ method: 'GET', url: '/media/banners/hero-ofertas-mobile.png' });
    expect(banner.statusCode).toBe(200);
    expect(banner.headers['content-type']).toBe('image/png');
    // A caller's own title draws only SVGs: a PNG per new title would be work anyone could ask for.
    const [first, second] = await Promise.all(
      ['uno', 'dos'].map((title) =>
        shop.app.inject({ method: 'GET', url: `/media/banners/sin-nombre-mobile.png?title=${title}` }),
      ),
    );
    expect(first!.rawPayload.equals(second!.rawPayload)).toBe(true);
    const titled = await shop.app.inject({
      method: 'GET',
      url: '/media/banners/sin-nombre-mobile.svg?title=uno',
    });
    expect(titled.body).toContain('uno');
    const logo = await shop.app.inject({ method: 'GET', url: '/media/brand/logo@2x.png' });
    expect(pngSize(logo.rawPayload)).toEqual([400, 96]);
  });
});
