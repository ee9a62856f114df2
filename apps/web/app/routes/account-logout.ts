import { redirect } from 'react-router';
import { logoutAction } from '../features/account/auth-actions';
import type { Route } from './+types/account-logout';

/** POST /logout ends the session (§4); a GET just goes home. */
export function loader() {
  return redirect('/');
}

export function action({ request, context }: Route.ActionArgs) {
  return logoutAction(context.services, request);
}
