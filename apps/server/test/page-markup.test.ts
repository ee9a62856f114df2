import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';

const webBuilt = fs.existsSync(path.resolve(import.meta.dirname, '../../web/build/server/index.js'));
if (!webBuilt) throw new Error('pages are tested on the web build: run `npm run build -w @despensa/web`');

/**
 * Cards, facets, the category menu and the footer are written as markup strings (apps/web/app/lib/html.ts),
 * not by React: whatever the catalogue or the CMS holds must still reach the page as text.
 */
const HOSTILE = `<img src=x onerror="alert('x')"> & Co`;
const ESCAPED = `&lt;img src=x onerror=&quot;alert(&#x27;x&#x27;)&quot;&gt; &amp; Co`;

let shop: TestApp;
const categoryPath = '/lacteos';

beforeAll(async () => {
  shop = await createTestApp({ web: true });
  // The first card of the dairy aisle: its product and brand get the hostile names.
  const listing = await shop.app.inject({ method: 'GET', url: categoryPath });
  const slug = /class="product-card__name"><a href="\/([^"]+)\/p"/.exec(listing.body)![1]!;
  await shop.database.pool.query(
    'UPDATE brand SET name = $1 WHERE id = (SELECT brand_id FROM product WHERE slug = $2)',
    [HOSTILE, slug],
  );
  await shop.database.pool.query('UPDATE product SET name = $1 WHERE slug = $2', [`Leche ${HOSTILE}`, slug]);
  await shop.database.pool.query(
    `UPDATE cms_document SET data = jsonb_set(data, '{fixed_categories,0,title}', to_jsonb($1::text)) WHERE key = 'menu'`,
    [`Lácteos ${HOSTILE}`],
  );
  await shop.database.pool.query(
    `UPDATE cms_document SET data = jsonb_set(data, '{copyright}', to_jsonb($1::text)) WHERE key = 'footer'`,
    [`© Despensa ${HOSTILE}`],
  );
}, 120_000);
afterAll(() => shop?.close());

async function pageWith(url: string, text: string): Promise<string> {
  const until = Date.now() + 15_000;
  for (;;) {
    const response = await shop.app.inject({
      method: 'GET',
      url,
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/130.0' },
    });
    expect(response.statusCode).toBe(200);
    // The catalogue index and the CMS cache follow the writes through NOTIFY, on their own connections.
    if (response.body.includes(text) || Date.now() > until) return response.body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('text in pages drawn as markup', () => {
  it('escapes product, brand, menu and footer text on a listing', async () => {
    const html = await pageWith(`${categoryPath}?markup=1`, `Leche ${ESCAPED}`);
    expect(html).toContain(`Leche ${ESCAPED}`);
    // The category menu is drawn when it first opens (issue 33): its hostile title is in the page only as
    // the loader's data, never as markup (the last assertion).
    expect(html).toContain('Lácteos \\u003cimg');
    expect(html).toContain(`© Despensa ${ESCAPED}`);
    // The brand on its card and as a facet's label.
    expect(html).toContain(`<p class="product-card__brand">${ESCAPED}</p>`);
    expect(html).toMatch(
      new RegExp(`<span>${ESCAPED.replace(/[()]/g, '\\$&')}</span><span class="facet-filters__count">`),
    );
    expect(html).not.toContain(`<img src=x onerror=`);
  });
});
