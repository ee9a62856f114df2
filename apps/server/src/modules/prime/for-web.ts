import { Failure, type StorefrontServices } from '@despensa/contracts';
import type { PrimeMemberships } from '../../flows/prime-membership';
import type { AuthService } from '../auth/service';
import type { FlagsService } from '../flags/service';

/** What the web's /mi-cuenta/prime gets, behind the session token and the Prime flag. */
export function primeForWeb(
  auth: AuthService,
  flags: FlagsService,
  memberships: PrimeMemberships,
): StorefrontServices['prime'] {
  const userOf = async (token: string | undefined) => {
    const session = await auth.session(token);
    if (!session) throw new Failure('notLoggedIn');
    await flags.require('prime');
    return session.userId;
  };
  return {
    membership: async (token) => memberships.membership(await userOf(token)),
    join: async (token, cardId) => memberships.join(await userOf(token), cardId),
    cancel: async (token) => memberships.cancel(await userOf(token)),
  };
}
