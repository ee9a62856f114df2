import { data, redirect } from 'react-router';
import { failureCodeOf, type StorefrontServices, type UserProfile } from '@despensa/contracts';
import {
  SESSION_COOKIE,
  SESSION_COOKIE_MAX_AGE_S,
  isCollaborator,
  isValidOrderFormId,
  seesLoyalty,
  type FeatureFlags,
} from '@despensa/domain';
import { clearedDeliveryChoiceCookie } from '../delivery/server';
import { clearedOrderFormCookies, heldOrderFormIdIn, orderFormCookies } from '../cart/server';
import type { HeaderAccount, RootAccount } from './account-types';
import { loggedInMarkCookie } from './logged-in-mark';
import { isPrivatePath, loginPageUrl } from './paths';
import { cookieString } from '../../lib/cookies';
import { sessionTokenOf } from '../../lib/session-token';

/** Loader and action helpers for the session (the server's despensa_session cookie, §4). */
type Services = StorefrontServices;

/** Set by the server (apps/server/src/web.ts) from the socket; a forged copy is overwritten there. */
const CLIENT_ADDRESS_HEADER = 'x-despensa-client-address';

/** The same attributes the API's cookie has: httpOnly, SameSite=Lax, Secure over https. */
function sessionCookie(request: Request, value: string, maxAge: number): string {
  const secure = new URL(request.url).protocol === 'https:';
  return cookieString(SESSION_COOKIE, value, maxAge, { httpOnly: true, secure });
}

export function clientAddressOf(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}

/**
 * Account actions change state with a cookie session: a post from another site is refused (the session
 * cookie is SameSite=Lax, so this guards logout and login CSRF, which Lax lets through on top-level posts).
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== new URL(request.url).origin) {
    throw data({ error: 'Origen no permitido' }, { status: 403 });
  }
}

/** What the header shows (customer null for a visitor), and whether the cookie's session is over. */
export async function headerAccount(services: Services, request: Request): Promise<RootAccount> {
  const profile = await profileOrNull(services, request);
  return {
    customer: profile ? toHeaderAccount(profile, await services.flags.all()) : null,
    staleSession: !profile && sessionTokenOf(request) !== undefined,
    pending: false,
  };
}

export async function profileOrNull(services: Services, request: Request): Promise<UserProfile | null> {
  const token = sessionTokenOf(request);
  if (!token) return null;
  try {
    return await services.accounts.profile(token);
  } catch (error) {
    const code = failureCodeOf(error);
    if (code === 'notLoggedIn' || code === 'accountNotFound') return null;
    throw error;
  }
}

export function toHeaderAccount(profile: UserProfile, flags: FeatureFlags): HeaderAccount {
  return {
    firstName: profile.firstName,
    greeting: profile.greeting,
    email: profile.email,
    points: profile.points,
    prime: profile.CencoPrime_2020 || profile.CencoPrime_CAT,
    countOrder: profile.countOrder,
    loyalty: seesLoyalty(flags, isCollaborator(profile)),
  };
}

/** §2: a private page's loader; an anonymous visitor goes to /login-page?callback={path}. */
export async function requireSession(services: Services, request: Request): Promise<string> {
  const token = sessionTokenOf(request);
  if (token && (await services.accounts.session(token))) return token;
  const url = new URL(request.url);
  throw redirect(loginPageUrl(`${url.pathname}${url.search}`));
}

/** The root's check, once it knows there is no customer: a private path goes to the login page. */
export function redirectVisitorFromPrivate(request: Request): void {
  const url = new URL(request.url);
  if (isPrivatePath(url.pathname)) throw redirect(loginPageUrl(`${url.pathname}${url.search}`));
}

/**
 * §4 login: the token goes in the 30-day cookie and the cart follows the user (profile with orderFormId).
 * Answers the Set-Cookie headers.
 */
export async function startSession(
  services: Services,
  request: Request,
  token: string,
  /** The cart to attach instead of the cookie's (the merged one, after the persistent-cart dialog). */
  cartId?: string,
  /** The customer's profile as the caller just read it: with no cart to attach, it is not read again. */
  known?: UserProfile,
): Promise<Headers> {
  const headers = new Headers();
  headers.append('set-cookie', sessionCookie(request, token, SESSION_COOKIE_MAX_AGE_S));
  headers.append('set-cookie', loggedInMarkCookie());
  // Only a cart this browser holds (its cookie and key), never one its cart cookie merely names.
  const stored = cartId ?? heldOrderFormIdIn(services.cart, request);
  let orderFormId = isValidOrderFormId(stored) ? stored : undefined;
  let profile: UserProfile;
  try {
    profile = !orderFormId && known ? known : await services.accounts.profile(token, orderFormId);
  } catch (error) {
    // A cart the service refuses to attach (unknown, another account's) must not fail the login: it is
    // left behind. Only a fault (no failure code) propagates.
    if (!failureCodeOf(error)) throw error;
    orderFormId = undefined;
    profile = await services.accounts.profile(token);
  }
  let cartCookies: string[] = [];
  if (cartId && orderFormId) cartCookies = orderFormCookies(services.cart, request, orderFormId);
  if (!orderFormId) {
    // No usable cart in this browser (a new device, after a logout): the customer's own cart comes back.
    cartCookies = isValidOrderFormId(profile.orderFormId)
      ? orderFormCookies(services.cart, request, profile.orderFormId)
      : clearedOrderFormCookies();
  }
  for (const cookie of cartCookies) headers.append('set-cookie', cookie);
  return headers;
}

/** The session cookie alone: the login is done, the cart waits for the persistent-cart answer. */
export function sessionOnlyHeaders(request: Request, token: string): Headers {
  return new Headers({ 'set-cookie': sessionCookie(request, token, SESSION_COOKIE_MAX_AGE_S) });
}

/**
 * §4 logout: the session is revoked and its cookie cleared with the delivery choice (channel, store name
 * back to the default) and the cart. Answers the Set-Cookie headers and whether a session existed.
 */
export async function endSession(
  services: Services,
  request: Request,
): Promise<{ headers: Headers; hadSession: boolean }> {
  const { hadSession } = await services.accounts.logout(sessionTokenOf(request));
  const headers = new Headers();
  headers.append('set-cookie', sessionCookie(request, '', 0));
  headers.append('set-cookie', clearedDeliveryChoiceCookie());
  for (const cookie of clearedOrderFormCookies()) headers.append('set-cookie', cookie);
  return { headers, hadSession };
}
