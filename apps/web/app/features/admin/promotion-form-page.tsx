import { Link, useNavigation } from 'react-router';
import type { BackOfficeSalesChannel } from '@despensa/contracts';
import { PreviewTable, PromotionForm } from './promotion-form';
import type { PromotionFormAnswer } from './promotion-form-action';
import type { PromotionFormValues } from './promotion-form-data';

/**
 * The page of a promotion's or a coupon's form: the way back, its title, the preview the engine priced and
 * the form, as the loader gave it or as the action answered it (after a refusal or a preview).
 */
export function PromotionFormPage({
  back,
  title,
  kept,
  channels,
  answer,
  coupon,
}: {
  back: { to: string; label: string };
  title: (values: PromotionFormValues) => string;
  kept: PromotionFormValues;
  channels: BackOfficeSalesChannel[];
  answer: PromotionFormAnswer | undefined;
  coupon?: { kept: boolean };
}) {
  const busy = useNavigation().state === 'submitting';
  const values = answer?.values ?? kept;
  const first = channels[0]?.salesChannel;
  const preview = answer?.preview ?? {
    items: '',
    salesChannel: String(values.idsSalesChannel[0] ?? first ?? ''),
  };
  return (
    <>
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
      <h1>{title(values)}</h1>
      {answer?.result ? <PreviewTable preview={answer.result} /> : null}
      <PromotionForm
        key={JSON.stringify(values)}
        values={values}
        channels={channels}
        refusal={answer?.refusal ?? null}
        preview={preview}
        busy={busy}
        {...(coupon ? { coupon } : {})}
      />
    </>
  );
}
