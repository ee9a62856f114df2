import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { accountsClient } from './support/accounts';
import { cartClient, holderCookie, sellableSkus } from './support/cart';
import { eventually } from './support/eventually';

const webBuilt = fs.existsSync(path.resolve(import.meta.dirname, '../../web/build/server/index.js'));
if (!webBuilt)
  throw new Error('the page cache is tested on the web build: run `npm run build -w @despensa/web`');

let shop: TestApp;
let categoryPath: string;
let productPath: string;

beforeAll(async () => {
  shop = await createTestApp({ web: true });
  const top = await shop.database.pool.query<{ slug: string }>(
    'SELECT slug FROM category WHERE parent_id IS NULL ORDER BY id LIMIT 1',
  );
  const product = await shop.database.pool.query<{ slug: string }>(
    'SELECT slug FROM product ORDER BY id LIMIT 1',
  );
  categoryPath = `/${top.rows[0]!.slug}`;
  productPath = `/${product.rows[0]!.slug}/p`;
}, 120_000);
afterAll(() => shop?.close());

/** The header's account button on a page whose account is pending (apps/web features/account/account-menu). */
const PENDING_ACCOUNT_LABEL = 'account-link__label">Mi cuenta<';

const page = (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'GET', url, headers: { 'user-agent': 'Mozilla/5.0 Chrome/130.0', ...headers } });

