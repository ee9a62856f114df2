import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useSubmit } from 'react-router';
import { SESSION_CHECK_INTERVAL_MS, SESSION_EXPIRED_SNACKBAR_MS } from '@despensa/domain';
import { SESSION_UNAUTHORIZED_EVENT, apiCall } from '../../lib/api-client';
import { useAccount } from './account-context';
import { clearStoredSessionData, endSessionQuietly } from './end-session';
import { LOGOUT_PATH } from './paths';

export const SESSION_EXPIRED_TITLE = '¡Tu sesión ha expirado!';
export const SESSION_EXPIRED_TEXT = 'Ingresa nuevamente a tu cuenta';
/** Survives the reload after an expired session, so the page that loads shows the snackbar. */
const EXPIRED_FLAG = 'despensa_session_expired';
/** Runs the check at once (tests, or a tab coming back); production relies on the interval. */
export const CHECK_SESSION_EVENT = 'despensa:check-session';

/**
 * §4: the session is checked at start and every 900000 ms; an invalid token logs out, reloads and shows
 * the session-expired snackbar for 15000 ms. §6/§8: a 401 on orders, addresses or lists logs out and goes
 * home.
 */
export function SessionWatch() {
  const { account, staleSession, openDialog } = useAccount();
  const [shownAt, setShownAt] = useState<number | null>(null);
  const expiredShown = shownAt !== null;
  const loggedIn = account !== null;
  const submit = useSubmit();
  const { pathname, search } = useLocation();

  // The page reloaded after an expiry says so once (the flag lives in this tab's storage, not the HTML).
  const takeExpiredFlag = useEffectEvent(() => {
    if (sessionStorage.getItem(EXPIRED_FLAG) !== '1') return;
    sessionStorage.removeItem(EXPIRED_FLAG);
    setShownAt(Date.now());
  });
  // eslint-disable-next-line react-hooks/set-state-in-effect -- storage is read after hydration only
  useEffect(() => takeExpiredFlag(), []);

  useEffect(() => {
    if (shownAt === null) return;
    const timer = setTimeout(() => setShownAt(null), SESSION_EXPIRED_SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [shownAt]);

  const expire = useCallback(async () => {
    await endSessionQuietly();
    sessionStorage.setItem(EXPIRED_FLAG, '1');
    window.location.reload();
  }, []);

  // The check at start, done by the server: this page came with the cookie of a session that is over and
  // was already rendered for a visitor. The logout form post clears the cookies and reloads every loader
  // (a soft reload: a hard one right after the page load aborts its responses).
  // Once per page load: the logout answer ends the stale session.
  const endStaleSession = useEffectEvent(() => {
    clearStoredSessionData();
    submit({ from: `${pathname}${search}` }, { method: 'post', action: LOGOUT_PATH });
    setShownAt(Date.now());
  });
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the notice goes with the logout it sends
    if (staleSession) endStaleSession();
  }, [staleSession]);

  const check = useCallback(async () => {
    // Offline or unreadable: logged, and the next check decides.
    const answer = await apiCall('/api/user/vtex-auth/token', 'sessionInfo', { background: true });
    if (!answer.ok && answer.code === 'notLoggedIn') await expire();
  }, [expire]);

  useEffect(() => {
    if (!loggedIn) return;
    void check();
    const timer = setInterval(() => void check(), SESSION_CHECK_INTERVAL_MS);
    const now = () => void check();
    window.addEventListener(CHECK_SESSION_EVENT, now);
    return () => {
      clearInterval(timer);
      window.removeEventListener(CHECK_SESSION_EVENT, now);
    };
  }, [loggedIn, check]);

  useEffect(() => {
    const unauthorized = () => {
      void endSessionQuietly().then(() => window.location.assign('/'));
    };
    window.addEventListener(SESSION_UNAUTHORIZED_EVENT, unauthorized);
    return () => window.removeEventListener(SESSION_UNAUTHORIZED_EVENT, unauthorized);
  }, []);

  return (
    <div className="account-snackbar-region" role="status">
      {expiredShown ? (
        <div className="account-snackbar">
          <p className="account-snackbar__text">
            <strong>{SESSION_EXPIRED_TITLE}</strong>
            <span>{SESSION_EXPIRED_TEXT}</span>
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setShownAt(null);
              openDialog('login');
            }}
          >
            Ingresar
          </button>
        </div>
      ) : null}
    </div>
  );
}
