import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activateCouponBody, activatedCoupon, errorResponses, loyaltyAccount } from '@despensa/contracts';
import { currentSession, requireSession } from '../session';
import { routeSchemas } from './api-app';
import type { AuthService } from '../../modules/auth/service';
import type { LoyaltyCoupons } from '../../flows/loyalty-coupons';
import type { LoyaltyService } from '../../modules/loyalty/service';

const ofLoyalty = routeSchemas({ tags: ['loyalty'] }, errorResponses(400, 401, 403, 404, 409));

/** §7 loyalty points call and the coupons of /mi-cupon, for the shoppers who see it (§6, §9). */
export function loyaltyRoutes(
  loyalty: LoyaltyService,
  coupons: LoyaltyCoupons,
  auth: AuthService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = [
      requireSession(auth),
      async (request: Parameters<typeof currentSession>[0]) =>
        loyalty.requireVisible(currentSession(request).userId),
    ];
    app.get(
      '/api/user/loyalty',
      {
        preValidation,
        schema: ofLoyalty(
          'Points (one per $100 of invoiced orders) and the coupons offered and activated',
          loyaltyAccount,
        ),
      },
      async (request) => loyalty.account(currentSession(request).userId),
    );
    app.post(
      '/api/user/loyalty/coupons',
      {
        preValidation,
        schema: ofLoyalty(
          "Activate a coupon with points; applied to the shopper's cart when orderFormId is given",
          activatedCoupon,
          { body: activateCouponBody },
        ),
      },
      async (request) =>
        coupons.activate(currentSession(request).userId, request.body.rewardId, request.body.orderFormId),
    );
  };
}
