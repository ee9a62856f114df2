import { isRouteErrorResponse } from 'react-router';
import { RETRY_LIMIT } from '@despensa/domain';
import { raiseServiceUnavailable, withRetries, type CallKind } from './api-client';
import { logger } from './logger';

/** A request the browser could not complete at all (Chrome, Firefox and Safari word it so). */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/**
 * A call the page gave up: a newer change on the same fetcher replaced it, or the shopper left. Not a
 * failure: sending it again would put the older change back after the newer one.
 */
function isAbandoned(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * A retry as a plain request to the resource route (React Router answers a route's first call only once).
 * The route answers JSON, its refusals included; a route that failed answers React Router's error text,
 * which does not read as JSON and so throws (a server failure, tried again).
 */
export async function resendToRoute<T>(request: Request, body?: string): Promise<T> {
  const { pathname, search } = new URL(request.url);
  const method = body === undefined ? 'GET' : 'POST';
  // Raw fetch: a React Router resource route (not /api), whose answer is the route's own JSON.
  const response = await fetch(pathname + search, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body }),
  });
  return (await response.json()) as T;
}

/**
 * §8 for a route's client call (the cart's changes, the sales-channel change): a server failure is tried
 * again by the API client's one rule (withRetries); when it keeps failing the caller's `gaveUp` answers.
 * A network failure raises error_503 and answers `offline`. A refusal the server meant (a 400 with its
 * message) is an answer, not a failure; an abandoned call is neither (React Router drops its outcome).
 */
export async function routeCallWithRetries<T>(
  kind: CallKind,
  what: string,
  first: () => Promise<T>,
  again: () => Promise<T>,
  answers: { gaveUp: () => T; offline: () => T },
): Promise<T> {
  try {
    const outcome = await withRetries(
      kind,
      async (tryNumber) => {
        try {
          return { answer: await (tryNumber === 0 ? first() : again()) };
        } catch (error) {
          if (isAbandoned(error) || isNetworkFailure(error)) throw error;
          logger.error(`${what} failed`, tryNumber + 1, String(error));
          return null;
        }
      },
      (outcome) => outcome === null,
    );
    return outcome ? outcome.answer : answers.gaveUp();
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    raiseServiceUnavailable(`${what} failed on the network: ${String(error)}`);
    return answers.offline();
  }
}

/**
 * A catalogue page's read that failed on the server's side or the network's (not a refusal it meant, a
 * 404, nor a redirect, nor a navigation the shopper replaced).
 */
function isCatalogueFailure(error: unknown): boolean {
  if (error instanceof Response || isAbandoned(error)) return false;
  return !isRouteErrorResponse(error) || error.status >= 500;
}

/**
 * §8, §9 for a catalogue page read in the browser (a listing's other page or filter, a product, the offer
 * and cyber pages): a failure is tried again 200 ms apart, and after 3 consecutive failed tries the shop
 * gives up with error_503 (the 503 screen). The first render's data comes with the page (no call).
 */
export async function catalogueClientLoader<T>(serverLoader: () => Promise<T>): Promise<T> {
  let lastFailure: unknown = null;
  const outcome = await withRetries(
    'catalogue',
    async (tryNumber) => {
      try {
        return { data: await serverLoader() };
      } catch (error) {
        if (!isCatalogueFailure(error)) throw error;
        logger.error('catalogue read failed', tryNumber + 1, String(error));
        lastFailure = error;
        return null;
      }
    },
    (outcome) => outcome === null,
  );
  if (outcome) return outcome.data;
  raiseServiceUnavailable(`catalogue read failed ${RETRY_LIMIT} times: ${String(lastFailure)}`);
  throw lastFailure;
}
