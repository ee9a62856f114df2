import { expect } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { CART_KEY_COOKIE, ORDER_FORM_COOKIE } from '@despensa/domain';
import { baseUrl } from './browser';

/**
 * The cart a browser holds: its id (from the cart cookie `__ofid={id}`) and the Cookie header the browser
 * sends the API with it (the cart cookie and its HttpOnly key); null before it has a cart.
 */
export async function heldCart(context: BrowserContext): Promise<{ id: string; cookie: string } | null> {
  const cookies = await context.cookies();
  const cart = cookies.find((each) => each.name === ORDER_FORM_COOKIE);
  if (!cart) return null;
  const key = cookies.find((each) => each.name === CART_KEY_COOKIE);
  return {
    id: cart.value.slice('__ofid='.length),
    cookie: [cart, ...(key ? [key] : [])].map((each) => `${each.name}=${each.value}`).join('; '),
  };
}

/** The web app's key, and the store's account header the cart calls (§7) need. */
export const API_HEADERS = {
  'x-api-key': 'despensa-web-dev-key',
  'x-consumer': 'web',
  'x-account': 'despensa',
};

/** The shop's API as the web app calls it, the session in x-access-token; a status of 300 or more fails. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string; cookie?: string } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...API_HEADERS,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { 'x-access-token': init.token } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  expect(response.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(300);
  return (await response.json()) as T;
}
