import type { FastifyReply, FastifyRequest } from 'fastify';
import { Failure, type AuditActor } from '@despensa/contracts';
import { staffMay, type StaffDuty, type StaffRole } from '@despensa/domain';
import { STAFF_COOKIE, type OperationsService, type Staff } from '../modules/operations/service';
import { checkOrigin, readCookie } from './session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member of a console route, set by the staff guard. */
    staff: Staff | null;
  }
}

/** The staff token: the x-staff-token header (tools, tests) or the console's own cookie. */
export function staffToken(request: FastifyRequest): { token: string | undefined; viaCookie: boolean } {
  const header = request.headers['x-staff-token'];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return { token: fromHeader, viaCookie: false };
  return { token: readCookie(request, STAFF_COOKIE), viaCookie: true };
}

export function staffCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAge: number) {
  reply.header(
    'set-cookie',
    [
      `${STAFF_COOKIE}=${token}`,
      'Path=/',
      `Max-Age=${maxAge}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(request.protocol === 'https' ? ['Secure'] : []),
    ].join('; '),
  );
}

export function loggedInStaff(request: FastifyRequest): Staff {
  if (!request.staff) throw new Failure('notStaff');
  return request.staff;
}

/**
 * The staff member of a back-office section as its changes are audited, when its role does what the section
 * asks (staffSupports, staffMerchandises…): notStaff without a session, staffRoleForbidden otherwise.
 */
export function staffActorWho(request: FastifyRequest, roleDoes: (role: StaffRole) => boolean): AuditActor {
  const staff = loggedInStaff(request);
  if (!roleDoes(staff.role)) throw new Failure('staffRoleForbidden');
  return { kind: 'staff', id: staff.id };
}

/** The operator of a picking route: a merchandiser's session does not open the store's orders. */
export function currentStaff(request: FastifyRequest): Staff {
  const staff = loggedInStaff(request);
  if (!staffMay(staff.role, 'picking')) throw new Failure('staffRoleForbidden');
  return staff;
}

/**
 * A console route's guard: a live staff session (header or the console's cookie, whose requests must come
 * from the shop's own pages) whose role has the duty when one is named.
 */
export function staffGuard(operations: OperationsService, duty?: StaffDuty) {
  return async (request: FastifyRequest) => {
    const { token, viaCookie } = staffToken(request);
    const staff = await operations.session(token);
    if (!staff) throw new Failure('notStaff');
    checkOrigin(request, viaCookie);
    if (duty && !staffMay(staff.role, duty)) throw new Failure('staffRoleForbidden');
    request.staff = staff;
  };
}

/** The operator as answered outside the server (the sales channel is the server's business). */
export function publicStaff({ salesChannel: _, ...staff }: Staff) {
  return staff;
}
