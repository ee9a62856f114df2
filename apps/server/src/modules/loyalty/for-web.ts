import { Failure, type StorefrontServices } from '@despensa/contracts';
import type { LoyaltyCoupons } from '../../flows/loyalty-coupons';
import type { AuthService } from '../auth/service';
import type { LoyaltyService } from './service';

/** What the web's /mi-cupon gets, behind the session token, for the shoppers who see it (§6, §9). */
export function loyaltyForWeb(
  auth: AuthService,
  loyalty: LoyaltyService,
  coupons: LoyaltyCoupons,
): StorefrontServices['loyalty'] {
  const userOf = async (token: string | undefined) => {
    const session = await auth.session(token);
    if (!session) throw new Failure('notLoggedIn');
    await loyalty.requireVisible(session.userId);
    return session.userId;
  };
  return {
    account: async (token) => loyalty.account(await userOf(token)),
    activate: async (token, rewardId, orderFormId) =>
      coupons.activate(await userOf(token), rewardId, orderFormId),
  };
}
