import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureMessages } from '@despensa/contracts';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS, cartClient, holderCookie, sellableSkus } from './support/cart';

const serverEntry = path.resolve(import.meta.dirname, '../../web/build/server/index.js');
if (!fs.existsSync(serverEntry))
  throw new Error('the page guard is tested on the web build: run `npm run build -w @despensa/web`');

let shop: TestApp;
let baseUrl: string;
beforeAll(async () => {
  shop = await createTestApp({ web: true });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => shop?.close());

const EVIL = 'https://evil.example';
/** A shopper's browser (a request without one is a bot's, which gets no cart). */
const BROWSER = { 'user-agent': 'Mozilla/5.0 Chrome/130.0' };

/** Every page path of the web build whose route has an action (apps/web/app/routes.ts), params filled. */
async function actionPaths(): Promise<string[]> {
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const fullPath = (id: string): string => {
    const route = build.routes[id]!;
    const own = route.path ?? '';
    return route.parentId ? `${fullPath(route.parentId)}/${own}` : own;
  };
  return Object.entries(build.routes)
    .filter(([, route]) => route?.module.action)
    .map(([id]) =>
      `/${fullPath(id)}`
        .replace(/\/+/g, '/')
        .replace(/:\w+\??/g, 'x')
        .replace(/\*$/, 'x'),
    );
}

/** A cart with one line, held by its cookie, as the shopper's browser holds it. */
async function heldCart(): Promise<{ id: string; cookie: string }> {
  const carts = cartClient(shop);
  const [sku] = await sellableSkus(shop, { limit: 1 });
  const cart = await carts.create();
  await carts.patch(cart.orderFormId, [{ id: String(sku!.id), quantity: 2, seller: '1' }]);
  return { id: cart.orderFormId, cookie: holderCookie(cart.orderFormId) };
}

const emptyCart = (cookie: string, headers: Record<string, string>) =>
  shop.app.inject({
    method: 'POST',
    url: '/carro/acciones',
    headers: { ...BROWSER, cookie, 'content-type': 'application/json', ...headers },
    payload: { intent: 'removeAll' },
  });

describe('page actions refuse other sites (issue 27 fault 7)', { timeout: 60_000 }, () => {
  it("refuses another site's POST to /carro/acciones with 403 forbiddenOrigin, and the cart keeps its lines", async () => {
    const cart = await heldCart();
    const refused = await emptyCart(cart.cookie, { origin: EVIL });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'forbiddenOrigin',
      message: failureMessages.forbiddenOrigin,
    });
    expect((await cartClient(shop).get(cart.id)).items).toHaveLength(1);
  });

  it('refuses a foreign Origin on every page action of routes.ts, and a foreign Sec-Fetch-Site or Referer', async () => {
    const paths = await actionPaths();
    expect(paths).toEqual(expect.arrayContaining(['/carro/acciones', '/entrega/acciones', '/login-page']));
    for (const url of paths) {
      for (const headers of [
        { origin: EVIL },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site', referer: `${EVIL}/` },
        { referer: `${EVIL}/carro` },
      ]) {
        const answer = await shop.app.inject({
          method: 'POST',
          url,
          headers: { ...BROWSER, 'content-type': 'application/x-www-form-urlencoded', ...headers },
          payload: 'intent=removeAll',
        });
        expect([url, headers, answer.statusCode, answer.json().code]).toEqual([
          url,
          headers,
          403,
          'forbiddenOrigin',
        ]);
      }
    }
  });

  it("takes the shop's own posts: its Origin, or before JS a same-origin Sec-Fetch-Site or Referer", async () => {
    const ownPosts: Record<string, string>[] = [
      { origin: 'http://localhost:80' },
      { 'sec-fetch-site': 'same-origin' },
      { referer: 'http://localhost/mi-carro' },
      {},
    ];
    for (const headers of ownPosts) {
      const cart = await heldCart();
      const answer = await emptyCart(cart.cookie, headers);
      expect([headers, answer.statusCode]).toEqual([headers, 200]);
      expect((await cartClient(shop).get(cart.id)).items).toEqual([]);
    }
  });
});

/** Sends `total` bytes chunked to a page, stopping once an answer comes; the answer and the bytes sent. */
function postChunked(url: string, total: number): Promise<{ status: number; sent: number; body: string }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(`${baseUrl}${url}`, {
      method: 'POST',
      headers: {
        ...BROWSER,
        'content-type': 'application/x-www-form-urlencoded',
        'transfer-encoding': 'chunked',
      },
    });
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode!, sent, body });
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const write = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      if (!answered) request.end();
    };
    write();
  });
}

describe('page request bodies have the API limit (issue 27 fault 8)', { timeout: 60_000 }, () => {
  it('answers 413 to a declared 10 MB body at once, as the API does', async () => {
    for (const url of ['/carro/acciones', '/login-page', '/api/orderForm']) {
      const answer = await shop.app.inject({
        method: 'POST',
        url,
        headers: {
          ...BROWSER,
          ...CART_HEADERS,
          'content-type': 'application/json',
          'content-length': String(10 * 1024 * 1024),
        },
        payload: '{}',
      });
      expect([url, answer.statusCode, answer.json().code]).toEqual([url, 413, 'payloadTooLarge']);
    }
  });

  it('answers 413 to a 100 MB chunked body once the limit is crossed, before the rest is sent', async () => {
    for (const url of ['/carro/acciones', '/login-page']) {
      const answer = await postChunked(url, 100 * 1024 * 1024);
      expect([url, answer.status, JSON.parse(answer.body).code]).toEqual([url, 413, 'payloadTooLarge']);
      expect(answer.sent).toBeLessThan(20 * 1024 * 1024);
    }
  });

  it('still takes a page form within the limit', async () => {
    const cart = await heldCart();
    const answer = await emptyCart(cart.cookie, { origin: 'http://localhost' });
    expect(answer.statusCode).toBe(200);
  });
});
