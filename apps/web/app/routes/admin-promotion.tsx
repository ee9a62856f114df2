import { data, Link, redirect, useActionData, useNavigation } from 'react-router';
import type { BackOfficePromotion, BackOfficeSalesChannel, PromotionPreview } from '@despensa/contracts';
import { assertSameOrigin } from '../features/account/account-server';
import { backOffice, BackOfficeRefusal, requireMerchandiser } from '../features/admin/admin-server';
import { PreviewTable, PromotionForm, type PromotionRefusal } from '../features/admin/promotion-form';
import {
  draftPromotion,
  formField,
  postedValues,
  promotionBody,
  promotionValues,
  type PromotionFormValues,
} from '../features/admin/promotion-form-data';
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

/** "12345 x 2" per line as the preview's sample cart; a line without a quantity is one unit. */
function sampleCart(text: string): { skuId: number; quantity: number }[] | null {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const items = lines.map((line) => /^(\d{1,9})(?:\s*[xX×*]\s*(\d{1,4}))?$/.exec(line));
  if (items.length === 0 || items.some((match) => !match)) return null;
  return items.map((match) => ({ skuId: Number(match![1]), quantity: Number(match![2] ?? 1) }));
}

interface Answer {
  values: PromotionFormValues;
  preview: { items: string; salesChannel: string };
  refusal: PromotionRefusal | null;
  result: PromotionPreview | null;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { token } = await requireMerchandiser(context.services, request);
  const form = await request.formData();
  const values = postedValues(form);
  const preview = {
    items: String(form.get('previewItems') ?? ''),
    salesChannel: String(form.get('previewChannel') ?? ''),
  };
  const answer = (refusal: PromotionRefusal | null, result: PromotionPreview | null = null) =>
    data<Answer>({ values, preview, refusal, result }, { status: refusal ? 400 : 200 });
  const kept = await keptPromotion(context.services, request, token, params.promotionId);
  const body = promotionBody(values, kept);
  if ('field' in body) return answer({ error: body.error, field: body.field });
  try {
    if (form.get('intent') === 'preview') {
      const items = sampleCart(preview.items);
      if (!items)
        return answer({
          error: 'Escribe un SKU por línea con su cantidad, como «12345 x 2».',
          field: 'previewItems',
        });
      const result = await backOffice<PromotionPreview>(context.services, request, token, {
        method: 'POST',
        path: `${PROMOTIONS_PATH}/preview`,
        body: { salesChannel: Number(preview.salesChannel), items, promotion: body },
      });
      return answer(null, result);
    }
    const saved = await backOffice<BackOfficePromotion>(context.services, request, token, {
      method: 'POST',
      path: PROMOTIONS_PATH,
      body,
    });
    return redirect(`/admin/promociones?guardada=${encodeURIComponent(saved.idCalculatorConfiguration)}`);
  } catch (error) {
    if (!(error instanceof BackOfficeRefusal)) throw error;
    return answer({ error: error.message, field: formField(error.field ?? null) });
  }
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
