import { data, redirect } from 'react-router';
import { staffHomeDuty, staffMay, type StaffDuty, type StaffRole } from '@despensa/domain';
import {
  failureCodeOf,
  failureMessageOf,
  type OperatorAction,
  type StaffMember,
  type StorefrontServices,
} from '@despensa/contracts';
import { cookieString, cookieValue } from '../../lib/cookies';
import { assertSameOrigin, clientAddressOf } from '../account/server';
import type { ReplacementSearch } from './replacement-picker';

/** The console's own session cookie (never the shopper's despensa_session). */
const STAFF_COOKIE = 'despensa_staff';
const STAFF_COOKIE_SECONDS = 12 * 3600;
export const CONSOLE_PATH = '/operaciones';
export const CONSOLE_LOGIN_PATH = '/operaciones/ingreso';
export const ANALYTICS_PATH = '/operaciones/analitica';
const DUTY_PATHS: Record<StaffDuty, string> = {
  picking: CONSOLE_PATH,
  analytics: ANALYTICS_PATH,
  backOffice: '/admin',
};

/** The console page a staff member starts on (an operator's orders, a merchandiser's analytics). */
export const staffHome = (role: StaffRole) => DUTY_PATHS[staffHomeDuty(role)];

export function staffTokenOf(request: Request): string | undefined {
  const raw = cookieValue(request.headers.get('cookie'), STAFF_COOKIE);
  return raw ? decodeURIComponent(raw) : undefined;
}

function staffCookie(request: Request, token: string, maxAge: number): string {
  return cookieString(STAFF_COOKIE, token, maxAge, {
    httpOnly: true,
    secure: new URL(request.url).protocol === 'https:',
  });
}

/**
 * The staff member of the request whose role has this duty; off to the console's login without a session,
 * and to its own start page when its role does not reach this one.
 */
export async function requireStaff(
  services: StorefrontServices,
  request: Request,
  duty: StaffDuty,
): Promise<{ staff: StaffMember; token: string }> {
  const token = staffTokenOf(request);
  const staff = await services.operations.session(token);
  if (!staff || !token) throw redirect(CONSOLE_LOGIN_PATH);
  if (!staffMay(staff.role, duty)) throw redirect(staffHome(staff.role));
  return { staff, token };
}

export async function staffLoginAction(services: StorefrontServices, request: Request) {
  assertSameOrigin(request);
  const form = await request.formData();
  try {
    const { staff, token } = await services.operations.login(
      String(form.get('login') ?? ''),
      String(form.get('password') ?? ''),
      clientAddressOf(request),
    );
    return redirect(staffHome(staff.role), {
      headers: { 'set-cookie': staffCookie(request, token, STAFF_COOKIE_SECONDS) },
    });
  } catch (error) {
    if (!failureCodeOf(error)) throw error;
    return data({ error: failureMessageOf(error) }, { status: 401 });
  }
}

export async function staffLogoutAction(services: StorefrontServices, request: Request) {
  assertSameOrigin(request);
  await services.operations.logout(staffTokenOf(request));
  return redirect(CONSOLE_LOGIN_PATH, { headers: { 'set-cookie': staffCookie(request, '', 0) } });
}

/** The action a console form asked for, from its `intent` and fields. */
function operatorActionOf(form: FormData): OperatorAction | null {
  const intent = String(form.get('intent') ?? '');
  const index = Number(form.get('index'));
  switch (intent) {
    case 'start-handling':
    case 'invoice':
    case 'hand-over':
      return { type: intent };
    case 'pick':
    case 'missing':
      return { type: intent, index };
    case 'weigh':
      return { type: 'weigh', index, grams: Math.round(Number(form.get('grams'))) };
    case 'propose':
      return {
        type: 'propose',
        index,
        skuId: String(form.get('skuId') ?? '').trim(),
        quantity: Number(form.get('quantity') ?? 1),
        note: String(form.get('note') ?? '').trim() || undefined,
      };
    default:
      return null;
  }
}

/**
 * The replacement search a console page was asked for before its scripts ran (GET ?index=…&buscar=…, the
 * picker's Buscar): what the line's store has. A term too short finds nothing; a bad line, no search.
 */
export async function replacementSearchOf(
  operations: StorefrontServices['operations'],
  token: string,
  request: Request,
  orderId: string,
): Promise<ReplacementSearch | null> {
  const params = new URL(request.url).searchParams;
  const term = params.get('buscar');
  const index = Number(params.get('index'));
  if (term === null || !Number.isInteger(index) || index < 0) return null;
  try {
    const { products } = await operations.replacementOptions(token, orderId, index, term);
    return { index, term, products };
  } catch (error) {
    if (!failureCodeOf(error)) throw error;
    return null;
  }
}

/** A console form on an order: an operator action or a chat reply. Refusals come back as `error`. */
export async function orderConsoleAction(services: StorefrontServices, request: Request, orderId: string) {
  assertSameOrigin(request);
  const { token } = await requireStaff(services, request, 'picking');
  const form = await request.formData();
  try {
    if (form.get('intent') === 'say') {
      await services.operations.say(token, orderId, String(form.get('text') ?? ''));
      return { ok: true as const, intent: 'say' };
    }
    const action = operatorActionOf(form);
    if (!action) return data({ error: 'Acción desconocida' }, { status: 400 });
    await services.operations.act(token, orderId, action);
    return { ok: true as const, intent: action.type };
  } catch (error) {
    const code = failureCodeOf(error);
    if (!code) throw error;
    if (code === 'orderNotFound') throw data(null, { status: 404 });
    return data({ error: failureMessageOf(error) }, { status: 400 });
  }
}
