import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditActor } from '@despensa/contracts';
import { staffMerchandises, type StaffRole } from '@despensa/domain';
import type { OperationsService } from '../../../modules/operations/service';
import { loggedInStaff, staffActorWho, staffGuard } from '../../staff';

/** The staff member of a back-office route, as its audit rows name it. */
export function staffActor(request: FastifyRequest): AuditActor {
  return { kind: 'staff', id: loggedInStaff(request).id };
}

/**
 * A back-office section's routes: a staff session (as /operaciones) whose role does what the section asks
 * (staffSupports, staffAdministers…); another role is refused (staffRoleForbidden).
 */
export function staffSection(
  plain: FastifyInstance,
  operations: OperationsService,
  roleDoes: (role: StaffRole) => boolean,
) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', staffGuard(operations));
  app.addHook('preHandler', async (request) => void staffActorWho(request, roleDoes));
  return app;
}

/**
 * A back-office plugin's routes for the shop's offer (catalogue, prices, stock, promotions): a staff
 * session (as /operaciones) whose role merchandises; an operator is refused (staffRoleForbidden).
 */
export function merchandised(plain: FastifyInstance, operations: OperationsService) {
  return staffSection(plain, operations, staffMerchandises);
}
