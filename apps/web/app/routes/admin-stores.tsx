import { Link } from 'react-router';
import { staffRunsStores } from '@despensa/domain';
import type { AdminStore } from '@despensa/contracts';
import { backOffice, requireBackOffice } from '../features/admin/admin-server';
import type { Route } from './+types/admin-stores';
import { ColumnHeads } from '../ui/column-heads';

/** /admin/tiendas: the stores a staff member runs (a store manager's own; every one for the admin). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireBackOffice(context.services, request, staffRunsStores);
  const stores = await backOffice<AdminStore[]>(context.services, request, token, {
    path: '/api/admin/stores',
  });
  return { stores };
}

const services = (store: AdminStore) =>
  [
    store.pickup && 'Retiro en tienda',
    store.car && `Click al Auto (${store.carBays} estacionamientos)`,
    store.express && 'Express',
  ]
    .filter(Boolean)
    .join(', ') || 'Solo despacho';

export default function AdminStores({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Tiendas</h1>
      <p>Datos, horarios de entrega con su capacidad y zonas de cobertura de cada tienda.</p>
      <table className="console-table">
        <caption className="visually-hidden">Tiendas</caption>
        <ColumnHeads columns={['Tienda', 'Comuna', 'Servicios']} />
        <tbody>
          {loaderData.stores.map((store) => (
            <tr key={store.id}>
              <th scope="row">
                <Link to={`/admin/tiendas/${encodeURIComponent(store.id)}`}>{store.name}</Link>
              </th>
              <td>{store.comuna}</td>
              <td>{services(store)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
