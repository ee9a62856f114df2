import { redirect, useActionData } from 'react-router';
import type { BackOfficeCoupon } from '@despensa/contracts';
import { isCampaignCouponCode } from '@despensa/domain';
import { assertSameOrigin } from '../features/account/account-server';
import { backOffice, requireMerchandiser } from '../features/admin/admin-server';
import { PromotionFormPage } from '../features/admin/promotion-form-page';
import { promotionFormAction, salesChannels } from '../features/admin/promotion-form-action';
import { draftPromotion, promotionValues } from '../features/admin/promotion-form-data';
import type { Route } from './+types/admin-coupon';

const COUPONS_PATH = '/api/admin/coupons';

type Services = Route.LoaderArgs['context']['services'];

/** The coupon a page edits, or null for a new one (/admin/cupones/nuevo). */
async function keptCoupon(services: Services, request: Request, token: string, code: string | undefined) {
  if (!code) return null;
  return backOffice<BackOfficeCoupon>(services, request, token, {
    path: `${COUPONS_PATH}/${encodeURIComponent(code)}`,
  });
}

/** /admin/cupones/nuevo and /admin/cupones/{code}: a coupon's code and the promotion it unlocks. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { token } = await requireMerchandiser(context.services, request);
  const channels = await salesChannels(context.services, request, token);
  const kept = await keptCoupon(context.services, request, token, params.couponCode);
  const values = kept
    ? { ...promotionValues(kept.promotion), couponCode: kept.couponCode }
    : draftPromotion(new Date());
  return { channels, values, kept: kept !== null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { token } = await requireMerchandiser(context.services, request);
  const form = await request.formData();
  const kept = await keptCoupon(context.services, request, token, params.couponCode);
  if (kept) form.set('couponCode', kept.couponCode);
  return promotionFormAction(context.services, request, token, form, {
    kept: kept?.promotion ?? null,
    check: ({ couponCode }) =>
      isCampaignCouponCode(couponCode)
        ? null
        : { error: 'Escribe de 3 a 30 letras, números o guiones, sin espacios.', field: 'couponCode' },
    save: async ({ idCalculatorConfiguration: _id, ...promotion }, { couponCode }) => {
      await backOffice<BackOfficeCoupon>(context.services, request, token, {
        method: 'PUT',
        path: `${COUPONS_PATH}/${encodeURIComponent(couponCode)}`,
        body: promotion,
      });
      return redirect(`/admin/cupones?guardado=${encodeURIComponent(couponCode)}`);
    },
  });
}

export function meta() {
  return [{ title: 'Cupón · Administración' }];
}

export default function AdminCoupon({ loaderData }: Route.ComponentProps) {
  return (
    <PromotionFormPage
      back={{ to: '/admin/cupones', label: 'Volver a los cupones' }}
      title={(values) => (loaderData.kept ? `Cupón ${values.couponCode}` : 'Nuevo cupón')}
      kept={loaderData.values}
      channels={loaderData.channels}
      answer={useActionData<typeof action>()}
      coupon={{ kept: loaderData.kept }}
    />
  );
}
