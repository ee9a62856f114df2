import { CART_KEY_COOKIE, ORDER_FORM_COOKIE, orderFormCookieValue } from '@despensa/domain';
import type { OrderForm } from '@despensa/contracts';
import { cartKeyOf } from '../../src/modules/cart/holding-key';
import type { TestApp } from './app';
import { TEST_CART_KEY_SECRET, TEST_KEY } from './constants';

export const CART_HEADERS = { ...TEST_KEY, 'x-account': 'despensa' };

/** The key cookie POST /api/orderForm set for `orderFormId` (issue 27), under the test apps' secret. */
export function cartKeyCookie(orderFormId: string): string {
  return `${CART_KEY_COOKIE}=${cartKeyOf(TEST_CART_KEY_SECRET, orderFormId)}`;
}

/** The cookies of a client holding `orderFormId`, as POST /api/orderForm set them: the cart cookie and its key. */
export function holderCookie(orderFormId: string): string {
  return `${ORDER_FORM_COOKIE}=${orderFormCookieValue(orderFormId)}; ${cartKeyCookie(orderFormId)}`;
}

/** The Cookie header a browser sends back after these Set-Cookie headers (names and values only). */
export function browserCookies(setCookie: string | string[] | undefined): string {
  return [setCookie ?? []]
    .flat()
    .map((each) => each.split(';')[0]!)
    .join('; ');
}

/**
 * CART_HEADERS for a call, with the cookie of the cart it names (the url's /orderform/{id} or /order/info/
 * {id}, else the body's orderFormId or referenceId): the client that created a cart holds it, as a browser
 * keeps its cookie. A stranger's calls are built without this.
 */
export function heldCartHeaders(url: string, payload?: unknown): Record<string, string> {
  const named = /\/(?:orderform|order\/info)\/([^/?]+)/i.exec(url)?.[1];
  const body = (payload ?? {}) as { orderFormId?: unknown; referenceId?: unknown };
  const id = named ? decodeURIComponent(named) : (body.orderFormId ?? body.referenceId);
  return typeof id === 'string' ? { ...CART_HEADERS, cookie: holderCookie(id) } : CART_HEADERS;
}

/** The §7 cart calls through fastify.inject, with the account header, as the client holding the cart. */
export function cartClient(shop: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    shop.app.inject({
      method,
      url,
      headers: heldCartHeaders(url, payload),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    call,
    async create(body: unknown = {}, query = ''): Promise<OrderForm> {
      const response = await call('POST', `/api/orderForm${query}`, body);
      if (response.statusCode !== 200) throw new Error(`create: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    async patch(id: string, orderItems: unknown[], query = ''): Promise<OrderForm> {
      const response = await call('PATCH', `/api/orderform/${id}/items${query}`, { orderItems });
      if (response.statusCode !== 200) throw new Error(`patch: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    async get(id: string): Promise<OrderForm> {
      return (await call('GET', `/api/orderform/${id}`)).json();
    },
  };
}

/** Chain-seller skus on sale and in stock in a channel, by measurement unit and cart limit. */
export async function sellableSkus(
  shop: TestApp,
  options: { salesChannel?: number; weighed?: boolean; ownLimit?: boolean; limit?: number } = {},
): Promise<{ id: number; cart_limit: number; price: number }[]> {
  const result = await shop.database.pool.query(
    `SELECT s.id, s.cart_limit, o.price FROM sku s
       JOIN sku_offer o ON o.sku_id = s.id AND o.seller_id = '1' AND o.sales_channel = $1
      WHERE o.available_quantity >= 40 AND o.list_price > 0
        AND s.measurement_unit ${options.weighed ? "= 'kg'" : "<> 'kg'"}
        AND s.cart_limit ${options.ownLimit ? '< 35' : '>= 35'}
      ORDER BY s.id LIMIT $2`,
    [options.salesChannel ?? 1, options.limit ?? 60],
  );
  return result.rows;
}
