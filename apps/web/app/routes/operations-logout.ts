import { redirect } from 'react-router';
import { CONSOLE_LOGIN_PATH, staffLogoutAction } from '../features/operations/staff-server';
import type { Route } from './+types/operations-logout';

/** POST /operaciones/salir ends the staff session; a GET goes to the login. */
export function loader() {
  return redirect(CONSOLE_LOGIN_PATH);
}

export function action({ request, context }: Route.ActionArgs) {
  return staffLogoutAction(context.services, request);
}
