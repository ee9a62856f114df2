import { redirect, useActionData } from 'react-router';
import type { BackOfficePromotion } from '@despensa/contracts';
import { assertSameOrigin } from '../features/account/account-server';
import { backOffice, requireMerchandiser } from '../features/admin/admin-server';
import { PromotionFormPage } from '../features/admin/promotion-form-page';
import { promotionFormAction, salesChannels } from '../features/admin/promotion-form-action';
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
  const channels = await salesChannels(context.services, request, token);
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
  return (
    <PromotionFormPage
      back={{ to: '/admin/promociones', label: 'Volver a las promociones' }}
      title={(values) => (values.idCalculatorConfiguration ? values.name : 'Nueva promoción')}
      kept={loaderData.values}
      channels={loaderData.channels}
      answer={useActionData<typeof action>()}
    />
  );
}
