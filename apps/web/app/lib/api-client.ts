import { raiseServiceUnavailable } from './events';
import { logger } from './logger';

/** The public key browser calls carry (§7); the root loader hands it over at start. */
let credentials: { key: string; consumer: string } | null = null;

export function configureApi(api: { key: string; consumer: string }): void {
  credentials = api;
}

export function apiCredentials(): { key: string; consumer: string } | null {
  return credentials;
}

export function apiHeaders(): Record<string, string> {
  return credentials ? { 'x-api-key': credentials.key, 'x-consumer': credentials.consumer } : {};
}

/** Raised when a user call answers 401; the account feature logs out and goes home (§6, §8). */
export const SESSION_UNAUTHORIZED_EVENT = 'session_unauthorized';
/**
 * §8: the calls whose 401 ends the session: orders, addresses and shopping lists. Not the last order
 * (/api/orders/last, /api/orders/lastone): its 401 cleans the cart and reloads instead (repeat-last-order).
 */
const SESSION_SCOPED = /^\/api\/(?:user\/address|user\/shopping-list|orders?\b(?!\/last)|oms\b)/;

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  /** The server answered with an error; `message` is its Spanish text. */
  | { ok: false; status: number; message: string; field?: string }
  /** Network failure or unreadable answer: error_503 has been raised already. */
  | { ok: false; status: 0; message: string };

/**
 * Calls the shop's /api with the key headers and JSON. A network failure or an answer that is not JSON
 * raises the global error_503 event (§8), so every caller gets the 503 screen the same way.
 */
export async function apiRequest<T>(
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown } = {},
): Promise<ApiResult<T>> {
  const method = options.method ?? 'GET';
  logger.debug('api', method, path);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        accept: 'application/json',
        ...apiHeaders(),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  } catch (error) {
    return unavailable(`${method} ${path}: ${String(error)}`);
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch (error) {
    return unavailable(`${method} ${path}: unreadable answer (${response.status}) ${String(error)}`);
  }
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  if (response.status === 401 && SESSION_SCOPED.test(path)) {
    window.dispatchEvent(new Event(SESSION_UNAUTHORIZED_EVENT));
  }
  const problem = payload as { message?: unknown; field?: unknown };
  logger.debug('api error', response.status, problem);
  return {
    ok: false,
    status: response.status,
    message: typeof problem.message === 'string' ? problem.message : 'No pudimos completar tu solicitud',
    ...(typeof problem.field === 'string' ? { field: problem.field } : {}),
  };
}

function unavailable(detail: string): ApiResult<never> {
  logger.error(detail);
  raiseServiceUnavailable();
  return { ok: false, status: 0, message: 'En estos momentos no podemos completar tu solicitud' };
}
