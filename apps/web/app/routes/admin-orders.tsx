import { Form, Link } from 'react-router';
import { formatCLP, staffSupports } from '@despensa/domain';
import type { SupportSearch } from '@despensa/contracts';
import { BackOfficeRefusal, backOffice, requireBackOffice } from '../features/admin/admin-server';
import { formatStamp } from '../features/admin/admin-format';
import type { Route } from './+types/admin-orders';
import { ColumnHeads } from '../ui/column-heads';

/** /admin/pedidos: support finds an order by its id or group, the customer's e-mail or RUT, or a day. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireBackOffice(context.services, request, staffSupports);
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, 254);
  const day = (params.get('fecha') ?? '').trim().slice(0, 10);
  if (!q && !day) return { q, day, found: null, error: null };
  const query = new URLSearchParams({ ...(q ? { q } : {}), ...(day ? { day } : {}) });
  try {
    const found = await backOffice<SupportSearch>(context.services, request, token, {
      path: `/api/admin/support/orders?${query}`,
    });
    return { q, day, found, error: null };
  } catch (error) {
    if (error instanceof BackOfficeRefusal) return { q, day, found: null, error: error.message };
    throw error;
  }
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { q, day, found, error } = loaderData;
  return (
    <>
      <h1>Pedidos y clientes</h1>
      <Form method="get" className="console-card admin-form" role="search">
        <label>
          Pedido, correo o RUT del cliente
          <input type="search" name="q" defaultValue={q} maxLength={254} />
        </label>
        <label>
          Fecha del pedido
          <input type="date" name="fecha" defaultValue={day} />
        </label>
        <button type="submit" className="button button--primary">
          Buscar
        </button>
      </Form>
      {error ? (
        <p role="alert" className="console-error">
          {error}
        </p>
      ) : null}
      {found ? <Found found={found} /> : null}
    </>
  );
}

function Found({ found }: { found: SupportSearch }) {
  return (
    <>
      {found.customers.length > 0 ? (
        <section className="console-card" aria-labelledby="customers-heading">
          <h2 id="customers-heading">Clientes</h2>
          <ul>
            {found.customers.map((customer) => (
              <li key={customer.userId}>
                {customer.firstName} {customer.lastName} · {customer.email} · RUT {customer.document}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="console-card" aria-labelledby="orders-heading">
        <h2 id="orders-heading">{found.orders.length} pedido(s)</h2>
        {found.orders.length === 0 ? (
          <p>No encontramos pedidos con esos datos.</p>
        ) : (
          <table className="console-table">
            <ColumnHeads columns={['Pedido', 'Fecha', 'Cliente', 'Estado', 'Total']} />
            <tbody>
              {found.orders.map((order) => (
                <tr key={order.orderId}>
                  <th scope="row">
                    <Link to={`/admin/pedidos/${order.orderId}`}>{order.orderId}</Link>
                  </th>
                  <td>
                    <time dateTime={order.creationDate}>{formatStamp(order.creationDate)}</time>
                  </td>
                  <td>{order.email ?? '—'}</td>
                  <td>{order.statusDescription}</td>
                  <td>{formatCLP(order.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
