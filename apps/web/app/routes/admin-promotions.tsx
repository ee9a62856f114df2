import { Form, Link, useActionData, useNavigation } from 'react-router';
import type { BackOfficePromotion } from '@despensa/contracts';
import { assertSameOrigin } from '../features/account/account-server';
import { backOffice, refusalAnswer, requireMerchandiser } from '../features/admin/admin-server';
import { formatStamp } from '../features/admin/admin-format';
import type { Route } from './+types/admin-promotions';
import { ActionAnswer } from '../features/admin/action-answer';

const PROMOTIONS_PATH = '/api/admin/promotions';

const STATUS_LABELS: Record<BackOfficePromotion['status'], string> = {
  live: 'Vigente',
  scheduled: 'Programada',
  ended: 'Terminada',
  paused: 'En pausa',
};

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

/** Where a promotion applies, in words: its SKUs, categories and brands, and its stores. */
function whereItApplies(promotion: BackOfficePromotion): string {
  const named = (list: { id: string; name: string }[]) => list.map((each) => each.name || each.id).join(', ');
  const parts = [
    promotion.skus.length > 0 ? `SKU: ${named(promotion.skus)}` : null,
    promotion.products.length > 0 ? `Productos: ${named(promotion.products)}` : null,
    promotion.categories.length > 0 ? `Categorías: ${named(promotion.categories)}` : null,
    promotion.brands.length > 0 ? `Marcas: ${named(promotion.brands)}` : null,
  ].filter(Boolean);
  const what = parts.length > 0 ? parts.join('. ') : 'Todo el catálogo';
  const stores = promotion.channels.length > 0 ? named(promotion.channels) : 'todas las tiendas';
  return `${what}. En ${stores}.`;
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
      <table className="console-table">
        <caption className="visually-hidden">Promociones, de la más reciente a la más antigua</caption>
        <thead>
          <tr>
            <th scope="col">Promoción</th>
            <th scope="col">Estado</th>
            <th scope="col">Vigencia</th>
            <th scope="col">Dónde aplica</th>
            <th scope="col">Acción</th>
          </tr>
        </thead>
        <tbody>
          {promotions.map((promotion) => (
            <tr key={promotion.idCalculatorConfiguration}>
              <th scope="row">
                <Link to={`/admin/promociones/${encodeURIComponent(promotion.idCalculatorConfiguration)}`}>
                  {promotion.name}
                </Link>
              </th>
              <td>{STATUS_LABELS[promotion.status]}</td>
              <td>
                {formatStamp(promotion.beginDateUtc)} – {formatStamp(promotion.endDateUtc)}
              </td>
              <td>{whereItApplies(promotion)}</td>
              <td>
                <Form method="post">
                  <input type="hidden" name="id" value={promotion.idCalculatorConfiguration} />
                  <button
                    type="submit"
                    name="intent"
                    value={promotion.isActive ? 'pause' : 'resume'}
                    className="button button--secondary"
                    disabled={busy}
                    aria-label={`${promotion.isActive ? 'Pausar' : 'Reanudar'} ${promotion.name}`}
                  >
                    {promotion.isActive ? 'Pausar' : 'Reanudar'}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
