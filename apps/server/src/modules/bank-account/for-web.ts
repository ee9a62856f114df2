import { Failure, type StorefrontServices } from '@despensa/contracts';
import type { AuthService } from '../auth/service';
import type { BankAccountService } from './service';

/** What the web's /mi-cuenta-bancaria gets (contracts' `bankAccount`), behind the session token. */
export function bankAccountForWeb(
  auth: AuthService,
  accounts: BankAccountService,
): StorefrontServices['bankAccount'] {
  const userOf = async (token: string | undefined) => {
    const session = await auth.session(token);
    if (!session) throw new Failure('notLoggedIn');
    return session.userId;
  };
  return {
    get: async (token) => accounts.get(await userOf(token)),
    save: async (token, body) => accounts.save(await userOf(token), body),
    remove: async (token) => accounts.remove(await userOf(token)),
  };
}
