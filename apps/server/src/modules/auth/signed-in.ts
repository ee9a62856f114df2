import { Failure } from '@despensa/contracts';

/** What finds the session behind a token (AuthService). */
interface Sessions {
  session(token: string | undefined): Promise<{ userId: string } | null>;
}

/**
 * The token-to-user adapter of the web's server adapters (`*ForWeb`): the user a page's session token
 * stands for, or the failure notLoggedIn, which starts the web's session-expired path.
 */
export function signedInUser(auth: Sessions): (token: string | undefined) => Promise<string> {
  return async (token) => {
    const session = await auth.session(token);
    if (!session) throw new Failure('notLoggedIn');
    return session.userId;
  };
}
