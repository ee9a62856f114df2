import { Link, useActionData, useNavigation } from 'react-router';
import type { BackOfficePromotion } from '@despensa/contracts';
import { assertSameOrigin } from '../features/account/account-server';
import { backOffice, refusalAnswer, requireMerchandiser } from '../features/admin/admin-server';
import type { Route } from './+types/admin-promotions';
import { ActionAnswer } from '../features/admin/action-answer';
import { PromotionsTable } from '../features/admin/promotion-labels';

const PROMOTIONS_PATH = '/api/admin/promotions';

/** /admin/promociones: every promotion, where it applies and where it stands; pause or resume one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireMerchandiser(context.services, request);
  const promotions = await backOffice<BackOfficePromotion[]>(context.services, request, token, {
    path: PROMOTIONS_PATH,
  });
  const savedId = new URL(request.url).searchParams.get('guardada');
  return {
    promotions,
    saved: promotions.find((each) => each.idCalculatorConfiguration === savedId)?.name ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { token } = await requireMerchandiser(context.services, request);
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  const isActive = form.get('intent') === 'resume';
  try {
    const promotion = await backOffice<BackOfficePromotion>(context.services, request, token, {
      method: 'PUT',
      path: `${PROMOTIONS_PATH}/${encodeURIComponent(id)}/active`,
      body: { isActive },
    });
    return { changed: `${promotion.name}: ${isActive ? 'reanudada' : 'en pausa'}.` };
  } catch (error) {
    return refusalAnswer(error);
  }
}

export function meta() {
  return [{ title: 'Promociones · Administración' }];
}

export default function AdminPromotions({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { promotions, saved } = loaderData;
  return (
    <>
      <h1>Promociones</h1>
      <p>
        <Link to="/admin/promociones/nueva" className="button button--primary">
          Nueva promoción
        </Link>
      </p>
      {saved ? (
        <p role="status" className="console-card admin-notice">
          Promoción «{saved}» guardada.
        </p>
      ) : null}
      <ActionAnswer answer={answer} done="changed" />
      <PromotionsTable
        caption="Promociones, de la más reciente a la más antigua"
        headings={['Promoción']}
        rows={promotions.map((promotion) => ({
          key: promotion.idCalculatorConfiguration,
          heads: [
            <Link
              key="name"
              to={`/admin/promociones/${encodeURIComponent(promotion.idCalculatorConfiguration)}`}
            >
              {promotion.name}
            </Link>,
          ],
          promotion,
          pause: { hidden: { id: promotion.idCalculatorConfiguration }, name: promotion.name },
        }))}
        busy={busy}
      />
    </>
  );
}
