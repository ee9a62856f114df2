import { cookieString, cookieValue } from '../../lib/cookies';

/**
 * §4 login: 'a logged-in event is fired'. The login answers a redirect (with or without scripts), so the
 * session's start leaves this short mark and the first page the browser shows after it sends the event.
 */
const LOGGED_IN_MARK = 'despensa_logged_in';
const MARK_MAX_AGE_S = 300;

/** The Set-Cookie the session's start adds. */
export const loggedInMarkCookie = (): string => cookieString(LOGGED_IN_MARK, '1', MARK_MAX_AGE_S);

/** True once after a login: the mark is read and forgotten (browser only). */
export function takeLoggedInMark(): boolean {
  if (cookieValue(document.cookie, LOGGED_IN_MARK) !== '1') return false;
  document.cookie = cookieString(LOGGED_IN_MARK, '', 0);
  return true;
}
