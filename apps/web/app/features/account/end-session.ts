import { LOGOUT_PATH } from './paths';

/** localStorage keys the shop writes (delivery choice mirror, session data) all start with this. */
const STORAGE_PREFIX = /^despensa[_.:-]/;

/** §4 logout, browser side: the stored delivery and session data go with the cookies. */
export function clearStoredSessionData(): void {
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (STORAGE_PREFIX.test(key)) window.localStorage.removeItem(key);
    }
  } catch {
    // Storage may be disabled; the cookies the server clears are what matters.
  }
}

/** Logs out without a form (expired session, a 401 on a user call); the server clears the cookies. */
export async function endSessionQuietly(): Promise<void> {
  clearStoredSessionData();
  const body = new URLSearchParams({ from: '/' });
  try {
    // Raw fetch: the logout form route (not /api) as a form post; its redirect is not followed.
    await fetch(LOGOUT_PATH, { method: 'POST', body, redirect: 'manual' });
  } catch {
    // Offline: the reload that follows shows the page as the server sees the session.
  }
}
