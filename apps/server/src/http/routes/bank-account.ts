import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Failure, bankAccount, bankAccountBody, errorResponse } from '@despensa/contracts';
import { requireSession, sessionUserId } from '../session';
import { requireFeature } from '../feature';
import { routeSchemas } from './api-app';
import type { AuthService } from '../../modules/auth/service';
import type { FlagsService } from '../../modules/flags/service';
import type { BankAccountService } from '../../modules/bank-account/service';

const tags = ['bank account'];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const ofAccount = routeSchemas({ tags }, errors);

/** The refund account of /mi-cuenta-bancaria (flag bankAccount). */
export function bankAccountRoutes(
  accounts: BankAccountService,
  auth: AuthService,
  flags: FlagsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = [requireSession(auth), requireFeature(flags, 'bankAccount')];
    app.get(
      '/api/user/bank-account',
      {
        preValidation,
        schema: ofAccount('The refund account', bankAccount),
      },
      async (request) => {
        const account = await accounts.get(sessionUserId(request));
        if (!account) throw new Failure('bankAccountNotFound');
        return account;
      },
    );
    app.put(
      '/api/user/bank-account',
      {
        preValidation,
        schema: ofAccount('Save the refund account (holder RUT checked)', bankAccount, {
          body: bankAccountBody,
        }),
      },
      async (request) => accounts.save(sessionUserId(request), request.body),
    );
    app.delete(
      '/api/user/bank-account',
      {
        preValidation,
        schema: ofAccount('Delete the refund account', z.object({ deleted: z.literal(true) })),
      },
      async (request) => {
        await accounts.remove(sessionUserId(request));
        return { deleted: true as const };
      },
    );
  };
}
