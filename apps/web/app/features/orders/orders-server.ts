import { data, redirect } from 'react-router';
import { failureCodeOf, failureMessageOf, type StorefrontServices } from '@despensa/contracts';
import { endSession, loginPageUrl } from '../account/server';
import { sessionTokenOf } from '../../lib/session-token';

/**
 * An orders call from a loader or action. No session cookie: the login page (§2 private pages). A 401
 * (the session expired or was revoked): §6/§8, the shopper is logged out and goes home. Another
 * customer's order (or none): a 404.
 */
export async function ordersCall<T>(
  services: StorefrontServices,
  request: Request,
  call: (token: string) => Promise<T>,
): Promise<T> {
  const token = sessionTokenOf(request);
  const url = new URL(request.url);
  if (!token) throw redirect(loginPageUrl(`${url.pathname}${url.search}`));
  try {
    return await call(token);
  } catch (error) {
    const code = failureCodeOf(error);
    if (code === 'notLoggedIn') {
      const { headers } = await endSession(services, request);
      throw redirect('/', { headers });
    }
    if (code === 'orderNotFound') throw data({ message: failureMessageOf(error) }, { status: 404 });
    throw error;
  }
}
