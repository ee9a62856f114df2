import { Link } from 'react-router';
import { failureCodeOf } from '@despensa/contracts';
import { requireSession } from '../features/account/account-server';
import { notFound, salesChannelOf } from '../features/catalog/loader-helpers';
import { orLogOutHome, requireFeature } from '../features/lists/features-server';
import { listAction, listLines } from '../features/lists/lists-server';
import { MY_LISTS_PATH } from '../features/lists/paths';
import {
  DeleteList,
  ListLineRow,
  ListSchedule,
  ListToCart,
  RenameList,
} from '../features/lists/list-page-sections';
import '../features/lists/lists.css';
import type { Route } from './+types/shopping-list';

/** /lista-de-compra?l={listId} (§2): one of the shopper's lists; another shopper's id is a 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  await requireFeature(services, 'shoppingLists');
  const token = await requireSession(services, request);
  const id = new URL(request.url).searchParams.get('l');
  if (!id) throw notFound();
  const list = await orLogOutHome(services, request, () => services.shopperLists.list(token, id)).catch(
    (error: unknown) => {
      if (failureCodeOf(error) === 'shoppingListNotFound') throw notFound();
      throw error;
    },
  );
  return {
    list: { id: list.id, name: list.name, schedule: list.schedule },
    run: await services.shopperLists.currentRun(token, id),
    lines: listLines(services, list, salesChannelOf(request)),
    brandName: services.brand.name,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireFeature(context.services, 'shoppingLists');
  return listAction(context.services, request);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.list.name ?? 'Lista'} | ${loaderData?.brandName ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ShoppingListPage({ loaderData }: Route.ComponentProps) {
  const { list, lines, run } = loaderData;
  return (
    <main className="account-page container list-page">
      <p>
        <Link to={MY_LISTS_PATH}>Volver a mis listas</Link>
      </p>
      <h1 className="account-page__title">{list.name}</h1>
      <ListToCart list={list} empty={lines.length === 0} />

      {lines.length === 0 ? (
        <p>Esta lista aún no tiene productos. Agrégalos desde cualquier producto con «Guardar en lista».</p>
      ) : (
        <ul className="list-page__lines" aria-label="Productos de la lista">
          {lines.map((line) => (
            <ListLineRow key={line.skuId} line={line} listId={list.id} />
          ))}
        </ul>
      )}

      <RenameList list={list} />
      <ListSchedule list={list} run={run} />
      <DeleteList list={list} />
    </main>
  );
}
