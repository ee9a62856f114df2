import { Link, redirect, useActionData, useNavigation } from 'react-router';
import type { BackOfficeCoupon, BackOfficeSalesChannel } from '@despensa/contracts';
import { isCampaignCouponCode } from '@despensa/domain';
import { assertSameOrigin } from '../features/account/account-server';
import { backOffice, requireMerchandiser } from '../features/admin/admin-server';
import { PreviewTable, PromotionForm } from '../features/admin/promotion-form';
import { promotionFormAction } from '../features/admin/promotion-form-action';
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
  const channels = await backOffice<BackOfficeSalesChannel[]>(context.services, request, token, {
    path: '/api/admin/sales-channels',
  });
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
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const values = answer?.values ?? loaderData.values;
  const first = loaderData.channels[0]?.salesChannel;
  const preview = answer?.preview ?? {
    items: '',
    salesChannel: String(values.idsSalesChannel[0] ?? first ?? ''),
  };
  return (
    <>
      <p>
        <Link to="/admin/cupones">Volver a los cupones</Link>
      </p>
      <h1>{loaderData.kept ? `Cupón ${values.couponCode}` : 'Nuevo cupón'}</h1>
      {answer?.result ? <PreviewTable preview={answer.result} /> : null}
      <PromotionForm
        key={JSON.stringify(values)}
        values={values}
        channels={loaderData.channels}
        refusal={answer?.refusal ?? null}
        preview={preview}
        busy={busy}
        coupon={{ kept: loaderData.kept }}
      />
    </>
  );
}
