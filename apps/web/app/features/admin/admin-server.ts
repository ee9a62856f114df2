import { data, redirect } from 'react-router';
import { staffAdministers, staffMerchandises, type StaffRole } from '@despensa/domain';
import {
  failureCodeOf,
  failureMessageOf,
  type FailureCode,
  type StaffMember,
  type StorefrontServices,
} from '@despensa/contracts';
import { CONSOLE_LOGIN_PATH, staffTokenOf } from '../operations/server';

export const ADMIN_PATH = '/admin';

/** What the back office's error boundary shows when a staff member's role does not administer the shop. */
export const REFUSED = 'adminRefused';
/** …and when its role opens no section of the back office at all (an operator). */
export const NO_SECTION = 'backOfficeRefused';

/**
 * The staff member of a back-office page whose role `may` open it: off to the staff console's login
 * without a session; another role gets a 403 the layout explains (`refusal`).
 */
export async function requireBackOffice(
  services: StorefrontServices,
  request: Request,
  may: (role: StaffRole) => boolean,
  refusal: string = REFUSED,
): Promise<{ staff: StaffMember; token: string }> {
  const token = staffTokenOf(request);
  const staff = await services.operations.session(token);
  if (!staff || !token) throw redirect(CONSOLE_LOGIN_PATH);
  if (!may(staff.role)) throw data(refusal, { status: 403 });
  return { staff, token };
}

/** The administrator of the request (the server's staffAdministers): keys, settings, the audit log. */
export const requireAdministrator = (services: StorefrontServices, request: Request) =>
  requireBackOffice(services, request, staffAdministers);

/** A merchandiser or the administrator (the server's staffMerchandises): catalogue, promotions, content. */
export const requireMerchandiser = (services: StorefrontServices, request: Request) =>
  requireBackOffice(services, request, staffMerchandises, NO_SECTION);

/** A back-office call the server refused on purpose: its typed code and its Spanish message. */
export class BackOfficeRefusal extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
    /** The input at fault when the server named one ('BrandId', 'percentualDiscountValue'). */
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * Calls the server's back-office API (/api/admin) for a page's loader or action. Those services are not in
 * the load context, so the call goes to this same server over HTTP with the storefront's key and the
 * administrator's token as the x-staff-token header (the cookie's origin check is the page's own). A lost
 * session goes to the login, a role refusal to the layout's explanation, a read of something not there to a
 * 404 page saying what, and any other failure is thrown as a BackOfficeRefusal for the action to show.
 */
export async function backOffice<T>(
  services: StorefrontServices,
  request: Request,
  token: string,
  call: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body?: unknown },
): Promise<T> {
  const response = await fetch(new URL(call.path, services.api.origin), {
    method: call.method ?? 'GET',
    headers: {
      'x-api-key': services.api.key,
      'x-consumer': services.api.consumer,
      'x-staff-token': token,
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const answer: unknown = await response.json().catch(() => null);
  const code = failureCodeOf(answer);
  if (!code) {
    if (!response.ok) throw new Error(`back office ${call.path} answered ${response.status}`);
    return answer as T;
  }
  if (code === 'notStaff') throw redirect(CONSOLE_LOGIN_PATH);
  if (code === 'staffRoleForbidden') throw data(REFUSED, { status: 403 });
  if (response.status === 404 && (call.method ?? 'GET') === 'GET')
    throw data({ notFound: failureMessageOf(answer) }, { status: 404 });
  const field = (answer as { field?: unknown }).field;
  throw new BackOfficeRefusal(
    code,
    failureMessageOf(answer),
    typeof field === 'string' ? field.replace(/^body\./, '') : undefined,
  );
}

/**
 * An action's refusal as the page shows it (`error`, and `field` for the input it belongs beside);
 * anything else is not the page's to explain.
 */
export function refusalAnswer(error: unknown) {
  if (error instanceof BackOfficeRefusal)
    return data({ error: error.message, field: error.field ?? null }, { status: 400 });
  throw error;
}
