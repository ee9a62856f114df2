import { redirect } from 'react-router';
import { requireFeature } from '../features/lists/features-server';
import { listAction } from '../features/lists/lists-server';
import { MY_LISTS_PATH } from '../features/lists/paths';
import type { Route } from './+types/lists-action';

export function loader() {
  return redirect(MY_LISTS_PATH);
}

/** POST: any list change, from the add-to-list and create-list dialogs (features/lists/lists-server). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireFeature(context.services, 'shoppingLists');
  return listAction(context.services, request);
}
