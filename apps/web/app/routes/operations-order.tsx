import { useActionData, useRevalidator } from 'react-router';
import { OrderSummary, StoreChat } from '../features/operations/order-summary';
import { PickingLine } from '../features/operations/picking-line';
import { orderConsoleAction, replacementSearchOf, requireStaff } from '../features/operations/staff-server';
import { useLiveEvents } from '../lib/live-events';
import type { Route } from './+types/operations-order';
import { ColumnHeads } from '../ui/column-heads';

/** /operaciones/pedidos/:orderId: picking one order of the store, its status moves and its chat; live. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { token } = await requireStaff(context.services, request, 'picking');
  const { operations } = context.services;
  try {
    const [order, chat, replacementSearch] = await Promise.all([
      operations.order(token, params.orderId),
      operations.chat(token, params.orderId),
      replacementSearchOf(operations, token, request, params.orderId),
    ]);
    return { order, chat, replacementSearch };
  } catch {
    // Another store's order, or none: the same answer (an id in a URL is not a key).
    throw new Response(null, { status: 404 });
  }
}

export function action({ request, context, params }: Route.ActionArgs) {
  return orderConsoleAction(context.services, request, params.orderId);
}

export default function OperationsOrder({ loaderData }: Route.ComponentProps) {
  const { order, chat, replacementSearch } = loaderData;
  const revalidator = useRevalidator();
  const moved = useActionData<typeof action>();
  useLiveEvents('/api/operations/events', (event) => {
    if (event.orderId === order.orderId) void revalidator.revalidate();
  });
  return (
    <>
      <OrderSummary order={order} moveError={moved && 'error' in moved ? moved.error : null} />

      <section className="console-card" aria-labelledby="lines-title">
        <h2 id="lines-title">Productos (orden de pasillo)</h2>
        <table className="console-table">
          <ColumnHeads columns={['Pasillo', 'Producto', 'Preferencia', 'Estado', 'Precio', 'Acciones']} />
          <tbody>
            {order.lines.map((line) => (
              <PickingLine
                key={line.index}
                orderId={order.orderId}
                line={line}
                editable={order.status === 'handling'}
                found={replacementSearch?.index === line.index ? replacementSearch : null}
              />
            ))}
          </tbody>
        </table>
      </section>

      <StoreChat messages={chat.messages} />
    </>
  );
}
