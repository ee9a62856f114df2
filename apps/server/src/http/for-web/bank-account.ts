import type { StorefrontServices } from '@despensa/contracts';
import { signedInUser, type AuthService } from '../../modules/auth/service';
import type { BankAccountService } from '../../modules/bank-account/service';

/** What the web's /mi-cuenta-bancaria gets (contracts' `bankAccount`), behind the session token. */
export function bankAccountForWeb(
  auth: AuthService,
  accounts: BankAccountService,
): StorefrontServices['bankAccount'] {
  const userOf = signedInUser(auth);
  return {
    get: async (token) => accounts.get(await userOf(token)),
    save: async (token, body) => accounts.save(await userOf(token), body),
    remove: async (token) => accounts.remove(await userOf(token)),
  };
}
