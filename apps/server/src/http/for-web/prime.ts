import type { StorefrontServices } from '@despensa/contracts';
import type { PrimeMemberships } from '../../flows/prime-membership';
import { signedInUser, type AuthService } from '../../modules/auth/service';
import type { FlagsService } from '../../modules/flags/service';

/** What the web's /mi-cuenta/prime gets, behind the session token and the Prime flag. */
export function primeForWeb(
  auth: AuthService,
  flags: FlagsService,
  memberships: PrimeMemberships,
): StorefrontServices['prime'] {
  const signedIn = signedInUser(auth);
  const userOf = async (token: string | undefined) => {
    const userId = await signedIn(token);
    await flags.require('prime');
    return userId;
  };
  return {
    membership: async (token) => memberships.membership(await userOf(token)),
    join: async (token, cardId) => memberships.join(await userOf(token), cardId),
    cancel: async (token) => memberships.cancel(await userOf(token)),
  };
}
