import { useActionData, useNavigation } from 'react-router';
import { FEATURE_FLAG_NAMES, type FeatureFlags } from '@despensa/domain';
import { assertSameOrigin } from '../features/account/account-server';
import { backOffice, refusalAnswer, requireAdministrator } from '../features/admin/admin-server';
import type { Route } from './+types/admin-flags';
import { ActionAnswer } from '../features/admin/action-answer';
import { ColumnHeads } from '../ui/column-heads';
import { SwitchForm } from '../features/admin/switch-form';

/** The §9 flags in the back office's words. */
const FLAG_LABELS: Record<(typeof FEATURE_FLAG_NAMES)[number], string> = {
  prime: 'Suscripción Prime',
  prepaid: 'Tarjeta prepago',
  giftCard: 'Gift card',
  wallet: 'Billetera',
  productReviews: 'Opiniones de productos',
  loyalty: 'Programa de puntos',
  employeeLoyalty: 'Puntos para colaboradores',
  bankAccount: 'Cuenta bancaria',
  shoppingLists: 'Listas de compras',
  favourites: 'Favoritos',
  frequentProducts: 'Productos frecuentes',
};

/** /admin/funciones: the §9 feature flags (administrators); every instance follows a change within moments. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdministrator(context.services, request);
  return { flags: await context.services.flags.all() };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { token } = await requireAdministrator(context.services, request);
  const form = await request.formData();
  const flag = String(form.get('flag') ?? '');
  const enabled = form.get('enabled') === 'true';
  try {
    await backOffice<FeatureFlags>(context.services, request, token, {
      method: 'PUT',
      path: `/api/admin/feature-flags/${encodeURIComponent(flag)}`,
      body: { enabled },
    });
    const label = FLAG_LABELS[flag as keyof typeof FLAG_LABELS] ?? flag;
    return { saved: `${label}: ${enabled ? 'activada' : 'desactivada'}.` };
  } catch (error) {
    return refusalAnswer(error);
  }
}

export default function AdminFlags({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <h1>Funciones</h1>
      <p>Activa o desactiva funciones de la tienda; el cambio llega a los clientes en segundos.</p>
      <ActionAnswer answer={answer} done="saved" />
      <table className="console-table">
        <caption className="visually-hidden">Funciones</caption>
        <ColumnHeads columns={['Función', 'Estado']} />
        <tbody>
          {FEATURE_FLAG_NAMES.map((flag) => {
            const on = loaderData.flags[flag];
            return (
              <tr key={flag}>
                <th scope="row">{FLAG_LABELS[flag]}</th>
                <td>
                  <SwitchForm
                    fields={{ flag }}
                    field="enabled"
                    on={on}
                    state={['Activada', 'Desactivada']}
                    action={['Desactivar', 'Activar']}
                    label={(doing) => `${doing} ${FLAG_LABELS[flag]}`}
                    busy={busy}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