describe('the shared page cache', { timeout: 60_000 }, () => {
  it('serves an anonymous category, product and home page once rendered, with Cache-Control and ETag', async () => {
    for (const url of [categoryPath, productPath, '/', '/busca?ft=leche']) {
      const first = await page(url);
      expect(first.statusCode, url).toBe(200);
      const second = await page(url);
      expect(second.headers['x-page-cache'], url).toBe('hit');
      expect(second.body).toBe(first.body);
      expect(second.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=30, stale-while-revalidate=120',
      );
      expect(second.headers.etag).toMatch(/^"[\w-]+"$/);
      const again = await page(url, { 'if-none-match': String(second.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('renders a shared page to the same bytes every time, so its ETag holds across instances and renders', async () => {
    const first = await page(categoryPath);
    // What another instance, or this one after the catalogue changed back, renders afresh.
    shop.pageCache!.invalidateAll();
    const again = await page(categoryPath);
    expect(again.headers['x-page-cache']).toBe('miss');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body).not.toMatch(/ nonce="/);
    const revalidated = await page(categoryPath, { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
  });

  it('serves compressed copies made once', async () => {
    const response = await page(categoryPath, { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('Cookie');
  });

  it("never holds one shopper's data for another: session, cart and address stay out of every shared page", async () => {
    const accounts = accountsClient(shop);
    const customer = await accounts.loggedIn({ firstName: 'Zoraida', lastName: 'Quintanilla' });
    const other = await accounts.loggedIn({ firstName: 'Eleuterio', lastName: 'Pizarro' });
    const carts = cartClient(shop);
    const cart = await carts.create();
    const [sku] = await sellableSkus(shop, { limit: 1 });
    await carts.patch(cart.orderFormId, [{ id: String(sku!.id), quantity: 2, seller: '1' }]);
    const choice = {
      method: 'seller-1-sla-DespachoaDomicilio',
      salesChannel: 1,
      seller: '1',
      storeName: 'Despensa',
      storeId: null,
      addressId: 'a5b0e6a4-0000-4000-8000-000000000001',
      addressLine: 'Calle Secreta 742, Providencia',
      addressEssentials: { street: 'Calle Secreta', number: '742', comuna: 'Providencia' },
      coverageState: null,
      segment: null,
    };
    const cartAndAddress = [
      holderCookie(cart.orderFormId),
      `despensa_delivery=${encodeURIComponent(JSON.stringify(choice))}`,
    ].join('; ');
    const cookie = `despensa_session=${encodeURIComponent(customer.token)}; ${cartAndAddress}`;
    const othersChoice = { ...choice, addressLine: 'Pasaje Oculto 12, Ñuñoa', addressEssentials: null };
    const othersCookie = [
      `despensa_session=${encodeURIComponent(other.token)}`,
      `despensa_delivery=${encodeURIComponent(JSON.stringify(othersChoice))}`,
    ].join('; ');
    const secrets = [
      customer.firstName,
      customer.email,
      customer.document,
      other.firstName,
      other.email,
      cart.orderFormId,
      'Calle Secreta',
      'Pasaje Oculto',
    ];

    for (const url of [categoryPath, productPath, '/']) {
      // Logged in: the shared page, the account's parts left to the browser; its account pending until
      // they arrive (the header's 'Mi cuenta', not a visitor's 'Ingresa').
      const loggedIn = await page(url, { cookie });
      expect(loggedIn.statusCode, url).toBe(200);
      expect(loggedIn.headers['cache-control']).toBe('private, no-cache');
      for (const secret of secrets) expect(loggedIn.body, `${url} ${secret}`).not.toContain(secret);
      expect(loggedIn.body).toContain('\\"shopperParts\\",\\"client\\"');
      expect(loggedIn.body).toContain(PENDING_ACCOUNT_LABEL);
      // Every logged-in shopper of that channel gets that one page: another's session (and address) is a
      // hit on the same body.
      const another = await page(url, { cookie: othersCookie });
      expect(another.headers['x-page-cache']).toBe('hit');
      expect(another.body).toBe(loggedIn.body);

      const mine = await page(url, { cookie: cartAndAddress });
      expect(mine.statusCode, url).toBe(200);
      // The same page, marked for the browser to fill in, never kept by a shared cache on the way.
      expect(mine.headers['cache-control']).toBe('private, no-cache');
      for (const secret of secrets) expect(mine.body, `${url} ${secret}`).not.toContain(secret);
      expect(mine.body).toContain('\\"shopperParts\\",\\"client\\"');
      // Without a session cookie nothing waits: a visitor's header.
      expect(mine.body).not.toContain(PENDING_ACCOUNT_LABEL);
      const again = await page(url, { cookie: cartAndAddress });
      expect(again.headers['x-page-cache']).toBe('hit');

      const stranger = await page(url);
      for (const secret of secrets) expect(stranger.body, `${url} ${secret}`).not.toContain(secret);
    }

    // The shopper's own parts come from their own request, never cached.
    const parts = await shop.app.inject({
      method: 'GET',
      url: '/comprador/partes.data?_routes=routes%2Fshopper-parts',
      headers: { cookie },
    });
    expect(parts.statusCode).toBe(200);
    expect(parts.headers['cache-control']).toBe('private, no-store');
    expect(parts.body).toContain(cart.orderFormId);
    expect(parts.body).toContain('Zoraida');
    expect(parts.body).toContain('Calle Secreta');
    const strangersParts = await shop.app.inject({
      method: 'GET',
      url: '/comprador/partes.data?_routes=routes%2Fshopper-parts',
    });
    expect(strangersParts.body).not.toContain(cart.orderFormId);
    expect(strangersParts.body).not.toContain('Zoraida');
  });

  it('keeps private pages out of the cache', async () => {
    const cartPage = await page('/mi-carro');
    expect(cartPage.headers['x-page-cache']).toBeUndefined();
    // Nor does the browser keep them: going back after paying drew the cart it held before, with the
    // items just bought and an 'Ir a pagar' that led nowhere (issue 28).
    expect(cartPage.headers['cache-control']).toBe('no-store');
    expect((await page('/login')).headers['cache-control']).toBe('no-store');
    const login = await page('/login');
    expect(login.headers['x-page-cache']).toBeUndefined();
  });

  it('sends the whole route manifest as a built asset, so no discovery request reaches the page routes', async () => {
    // Lazy route discovery asked /__manifest, which the catch-all category route also matches (once cached
    // as a page and revalidated). The manifest now comes with the page as an immutable module.
    const manifest = /import "(\/assets\/manifest-\w+\.js)"/.exec((await page('/')).body)?.[1];
    expect(manifest).toBeDefined();
    const asset = await page(manifest!);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-page-cache']).toBeUndefined();
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toContain('routes/category');
    expect(asset.body).toContain('routes/product');
  });

  it('drops its pages when the catalogue changes and when content changes', async () => {
    const slug = productPath.slice(1, -2);
    await page(productPath);
    expect((await page(productPath)).headers['x-page-cache']).toBe('hit');
    await shop.database.pool.query(`UPDATE product SET name = 'Queso Renombrado Cyber' WHERE slug = $1`, [
      slug,
    ]);
    await eventually(async () => (await page(productPath)).body.includes('Queso Renombrado Cyber'));

    await page('/');
    expect((await page('/')).headers['x-page-cache']).toBe('hit');
    await shop.database.pool.query(
      `UPDATE cms_document SET updated_at = now() WHERE ctid IN (SELECT ctid FROM cms_document LIMIT 1)`,
    );
    await eventually(async () => (await page('/')).headers['x-page-cache'] === 'miss');
  });

  it('drops the pages of a channel when a product there runs out', async () => {
    await page(categoryPath);
    expect((await page(categoryPath)).headers['x-page-cache']).toBe('hit');
    const [sku] = await sellableSkus(shop, { limit: 1 });
    await shop.database.pool.query(
      `UPDATE sku_offer SET available_quantity = 0 WHERE sku_id = $1 AND sales_channel = 1 AND seller_id = '1'`,
      [sku!.id],
    );
    await eventually(async () => (await page(categoryPath)).headers['x-page-cache'] === 'miss');
  });
});
