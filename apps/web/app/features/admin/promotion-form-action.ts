import { data } from 'react-router';
import type {
  BackOfficePromotion,
  BackOfficeSalesChannel,
  CalculatorConfigurationBody,
  PromotionPreview,
  StorefrontServices,
} from '@despensa/contracts';
import { backOffice, BackOfficeRefusal } from './admin-server';
import type { PromotionRefusal } from './promotion-form';
import { formField, postedValues, promotionBody, type PromotionFormValues } from './promotion-form-data';

/** What a promotion's or a coupon's form shows again after a refusal or a preview. */
export interface PromotionFormAnswer {
  values: PromotionFormValues;
  preview: { items: string; salesChannel: string };
  refusal: PromotionRefusal | null;
  result: PromotionPreview | null;
}

/** The stores' sales channels a promotion's form offers (and its preview prices in). */
export function salesChannels(services: StorefrontServices, request: Request, token: string) {
  return backOffice<BackOfficeSalesChannel[]>(services, request, token, {
    path: '/api/admin/sales-channels',
  });
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

/**
 * The action of a promotion's form, a coupon's included: 'preview' prices the sample cart under the draft
 * with the engine, anything else hands the draft to `save` (which answers where to go next). A refusal,
 * the form's own or the server's, comes back beside its field.
 */
export async function promotionFormAction(
  services: StorefrontServices,
  request: Request,
  token: string,
  form: FormData,
  {
    kept,
    check,
    save,
  }: {
    kept: BackOfficePromotion | null;
    /** A refusal of the page's own fields (a coupon's code) before anything is sent. */
    check?: (values: PromotionFormValues) => PromotionRefusal | null;
    save: (body: CalculatorConfigurationBody, values: PromotionFormValues) => Promise<Response>;
  },
) {
  const values = postedValues(form);
  const preview = {
    items: String(form.get('previewItems') ?? ''),
    salesChannel: String(form.get('previewChannel') ?? ''),
  };
  const answer = (refusal: PromotionRefusal | null, result: PromotionPreview | null = null) =>
    data<PromotionFormAnswer>({ values, preview, refusal, result }, { status: refusal ? 400 : 200 });
  const own = check?.(values);
  if (own) return answer(own);
  const body = promotionBody(values, kept);
  if ('field' in body) return answer({ error: body.error, field: body.field });
  try {
    if (form.get('intent') !== 'preview') return await save(body, values);
    const items = sampleCart(preview.items);
    if (!items)
      return answer({
        error: 'Escribe un SKU por línea con su cantidad, como «12345 x 2».',
        field: 'previewItems',
      });
    const result = await backOffice<PromotionPreview>(services, request, token, {
      method: 'POST',
      path: '/api/admin/promotions/preview',
      body: { salesChannel: Number(preview.salesChannel), items, promotion: body },
    });
    return answer(null, result);
  } catch (error) {
    if (!(error instanceof BackOfficeRefusal)) throw error;
    const field = error.code === 'couponCodeTaken' ? 'couponCode' : formField(error.field ?? null);
    return answer({ error: error.message, field });
  }
}
