import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CartViewer, StorefrontServices } from '@despensa/contracts';
import {
  CART_KEY_COOKIE,
  ORDER_FORM_COOKIE,
  PERSISTED_DATA_MAX_AGE_S,
  SESSION_COOKIE,
  SESSION_COOKIE_MAX_AGE_S,
  orderFormCookieValue,
} from '@despensa/domain';
import { Failure } from '@despensa/contracts';
import type { AuthService, Session } from '../modules/auth/service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in customer, set by requireSession. */
    session: Session | null;
  }
}

type CartApi = StorefrontServices['cart'];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** §6: the session token, from the x-access-token header (apps) or the site's session cookie. */
export function sessionToken(request: FastifyRequest): { token: string | undefined; viaCookie: boolean } {
  const header = request.headers['x-access-token'];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return { token: fromHeader, viaCookie: false };
  return { token: readCookie(request, SESSION_COOKIE), viaCookie: true };
}

/**
 * CSRF protection for cookie sessions. A cross-site form or image cannot set the x-api-key and x-consumer
 * headers every /api call needs (the api-key guard refuses it first), and a cross-site fetch that sets them
 * needs a CORS preflight the server never grants. As a second line, a cookie-authenticated state change
 * whose Origin is present and not this host is refused.
 */
export function checkOrigin(request: FastifyRequest, viaCookie: boolean): void {
  if (!viaCookie || SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (!isThisHost(request, origin)) throw new Failure('forbiddenOrigin');
}

/** Whether a URL (an Origin or a Referer) names the host the request was sent to. */
export function isThisHost(request: FastifyRequest, url: string): boolean {
  try {
    // Through URL both sides drop a default port ('localhost:80' and 'http://localhost' agree).
    return new URL(url).host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return false;
  }
}

/** A preHandler for user-scoped routes: 401 without a live session. */
export function requireSession(auth: AuthService) {
  return async (request: FastifyRequest): Promise<void> => {
    const { token, viaCookie } = sessionToken(request);
    const session = await auth.session(token);
    if (!session) throw new Failure('notLoggedIn');
    checkOrigin(request, viaCookie);
    request.session = session;
  };
}

/** What tells which cart a client holds (the cart service). */
export type CartHolding = Pick<CartApi, 'heldOrderFormId' | 'holdingKey'>;

/**
 * The cart this client holds: the one its cart cookie names (§4) when its key cookie carries that cart's
 * key (issue 27), as a browser or an API client keeps both.
 */
export function heldOrderFormId(request: FastifyRequest, carts: CartHolding): string | null {
  return carts.heldOrderFormId(readCookie(request, ORDER_FORM_COOKIE), readCookie(request, CART_KEY_COOKIE));
}

/**
 * Who asks for a cart (CartViewer): the customer of the request's live session, or nobody, and the cart
 * its cookie holds. A missing, expired or revoked session is a shopper who is not logged in, not an error.
 * A state change that rides on a cookie (the session's or the cart's) must come from this site
 * (checkOrigin).
 */
export function cartViewer(auth: AuthService, carts: CartHolding) {
  return async (request: FastifyRequest): Promise<CartViewer> => {
    const { token, viaCookie } = sessionToken(request);
    const session = token ? await auth.session(token) : null;
    const held = heldOrderFormId(request, carts);
    if (session || held !== null) checkOrigin(request, held !== null || viaCookie);
    return { customerId: session?.userId ?? null, heldOrderFormId: held };
  };
}

/**
 * The cookies of a cart the client just created, 30 days: from then on it holds the cart. The cart cookie
 * (§4 `checkout.vtex.com=__ofid={id}`) scripts may read, as VTEX's; the key cookie (issue 27) only the
 * server reads (httpOnly), so an id learnt elsewhere holds nothing.
 */
export function setOrderFormCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  carts: CartHolding,
  orderFormId: string,
): void {
  reply.header('set-cookie', [
    cookie(request, `${ORDER_FORM_COOKIE}=${orderFormCookieValue(orderFormId)}`, PERSISTED_DATA_MAX_AGE_S, {
      httpOnly: false,
    }),
    cookie(request, `${CART_KEY_COOKIE}=${carts.holdingKey(orderFormId)}`, PERSISTED_DATA_MAX_AGE_S),
  ]);
}

/** The request's live session, or null for a visitor (public routes that answer customers differently). */
export async function optionalSession(auth: AuthService, request: FastifyRequest): Promise<Session | null> {
  const { token } = sessionToken(request);
  return token ? auth.session(token) : null;
}

/** The session a requireSession route runs under. */
export function currentSession(request: FastifyRequest): Session {
  if (!request.session) throw new Failure('notLoggedIn');
  return request.session;
}

/** The customer a requireSession route serves. */
export function sessionUserId(request: FastifyRequest): string {
  return currentSession(request).userId;
}

/** The site's session cookie: httpOnly, SameSite=Lax, Secure over https. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.header('set-cookie', cookie(request, `${SESSION_COOKIE}=${token}`, SESSION_COOKIE_MAX_AGE_S));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', cookie(request, `${SESSION_COOKIE}=`, 0));
}

function cookie(request: FastifyRequest, pair: string, maxAge: number, { httpOnly = true } = {}): string {
  return [
    pair,
    'Path=/',
    `Max-Age=${maxAge}`,
    ...(httpOnly ? ['HttpOnly'] : []),
    'SameSite=Lax',
    ...(request.protocol === 'https' ? ['Secure'] : []),
  ].join('; ');
}
