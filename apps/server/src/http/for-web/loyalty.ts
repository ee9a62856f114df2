import type { StorefrontServices } from '@despensa/contracts';
import type { LoyaltyCoupons } from '../../flows/loyalty-coupons';
import { signedInUser, type AuthService } from '../../modules/auth/service';
import type { LoyaltyService } from '../../modules/loyalty/service';

/** What the web's /mi-cupon gets, behind the session token, for the shoppers who see it (§6, §9). */
export function loyaltyForWeb(
  auth: AuthService,
  loyalty: LoyaltyService,
  coupons: LoyaltyCoupons,
): StorefrontServices['loyalty'] {
  const signedIn = signedInUser(auth);
  const userOf = async (token: string | undefined) => {
    const userId = await signedIn(token);
    await loyalty.requireVisible(userId);
    return userId;
  };
  return {
    account: async (token) => loyalty.account(await userOf(token)),
    activate: async (token, rewardId, orderFormId) =>
      coupons.activate(await userOf(token), rewardId, orderFormId),
  };
}
