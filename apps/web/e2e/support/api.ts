import { expect } from 'vitest';
import { baseUrl } from './browser';

export const API_HEADERS = { 'x-api-key': 'despensa-web-dev-key', 'x-consumer': 'web' };

/** The shop's API as the web app calls it, the session in x-access-token; a status of 300 or more fails. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...API_HEADERS,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { 'x-access-token': init.token } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  expect(response.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(300);
  return (await response.json()) as T;
}
