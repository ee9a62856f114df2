import { data, useActionData, useNavigation } from 'react-router';
import { integrationScope, type AppKeyView } from '@despensa/contracts';
import { assertSameOrigin } from '../features/account/account-server';
import { backOffice, refusalAnswer, requireAdministrator } from '../features/admin/admin-server';
import { AppKeyTable, CreateAppKeyForm, NewTokenNotice } from '../features/admin/app-key-forms';
import type { Route } from './+types/admin-keys';
import { ConsoleRefusal } from '../features/operations/console-refusal';

const APP_KEYS_PATH = '/api/admin/app-keys';

/** /admin/claves: the integration keys an ERP calls the shop with (app key and token with scopes). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireAdministrator(context.services, request);
  return { keys: await backOffice<AppKeyView[]>(context.services, request, token, { path: APP_KEYS_PATH }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { token } = await requireAdministrator(context.services, request);
  const form = await request.formData();
  try {
    if (form.get('intent') === 'revoke') {
      const appKey = String(form.get('appKey') ?? '');
      const path = `${APP_KEYS_PATH}/${encodeURIComponent(appKey)}`;
      const revoked = await backOffice<AppKeyView>(context.services, request, token, {
        method: 'DELETE',
        path,
      });
      return { revoked: revoked.label };
    }
    const scopes = form.getAll('scopes').filter((scope) => integrationScope.safeParse(scope).success);
    if (scopes.length === 0)
      return data({ error: 'Elige al menos un permiso para la clave.' }, { status: 400 });
    const body = { label: String(form.get('label') ?? ''), scopes };
    const created = await backOffice<AppKeyView & { appToken: string }>(context.services, request, token, {
      method: 'POST',
      path: APP_KEYS_PATH,
      body,
    });
    return { created };
  } catch (error) {
    return refusalAnswer(error);
  }
}

export default function AdminKeys({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const created = answer && 'created' in answer ? answer.created : undefined;
  return (
    <>
      <h1>Claves de integración</h1>
      <p>
        Cada clave permite a un sistema de la cadena (un ERP) usar las APIs de integración con sus permisos.
      </p>
      {created ? <NewTokenNotice created={created} /> : null}
      {answer && 'revoked' in answer ? (
        <p role="status" className="console-card admin-notice">
          Clave «{answer.revoked}» revocada: su próxima llamada será rechazada.
        </p>
      ) : null}
      <ConsoleRefusal answer={answer} />
      <CreateAppKeyForm busy={busy} />
      <section className="console-card" aria-labelledby="keys-heading">
        <h2 id="keys-heading">Claves</h2>
        <AppKeyTable keys={loaderData.keys} busy={busy} />
      </section>
    </>
  );
}
