import { Link, useRevalidator } from 'react-router';
import { formatPrice } from '../lib/format';
import { windowLine } from '../features/delivery/window-label';
import { useLiveEvents } from '../lib/live-events';
import { requireStaff } from '../features/operations/staff-server';
import type { Route } from './+types/operations-board';
import { ColumnHeads } from '../ui/column-heads';

/** /operaciones: the store's orders to pick by delivery window, with counts and what is late; live. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireStaff(context.services, request, 'picking');
  return { board: await context.services.operations.board(token) };
}

/** A board section's title: its window, or 'Sin ventana' for orders promised without one (express). */
function sectionTitle(window: { startDateUtc: string; endDateUtc: string }): {
  label: string;
  title: string;
} {
  if (!window.startDateUtc) return { label: 'Pedidos sin ventana', title: 'Sin ventana' };
  const line = windowLine(window);
  return { label: `Ventana ${line}`, title: line };
}

export default function OperationsBoard({ loaderData }: Route.ComponentProps) {
  const { board } = loaderData;
  const revalidator = useRevalidator();
  // New orders, status moves and arrivals elsewhere show without a reload.
  useLiveEvents('/api/operations/events', (event) => {
    if (event.type !== 'chat' && event.type !== 'line') void revalidator.revalidate();
  });
  return (
    <>
      <h1>Pedidos por preparar</h1>
      <p>
        {board.late > 0 ? <span className="console-late">{board.late} atrasado(s)</span> : 'Nada atrasado.'}
      </p>
      {board.windows.length === 0 ? <p>No hay pedidos por preparar.</p> : null}
      {board.windows.map((window) => (
        <section
          key={`${window.startDateUtc}-${window.endDateUtc}`}
          className="console-card"
          aria-label={sectionTitle(window).label}
        >
          <h2>
            {sectionTitle(window).title} · {window.count} pedido(s)
            {window.late > 0 ? <span className="console-late"> {window.late} atrasado(s)</span> : null}
          </h2>
          <table className="console-table">
            <ColumnHeads columns={['Pedido', 'Cliente', 'Entrega', 'Productos', 'Total', 'Estado']} />
            <tbody>
              {window.orders.map((order) => (
                <tr key={order.orderId}>
                  <th scope="row">
                    <Link to={`/operaciones/pedidos/${order.orderId}`}>{order.orderId}</Link>
                  </th>
                  <td>{order.clientName}</td>
                  <td>{order.deliveryMethod}</td>
                  <td>{order.items}</td>
                  <td>{formatPrice(order.value)}</td>
                  <td>
                    {order.statusDescription}
                    {order.late ? <span className="console-late"> Atrasado</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}
