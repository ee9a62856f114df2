import { expect } from 'vitest';
import { failureCodeOf } from '@despensa/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { connect } from '../../src/db/client';
import type { TestApp } from './app';
import { CART_HEADERS } from './cart';
import { TEST_CART_KEY_SECRET, TEST_NOW } from './constants';

/** A staff member's token, from the console's login. */
export async function staffLogin(shop: TestApp, login: string, password: string): Promise<string> {
  const answer = await shop.app.inject({
    method: 'POST',
    url: '/api/operations/session',
    headers: CART_HEADERS,
    payload: { login, password },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().token;
}

/** A back-office call (/api/admin) as a staff member (their token), or with no staff session (null). */
export function staffCall(
  shop: TestApp,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return shop.app.inject({
    method,
    url,
    headers: { ...CART_HEADERS, ...(token ? { 'x-staff-token': token } : {}) },
    ...(payload ? { payload } : {}),
  });
}

/** A refusal as [status, failure code]. */
export const refusalOf = (answer: { statusCode: number; json(): unknown }) => [
  answer.statusCode,
  failureCodeOf(answer.json()),
];

/** An ERP's call: VTEX's credential headers only, no storefront key. */
export function erpCall(
  app: FastifyInstance,
  key: { appKey: string; appToken: string } | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: key ? { 'x-vtex-api-appkey': key.appKey, 'x-vtex-api-apptoken': key.appToken } : {},
    ...(payload ? { payload } : {}),
  });
}

/** The chain's offer of a SKU in a channel as an instance's index has it. */
export function indexedOffer(app: { services: App['services'] }, skuId: number, channel: number) {
  const entry = app.services.catalog.index.skusById.get(skuId)!;
  return app.services.catalog.index.sellerOffer(entry.sku, channel, '1');
}

/** Another app instance on the test app's own database, as a second server of the chain would be. */
export async function secondInstance(shop: TestApp, env: Record<string, string> = {}): Promise<App> {
  // A rebuild reads through two cursors at once beside the index's listener and a request or two.
  const database = connect(shop.database.url, 6);
  const app = await buildApp({
    config: loadConfig({
      API_KEYS: 'web:test-web-key',
      DATABASE_URL: shop.database.url,
      LOG_LEVEL: 'silent',
      CART_KEY_SECRET: TEST_CART_KEY_SECRET,
      ...env,
    }),
    database,
    clock: () => TEST_NOW,
    logger: false,
    web: false,
    jobs: false,
  });
  return {
    ...app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
