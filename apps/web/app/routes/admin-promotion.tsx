import { Link, redirect, useActionData, useNavigation } from 'react-router';
import type { BackOfficePromotion, BackOfficeSalesChannel } from '@despensa/contracts';
import { assertSameOrigin } from '../features/account/account-server';
import { backOffice, requireMerchandiser } from '../features/admin/admin-server';
import { PreviewTable, PromotionForm } from '../features/admin/promotion-form';
import { promotionFormAction } from '../features/admin/promotion-form-action';
import { draftPromotion, promotionValues } from '../features/admin/promotion-form-data';
import type { Route } from './+types/admin-promotion';

const PROMOTIONS_PATH = '/api/admin/promotions';

type Services = Route.LoaderArgs['context']['services'];

/** The promotion a page edits, or null for a new one (/admin/promociones/nueva). */
async function keptPromotion(services: Services, request: Request, token: string, id: string | undefined) {
  if (!id) return null;
  return backOffice<BackOfficePromotion>(services, request, token, {
    path: `${PROMOTIONS_PATH}/${encodeURIComponent(id)}`,
  });
}

/** /admin/promociones/nueva and /admin/promociones/{id}: a promotion's form with the engine's preview. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { token } = await requireMerchandiser(context.services, request);
  const channels = await backOffice<BackOfficeSalesChannel[]>(context.services, request, token, {
    path: '/api/admin/sales-channels',
  });
  const kept = await keptPromotion(context.services, request, token, params.promotionId);
  return { channels, values: kept ? promotionValues(kept) : draftPromotion(new Date()) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { token } = await requireMerchandiser(context.services, request);
  const form = await request.formData();
  const kept = await keptPromotion(context.services, request, token, params.promotionId);
  return promotionFormAction(context.services, request, token, form, {
    kept,
    save: async (body) => {
      const saved = await backOffice<BackOfficePromotion>(context.services, request, token, {
        method: 'POST',
        path: PROMOTIONS_PATH,
        body,
      });
      return redirect(`/admin/promociones?guardada=${encodeURIComponent(saved.idCalculatorConfiguration)}`);
    },
  });
}

export function meta() {
  return [{ title: 'Promoción · Administración' }];
}

export default function AdminPromotion({ loaderData }: Route.ComponentProps) {
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
        <Link to="/admin/promociones">Volver a las promociones</Link>
      </p>
      <h1>{values.idCalculatorConfiguration ? values.name : 'Nueva promoción'}</h1>
      {answer?.result ? <PreviewTable preview={answer.result} /> : null}
      <PromotionForm
        key={JSON.stringify(values)}
        values={values}
        channels={loaderData.channels}
        refusal={answer?.refusal ?? null}
        preview={preview}
        busy={busy}
      />
    </>
  );
}
