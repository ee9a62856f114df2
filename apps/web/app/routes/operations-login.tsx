import { Form, redirect, useActionData, useNavigation } from 'react-router';
import { staffHome, staffLoginAction, staffTokenOf } from '../features/operations/staff-server';
import type { Route } from './+types/operations-login';
import { ConsoleRefusal } from '../features/operations/console-refusal';

/** /operaciones/ingreso: the staff login (its own session, not a shopper's). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await context.services.operations.session(staffTokenOf(request));
  if (staff) throw redirect(staffHome(staff.role));
  return null;
}

export function action({ request, context }: Route.ActionArgs) {
  return staffLoginAction(context.services, request);
}

export default function OperationsLogin() {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="console-card console-login">
      <h1>Ingreso del personal</h1>
      <label>
        Correo
        <input name="login" type="email" autoComplete="username" required />
      </label>
      <label>
        Contraseña
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <ConsoleRefusal answer={answer} />
      <button type="submit" className="button button--primary" disabled={busy}>
        Ingresar
      </button>
    </Form>
  );
}
