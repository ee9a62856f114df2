import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backOfficeCoupon,
  couponParams,
  couponPromotionBody,
  Failure,
  promotionActiveBody,
  type BackOfficeCoupon,
} from '@despensa/contracts';
import type { Database } from '../../../db/client';
import { couponList, promotionPage, type BackOfficeViewModules } from '../../../flows/back-office-views';
import { saveCouponFlow, setCouponActiveFlow } from '../../../flows/coupon-change';
import { runFlow } from '../../../flows/flow';
import type { AuditService } from '../../../modules/audit/service';
import type { OperationsService } from '../../../modules/operations/service';
import { merchandised, staffActor } from './back-office-guard';
import { ofBackOffice } from './back-office-schemas';

/**
 * The back office's coupons (/api/admin/coupons, merchandisers and administrators): a campaign's code and
 * the promotion it unlocks, created, edited, paused and resumed through the coupon flows (the engine's
 * checks, the audit row, the staff member as the actor). A shopper's loyalty coupons are never listed.
 */
export function backOfficeCouponRoutes(
  database: Database,
  operations: OperationsService,
  modules: BackOfficeViewModules & { audit: AuditService },
  clock: () => Date,
): FastifyPluginAsyncZod {
  const saveCoupon = saveCouponFlow(modules);
  const setActive = setCouponActiveFlow(modules);
  const answer = async (couponCode: string): Promise<BackOfficeCoupon> => {
    const promotion = await modules.promotions.campaignCoupon(couponCode);
    if (!promotion) throw new Failure('couponNotFound');
    return { couponCode, promotion: await promotionPage(modules, promotion, clock()) };
  };
  return async (plain) => {
    const app = merchandised(plain, operations);
    app.get(
      '/api/admin/coupons',
      {
        schema: ofBackOffice(
          "The chain's coupons by code: the promotion each unlocks and whether it is live now",
          z.array(backOfficeCoupon),
        ),
      },
      async () => couponList(modules, clock()),
    );
    app.get(
      '/api/admin/coupons/:couponCode',
      {
        schema: ofBackOffice('One coupon, as the back office edits it', backOfficeCoupon, {
          params: couponParams,
        }),
      },
      async (request) => answer(request.params.couponCode),
    );
    app.put(
      '/api/admin/coupons/:couponCode',
      {
        schema: ofBackOffice(
          'Create the coupon or replace the promotion it unlocks (VTEX calculator configuration; promotionNotPriceable names the field, couponCodeTaken a loyalty code)',
          backOfficeCoupon,
          { params: couponParams, body: couponPromotionBody },
        ),
      },
      async (request) => {
        const { couponCode } = request.params;
        await runFlow(database, saveCoupon, {
          actor: staffActor(request),
          code: couponCode,
          body: request.body,
        });
        return answer(couponCode);
      },
    );
    app.put(
      '/api/admin/coupons/:couponCode/active',
      {
        schema: ofBackOffice(
          'Pause a coupon (a shopper typing it reads it is not valid) or resume it',
          backOfficeCoupon,
          { params: couponParams, body: promotionActiveBody },
        ),
      },
      async (request) => {
        const { couponCode } = request.params;
        const { isActive } = request.body;
        await runFlow(database, setActive, { actor: staffActor(request), code: couponCode, isActive });
        return answer(couponCode);
      },
    );
  };
}
