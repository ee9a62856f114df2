import { data, redirect } from 'react-router';
import {
  failureCodeOf,
  failureMessageOf,
  type LoginOutcome,
  type StorefrontServices,
} from '@despensa/contracts';
import { EMAIL_INVALID_MESSAGE } from '@despensa/domain';
import {
  heldOrderFormIdOf,
  persistentCartQuestion,
  resolvePersistentCart,
  viewerOfToken,
} from '../cart/server';
import {
  assertSameOrigin,
  clientAddressOf,
  endSession,
  sessionOnlyHeaders,
  startSession,
} from './account-server';
import { sessionTokenOf } from '../../lib/session-token';
import { TERMS_REQUIRED_MESSAGE } from '../../ui/terms-checkbox';
import type { AccountActionResult } from './account-types';
import { pathAfterLogout, safeLocalPath } from './paths';

export const WRONG_CREDENTIALS_MESSAGE = 'Correo o clave incorrectos';
export const WRONG_CODE_MESSAGE = 'El código no es válido o ya venció';
export const BLOCKED_MESSAGE = 'Demasiados intentos. Vuelve a intentarlo en unos minutos.';

const fail = (intent: string, error: string, field?: string, status = 400) =>
  data<AccountActionResult>({ ok: false, intent, error, field }, { status });

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** What every step of the auth action reads: the request, its form, its intent and where a login lands. */
interface AuthStep {
  services: StorefrontServices;
  request: Request;
  form: FormData;
  intent: string;
  callback: string;
}

/**
 * The login dialogs' and the login page's action (§4): password login, access-key login, forgotten
 * password and registration. Success sets the session cookie, attaches the cart and goes to `?callback`.
 */
export async function authAction(services: StorefrontServices, request: Request) {
  assertSameOrigin(request);
  const form = await request.formData();
  const intent = text(form, 'intent');
  const callback = safeLocalPath(new URL(request.url).searchParams.get('callback'));
  const step: AuthStep = { services, request, form, intent, callback };
  const login = text(form, 'login').trim();
  const address = clientAddressOf(request);
  const { accounts } = services;

  switch (intent) {
    case 'login': {
      let outcome: LoginOutcome;
      try {
        outcome = await accounts.login(login, text(form, 'password'), address, sessionTokenOf(request));
      } catch (error) {
        // Refused before the password was checked (loginsBusy: too many logins at once).
        return refused(intent, error);
      }
      return loggedIn(step, outcome, WRONG_CREDENTIALS_MESSAGE);
    }
    case 'send-key':
    case 'send-reset': {
      const status = await accounts.sendAccessKey(login, address, services.brand.name);
      if (status === 'InvalidEmail') return fail(intent, EMAIL_INVALID_MESSAGE, 'login');
      if (status === 'BlockedUser') return fail(intent, BLOCKED_MESSAGE, undefined, 429);
      return data<AccountActionResult>({ ok: true, intent, login });
    }
    case 'key-login':
      return loggedIn(
        step,
        await accounts.loginWithAccessKey(login, text(form, 'accessKey'), address, sessionTokenOf(request)),
        WRONG_CODE_MESSAGE,
      );
    case 'set-password':
      try {
        return await loggedIn(
          step,
          await accounts.setPassword(login, text(form, 'accessKey'), text(form, 'newPassword'), address),
          WRONG_CODE_MESSAGE,
        );
      } catch (error) {
        return refused(intent, error);
      }
    case 'resolve-cart':
      return resolveCart(step);
    case 'register':
      return register(step);
    default:
      return fail(intent, 'Solicitud no válida');
  }
}

/** A login's outcome: in (asking first about the persistent cart, §2), or the form's message. */
async function loggedIn(step: AuthStep, outcome: LoginOutcome, wrongMessage: string) {
  const { services, request, intent, callback } = step;
  if (outcome.result.authStatus === 'Success' && outcome.sessionToken) {
    const token = outcome.sessionToken;
    // §2 persistent cart: the account's saved cart and this browser's both hold products → ask first.
    // The profile read here is the one startSession needs when there is no cart to attach; the viewer is
    // the user the login just answered (no second session look-up).
    const profile = await services.accounts.profile(token);
    const viewer = outcome.result.userId
      ? { customerId: outcome.result.userId, heldOrderFormId: heldOrderFormIdOf(services, request) }
      : await viewerOfToken(services, request, token);
    const question = await persistentCartQuestion(services, request, viewer, profile.orderFormId ?? null);
    if (question) {
      return data<AccountActionResult>(
        { ok: true, intent: 'persistent-cart', question },
        { headers: sessionOnlyHeaders(request, token) },
      );
    }
    throw redirect(callback, { headers: await startSession(services, request, token, undefined, profile) });
  }
  switch (outcome.result.authStatus) {
    case 'BlockedUser':
      return fail(intent, BLOCKED_MESSAGE, undefined, 429);
    case 'InvalidEmail':
      return fail(intent, EMAIL_INVALID_MESSAGE, 'login');
    default:
      return fail(intent, wrongMessage);
  }
}

/** The persistent-cart answer, from a customer logged in a moment ago: keep or merge, then in. */
async function resolveCart({ services, request, form, intent, callback }: AuthStep) {
  const { accounts } = services;
  const token = sessionTokenOf(request);
  const session = await accounts.session(token);
  if (!session || !token) return fail(intent, 'Tu sesión no está activa', undefined, 401);
  const saved = (await accounts.profile(token)).orderFormId;
  if (!saved) throw redirect(callback, { headers: await startSession(services, request, token) });
  const { orderForm } = await resolvePersistentCart(
    services,
    request,
    { customerId: session.userId, heldOrderFormId: heldOrderFormIdOf(services, request) },
    { choice: text(form, 'choice') === 'merge' ? 'merge' : 'keep', storedOrderFormId: saved },
  );
  throw redirect(callback, {
    headers: await startSession(services, request, token, orderForm?.orderFormId),
  });
}

/** §5 registration: accepted terms, the account made, and the new customer logged in. */
async function register({ services, request, form, intent, callback }: AuthStep) {
  if (form.get('terms') !== 'on') return fail(intent, TERMS_REQUIRED_MESSAGE, 'terms');
  try {
    const { sessionToken } = await services.accounts.registerAndLogin({
      firstName: text(form, 'firstName'),
      lastName: text(form, 'lastName'),
      document: text(form, 'document'),
      email: text(form, 'email').trim(),
      homePhone: text(form, 'homePhone'),
      password: text(form, 'password'),
      termsAccepted: true,
    });
    // Registration logs the new customer in (the site's register flow).
    throw redirect(callback, { headers: await startSession(services, request, sessionToken) });
  } catch (error) {
    if (error instanceof Response) throw error;
    return refused(intent, error);
  }
}

/** A failure the service reports (bad RUT, account exists…) becomes the form's message; a fault propagates. */
function refused(intent: string, error: unknown) {
  if (!failureCodeOf(error)) throw error;
  const field = (error as { field?: unknown }).field;
  return fail(intent, failureMessageOf(error), typeof field === 'string' ? field : undefined);
}

/** POST /logout: ends the session (§4) and goes where §2 says (home from private and checkout pages). */
export async function logoutAction(services: StorefrontServices, request: Request) {
  assertSameOrigin(request);
  const form = await request.formData();
  const from = form.get('from');
  const { headers } = await endSession(services, request);
  return redirect(pathAfterLogout(typeof from === 'string' ? from : '/'), { headers });
}
