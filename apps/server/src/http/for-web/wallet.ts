import type { StorefrontServices } from '@despensa/contracts';
import { signedInUser, type AuthService } from '../../modules/auth/service';
import type { UserService } from '../../modules/user/service';
import { ENROLMENT_RETURN_PATH } from '../routes/wallet';
import type { WalletService } from '../../modules/wallet/service';

/** What the web's loaders and actions get (contracts' `wallet`): the wallet service behind a session token. */
export function walletForWeb(
  auth: AuthService,
  users: UserService,
  wallet: WalletService,
): StorefrontServices['wallet'] {
  const userOf = signedInUser(auth);
  const linkOf = async (userId: string, state: Awaited<ReturnType<WalletService['linkState']>>) => ({
    state,
    balance: state === 'linked' ? await wallet.balance(userId) : 0,
  });
  return {
    cards: async (token) => wallet.cards(await userOf(token)),
    startEnrolment: async (token, type, callback, origin) => {
      const userId = await userOf(token);
      const profile = await users.profile(userId);
      return wallet.startEnrolment(
        userId,
        type,
        // The acquirer wants a name; an account always has one, but never fail an enrolment on it.
        {
          email: profile.email,
          firstName: profile.firstName || '-',
          lastName: profile.lastName || '-',
          callback,
        },
        { origin, returnUrl: `${origin}${ENROLMENT_RETURN_PATH}` },
      );
    },
    makeFavourite: async (token, cardId) => wallet.makeFavourite(await userOf(token), cardId),
    remove: async (token, cardId) => wallet.remove(await userOf(token), cardId),
    linkState: async (token) => {
      const userId = await userOf(token);
      return linkOf(userId, await wallet.linkState(userId));
    },
    link: async (token) => {
      const userId = await userOf(token);
      return linkOf(userId, await wallet.link(userId));
    },
  };
}
