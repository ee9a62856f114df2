import { requireSession, sessionTokenOf } from '../features/account/account-server';
import { orLogOutHome, requireFeature } from '../features/lists/features-server';
import { listAction, summarizeList } from '../features/lists/lists-server';
import type { Route } from './+types/lists-action';

/** GET: the shopper's lists for the add-to-list dialog. POST: any list change (features/lists/lists-server). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireFeature(context.services, 'shoppingLists');
  await requireSession(context.services, request);
  const lists = await orLogOutHome(context.services, request, () =>
    context.services.shopperLists.lists(sessionTokenOf(request)),
  );
  return { lists: lists.map(summarizeList) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireFeature(context.services, 'shoppingLists');
  return listAction(context.services, request);
}
