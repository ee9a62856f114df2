import { data, Form, useActionData, useNavigation } from 'react-router';
import { STAFF_ROLE_NAMES, STAFF_ROLES } from '@despensa/domain';
import type { AdminStore, StaffAccount } from '@despensa/contracts';
import { assertSameOrigin } from '../features/account/account-server';
import { backOffice, refusalAnswer, requireAdministrator } from '../features/admin/admin-server';
import type { Route } from './+types/admin-staff';
import { ActionAnswer } from '../features/admin/action-answer';
import { RowSave, SwitchForm } from '../features/admin/switch-form';
import { ColumnHeads } from '../ui/column-heads';

const STAFF_PATH = '/api/admin/staff';

/** /admin/personal: the staff accounts (administrators): create one, set its role and store, deactivate it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireAdministrator(context.services, request);
  const [accounts, stores] = await Promise.all([
    backOffice<StaffAccount[]>(context.services, request, token, { path: STAFF_PATH }),
    backOffice<AdminStore[]>(context.services, request, token, { path: '/api/admin/stores' }),
  ]);
  return { accounts, stores: stores.map(({ id, name }) => ({ id, name })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { token } = await requireAdministrator(context.services, request);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '');
  try {
    if (form.get('intent') === 'create') {
      const body = {
        name: field('name'),
        email: field('email'),
        password: field('password'),
        role: field('role'),
        storeId: field('storeId'),
      };
      await backOffice(context.services, request, token, { method: 'POST', path: STAFF_PATH, body });
      return { saved: `Cuenta de ${body.name} creada.` };
    }
    if (form.get('intent') !== 'change') return data({ error: 'Acción desconocida' }, { status: 400 });
    const change = form.has('active')
      ? { active: field('active') === 'true' }
      : { role: field('role'), storeId: field('storeId') };
    const path = `${STAFF_PATH}/${encodeURIComponent(field('staffId'))}`;
    const account = await backOffice<StaffAccount>(context.services, request, token, {
      method: 'PATCH',
      path,
      body: change,
    });
    return { saved: `Cuenta de ${account.name} guardada.` };
  } catch (error) {
    return refusalAnswer(error);
  }
}

type Store = { id: string; name: string };

function RoleAndStore({
  stores,
  account,
  label,
}: {
  stores: Store[];
  account?: StaffAccount;
  label: string;
}) {
  return (
    <>
      <label>
        Rol{label}
        <select name="role" defaultValue={account?.role ?? 'operator'}>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {STAFF_ROLE_NAMES[role]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Tienda{label}
        <select name="storeId" defaultValue={account?.storeId ?? stores[0]?.id}>
          {stores.map((store) => (
            <option key={store.id} value={store.id}>
              {store.name}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { accounts, stores } = loaderData;
  return (
    <>
      <h1>Personal</h1>
      <ActionAnswer answer={answer} done="saved" />
      <Form method="post" className="console-card admin-form" aria-labelledby="new-staff">
        <h2 id="new-staff">Nueva cuenta</h2>
        <input type="hidden" name="intent" value="create" />
        <label>
          Nombre
          <input type="text" name="name" required maxLength={120} autoComplete="off" />
        </label>
        <label>
          Correo
          <input type="email" name="email" required maxLength={200} autoComplete="off" />
        </label>
        <label>
          Contraseña inicial (10 caracteres o más)
          <input type="password" name="password" required minLength={10} autoComplete="new-password" />
        </label>
        <RoleAndStore stores={stores} label="" />
        <button type="submit" className="button button--primary" disabled={busy}>
          Crear cuenta
        </button>
      </Form>
      <section className="console-card" aria-labelledby="staff-heading">
        <h2 id="staff-heading">Cuentas</h2>
        <table className="console-table">
          <caption className="visually-hidden">Cuentas del personal</caption>
          <ColumnHeads columns={['Nombre', 'Rol y tienda', 'Estado']} />
          <tbody>
            {accounts.map((account) => (
              <StaffRow key={account.id} account={account} stores={stores} busy={busy} />
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

/** One account: its role and store (saved together), and its state with the button that flips it. */
function StaffRow({ account, stores, busy }: { account: StaffAccount; stores: Store[]; busy: boolean }) {
  return (
    <tr>
      <th scope="row">
        {account.name}
        <br />
        {account.email}
      </th>
      <td>
        <Form method="post" className="admin-inline" key={`${account.role}-${account.storeId}`}>
          <input type="hidden" name="intent" value="change" />
          <input type="hidden" name="staffId" value={account.id} />
          <RoleAndStore stores={stores} account={account} label={` de ${account.name}`} />
          <RowSave label={`Guardar rol y tienda de ${account.name}`} busy={busy} />
        </Form>
      </td>
      <td>
        <SwitchForm
          fields={{ intent: 'change', staffId: account.id }}
          field="active"
          on={account.active}
          state={['Activa', 'Desactivada']}
          action={['Desactivar', 'Activar']}
          label={(doing) => `${doing} la cuenta de ${account.name}`}
          busy={busy}
        />
      </td>
    </tr>
  );
}
