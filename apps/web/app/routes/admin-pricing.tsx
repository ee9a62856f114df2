import { Form, useActionData, useNavigation } from 'react-router';
import { assertSameOrigin } from '../features/account/account-server';
import { backOffice, refusalAnswer, requireAdministrator } from '../features/admin/admin-server';
import type { Route } from './+types/admin-pricing';
import { ConsoleRefusal } from '../features/operations/console-refusal';

const SETTINGS_PATH = '/api/admin/pricing/settings';

interface PricingSettings {
  forbidBelowCost: boolean;
}

/** /admin/precios: the chain's pricing rules (whether a price under the SKU's cost is refused). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireAdministrator(context.services, request);
  const settings = await backOffice<PricingSettings>(context.services, request, token, {
    path: SETTINGS_PATH,
  });
  return { settings };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { token } = await requireAdministrator(context.services, request);
  const form = await request.formData();
  try {
    const settings = await backOffice<PricingSettings>(context.services, request, token, {
      method: 'PUT',
      path: SETTINGS_PATH,
      body: { forbidBelowCost: form.get('forbidBelowCost') === 'on' },
    });
    return { saved: settings };
  } catch (error) {
    return refusalAnswer(error);
  }
}

export default function AdminPricing({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { forbidBelowCost } = loaderData.settings;
  return (
    <>
      <h1>Precios</h1>
      {/* The key remounts the form after a save, so that the box shows what the server kept. */}
      <Form method="post" className="console-card admin-form" key={String(forbidBelowCost)}>
        <label className="admin-check">
          <input
            type="checkbox"
            name="forbidBelowCost"
            defaultChecked={forbidBelowCost}
            aria-describedby="below-cost-hint"
          />
          Rechazar precios bajo el costo
        </label>
        <p id="below-cost-hint">
          Activado, un precio menor que el costo del SKU (enviado por una integración) se rechaza.
        </p>
        <button type="submit" className="button button--primary" disabled={busy}>
          Guardar
        </button>
      </Form>
      {answer && 'saved' in answer ? (
        <p role="status" className="console-card admin-notice">
          {answer.saved.forbidBelowCost
            ? 'Guardado: los precios bajo el costo se rechazan.'
            : 'Guardado: se aceptan precios bajo el costo.'}
        </p>
      ) : null}
      <ConsoleRefusal answer={answer} />
    </>
  );
}
