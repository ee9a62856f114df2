import { useState } from 'react';
import { Link } from 'react-router';
import { requireSession } from '../features/account/account-server';
import { orLogOutHome, requireFeature } from '../features/lists/features-server';
import { CreateListForm } from '../features/lists/create-list-form';
import { listAction, summarizeList } from '../features/lists/lists-server';
import { listPath } from '../features/lists/paths';
import { scheduleLabel } from '../features/lists/schedule-label';
import { Dialog, DialogOpener } from '../ui/dialog';
import '../features/lists/lists.css';
import type { Route } from './+types/shopping-lists';

/** /mis-listas-de-compras and /_secure/listas-de-compras (§2): the shopper's lists, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  await requireFeature(services, 'shoppingLists');
  const token = await requireSession(services, request);
  const lists = await orLogOutHome(services, request, () => services.shopperLists.lists(token));
  return { lists: lists.map(summarizeList), brandName: services.brand.name };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireFeature(context.services, 'shoppingLists');
  return listAction(context.services, request);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Mis listas | ${loaderData?.brandName ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ShoppingLists({ loaderData }: Route.ComponentProps) {
  const [creating, setCreating] = useState(false);
  return (
    <main className="account-page container lists-page">
      <h1 className="account-page__title">Mis listas</h1>
      <DialogOpener onOpen={() => setCreating(true)}>Crear nueva lista</DialogOpener>
      {loaderData.lists.length === 0 ? (
        <p className="lists-page__empty">
          Aún no tienes listas. Crea una para repetir tus compras en un clic.
        </p>
      ) : (
        <ul className="lists-page__lists">
          {loaderData.lists.map((list) => (
            <li key={list.id} className="lists-page__list">
              <Link to={listPath(list.id)} className="lists-page__name">
                {list.name}
              </Link>
              <span>
                {list.count} {list.count === 1 ? 'producto' : 'productos'}
              </span>
              <span className="lists-page__schedule">{scheduleLabel(list.schedule)}</span>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={creating} title="Crear lista" onClose={() => setCreating(false)}>
        <CreateListForm />
      </Dialog>
    </main>
  );
}
