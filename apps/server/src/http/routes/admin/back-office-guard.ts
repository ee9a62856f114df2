import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Failure, type AuditActor } from '@despensa/contracts';
import { staffMerchandises } from '@despensa/domain';
import type { OperationsService } from '../../../modules/operations/service';
import { loggedInStaff, staffGuard } from '../../staff';

/** The staff member of a back-office route, as its audit rows name it. */
export function staffActor(request: FastifyRequest): AuditActor {
  return { kind: 'staff', id: loggedInStaff(request).id };
}

/**
 * A back-office plugin's routes for the shop's offer (catalogue, prices, stock, promotions): a staff
 * session (as /operaciones) whose role merchandises; an operator is refused (staffRoleForbidden).
 */
export function merchandised(plain: FastifyInstance, operations: OperationsService) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', staffGuard(operations));
  app.addHook('preHandler', async (request) => {
    if (!staffMerchandises(loggedInStaff(request).role)) throw new Failure('staffRoleForbidden');
  });
  return app;
}
