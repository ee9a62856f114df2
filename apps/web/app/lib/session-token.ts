import { SESSION_COOKIE } from '@despensa/domain';
import { cookieValue } from './cookies';

/**
 * The shopper's session token from the request's despensa_session cookie (§4), for any loader or
 * action that calls the API on the shopper's behalf; the account feature owns setting and ending it.
 */
export function sessionTokenOf(request: Request): string | undefined {
  const raw = cookieValue(request.headers.get('cookie'), SESSION_COOKIE);
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
