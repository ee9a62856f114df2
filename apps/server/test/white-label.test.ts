import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@despensa/contracts';
import { loadConfig } from '../src/config';
import { confirmationMail } from '../src/flows/confirmation-mail';
import { brandsOf } from '../src/http/brands';
import type { SandboxMailer } from '../src/providers/mail/sandbox';
import { accountsClient } from './support/accounts';
import { createTestApp, type TestApp } from './support/app';
import { TEST_KEY } from './support/constants';

const webBuilt = fs.existsSync(path.resolve(import.meta.dirname, '../../web/build/server/index.js'));
if (!webBuilt)
  throw new Error('the white-label pages are tested on the web build: run `npm run build -w @despensa/web`');

/** §1 white-label, multi-seller: a second brand, selling for seller 2, on its own host from the same instance. */
const SECOND_HOST = 'almacen.example';
const SECOND_BRAND = { name: 'Almacén del Valle', sellerId: '2', primaryColor: '#0b6e4f' };

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({
    web: true,
    env: { BRAND_HOSTS: JSON.stringify({ [SECOND_HOST]: SECOND_BRAND }) },
  });
}, 120_000);
afterAll(() => shop?.close());

const get = (url: string, host?: string) =>
  shop.app.inject({
    method: 'GET',
    url,
    headers: { ...TEST_KEY, 'user-agent': 'Mozilla/5.0 Chrome/130.0', ...(host ? { host } : {}) },
  });

describe('a second brand and seller on the same instances', { timeout: 60_000 }, () => {
  it("serves the second brand's category page with its seller's catalogue only, the chain's on any other host", async () => {
    const listed = (facets: { key: 'seller'; value: string }[]) =>
      shop.services.catalog.search(
        'despensa',
        { selectedFacets: facets },
        { page: 1, pageSize: 40, salesChannel: 1 },
      ).recordsFiltered;
    const sellersOwn = listed([{ key: 'seller', value: '2' }]);
    const everyOne = listed([]);
    expect(sellersOwn).toBeGreaterThan(0);
    expect(sellersOwn).toBeLessThan(everyOne);

    const second = await get('/despensa', SECOND_HOST);
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('<title>Despensa | Almacén del Valle</title>');
    expect(second.body).toContain(`en Almacén del Valle: ${sellersOwn} productos con despacho`);
    // Its seller is the page's own, not a filter to choose.
    expect(second.body).not.toContain('Vendido por');

    const chain = await get('/despensa');
    expect(chain.body).toContain('<title>Despensa | Despensa</title>');
    expect(chain.body).toContain(`en Despensa: ${everyOne} productos con despacho`);

    // The page cache keys on the host: each brand gets its own cached page back.
    const again = await get('/despensa', SECOND_HOST);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.body).toBe(second.body);
  });

  it('answers the {seller} path calls of §7 with that seller’s offers and content (§6 seller lists)', async () => {
    const { rows } = await shop.database.pool.query<{ sku_id: number }>(
      `SELECT sku_id FROM sku_offer WHERE seller_id = '2' AND sales_channel = 1 LIMIT 1`,
    );
    const skuId = rows[0]!.sku_id;
    const products = (await get(`/api/2/products/skus?skuIds=${skuId}&sc=1`)).json();
    expect(products).toHaveLength(1);
    expect(JSON.stringify(products)).toContain('"sellerId":"2"');

    await shop.database.pool.query(`INSERT INTO cms_document (key, data) VALUES ('ofertas-marcas', $1)`, [
      JSON.stringify({
        title: 'Ofertas',
        items: [
          { title: 'Solo en la cadena', sellers: { include: ['1'] } },
          { title: 'Para todos' },
          { title: 'Menos en el almacén', sellers: { exclude: ['2'] } },
          { title: 'Solo en el almacén', sellers: { include: ['2'] } },
        ],
      }),
    ]);
    const titles = async (url: string) =>
      ((await get(url)).json() as { items: { title: string }[] }).items.map((item) => item.title);
    expect(await titles('/api/2/cms/ofertas-marcas.json')).toEqual(['Para todos', 'Solo en el almacén']);
    expect(await titles('/api/1/cms/ofertas-marcas.json')).toEqual([
      'Solo en la cadena',
      'Para todos',
      'Menos en el almacén',
    ]);
    // Without a seller in the path, the document as stored.
    expect(await titles('/api/cms/ofertas-marcas.json')).toHaveLength(4);
    expect((await get('/api/no%20seller/cms/ofertas-marcas.json')).statusCode).toBe(400);
  });

  it('names the brand whose shop asked in its access-key e-mails, through the API and the login page', async () => {
    const accounts = accountsClient(shop);
    const customer = await accounts.register();
    const subjects = () =>
      (shop.services.mailer as SandboxMailer).outbox(customer.email).map((mail) => mail.subject);
    const sendKey = async (host?: string) =>
      accounts.call('POST', '/api/vtexid/pub/authentication/accesskey/send', {
        payload: { authenticationToken: await accounts.start(), login: customer.email },
        headers: host ? { host } : {},
      });
    expect((await sendKey(SECOND_HOST)).statusCode).toBe(200);
    expect((await sendKey()).statusCode).toBe(200);
    // The login page's 'send-key' form, on the second brand's host.
    const form = await shop.app.inject({
      method: 'POST',
      url: '/login-page',
      headers: {
        host: SECOND_HOST,
        'user-agent': 'Mozilla/5.0 Chrome/130.0',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ intent: 'send-key', login: customer.email }).toString(),
    });
    expect(form.statusCode, form.body.slice(0, 300)).toBeLessThan(400);
    // The outbox answers newest first.
    expect(subjects()).toEqual([
      'Tu código de acceso a Almacén del Valle',
      'Tu código de acceso a Despensa',
      'Tu código de acceso a Almacén del Valle',
    ]);
  });

  it('dresses an order confirmation in the brand of the seller that sold it (issue 31 item 1)', () => {
    const brands = brandsOf(
      loadConfig({ ...process.env, BRAND_HOSTS: JSON.stringify({ [SECOND_HOST]: SECOND_BRAND }) }),
    );
    const order = (seller: string) =>
      ({
        items: [],
        totals: [],
        value: 129000,
        statusDescription: 'Pago aprobado',
        sellers: [{ id: seller, name: seller }],
        clientProfileData: { email: 'ana@example.cl', firstName: 'Ana' },
        shippingData: { deliveryWindow: null, pickupStore: null },
      }) as unknown as Order;
    expect(confirmationMail('1', [order('2')], brands.bySeller)?.brandName).toBe('Almacén del Valle');
    expect(confirmationMail('1', [order('1')], brands.bySeller)?.brandName).toBe(brands.chain.name);
  });
});
