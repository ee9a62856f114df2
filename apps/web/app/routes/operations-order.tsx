import { Form, useActionData, useFetcher, useRevalidator } from 'react-router';
import { ChatLog } from '../features/orders/chat-log';
import { PickingLine } from '../features/operations/picking-line';
import { orderConsoleAction, requireStaff } from '../features/operations/staff-server';
import { formatPrice } from '../lib/format';
import { windowLine } from '../features/delivery/window-label';
import { useLiveEvents } from '../lib/live-events';
import type { Route } from './+types/operations-order';

const PICKUP_METHODS = new Set(['Retiro en Tienda', 'Click al Auto']);

/** /operaciones/pedidos/:orderId: picking one order of the store, its status moves and its chat; live. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { token } = await requireStaff(context.services, request, 'picking');
  const { operations } = context.services;
  try {
    const [order, chat] = await Promise.all([
      operations.order(token, params.orderId),
      operations.chat(token, params.orderId),
    ]);
    return { order, chat };
  } catch {
    // Another store's order, or none: the same answer (an id in a URL is not a key).
    throw new Response(null, { status: 404 });
  }
}

export function action({ request, context, params }: Route.ActionArgs) {
  return orderConsoleAction(context.services, request, params.orderId);
}

export default function OperationsOrder({ loaderData }: Route.ComponentProps) {
  const { order, chat } = loaderData;
  const revalidator = useRevalidator();
  const moved = useActionData<typeof action>();
  const reply = useFetcher<typeof action>();
  useLiveEvents('/api/operations/events', (event) => {
    if (event.orderId === order.orderId) void revalidator.revalidate();
  });
  const pickup = PICKUP_METHODS.has(order.deliveryMethod);
  const move =
    order.status === 'ready-for-handling'
      ? { intent: 'start-handling', label: 'Comenzar preparación' }
      : order.status === 'handling'
        ? { intent: 'invoice', label: 'Emitir boleta' }
        : order.status === 'invoiced'
          ? { intent: 'hand-over', label: pickup ? 'Marcar retirado' : 'Marcar entregado' }
          : null;
  return (
    <>
      <section className="console-card" aria-labelledby="order-title">
        <h1 id="order-title">Pedido {order.orderId}</h1>
        <p role="status">
          Estado: <strong>{order.statusDescription}</strong>
        </p>
        <p>
          {order.clientName} · {order.deliveryMethod} ·{' '}
          {order.deliveryWindow?.startDateUtc ? windowLine(order.deliveryWindow) : 'Sin ventana'}
        </p>
        {order.arrivedAt ? (
          <p className="console-late">El cliente llegó: llévale el pedido al auto.</p>
        ) : null}
        <p>
          Autorizado: {formatPrice(order.authorised)} · Total final:{' '}
          <strong>{formatPrice(order.total)}</strong>
          {order.refunded > 0 ? ` · Se reembolsa ${formatPrice(order.refunded)}` : null}
        </p>
        <p>
          Regla de peso: si el peso real sube el total por sobre lo autorizado, se cobra como máximo lo
          autorizado y la diferencia la absorbe la tienda.
          {order.capped > 0 ? ` Absorbido en este pedido: ${formatPrice(order.capped)}.` : null}
        </p>
        {order.receipt ? (
          <p>
            Boleta {order.receipt.number} por {formatPrice(order.receipt.total)}
          </p>
        ) : null}
        {move ? (
          <Form method="post">
            <input type="hidden" name="intent" value={move.intent} />
            <button type="submit" className="button button--primary">
              {move.label}
            </button>
          </Form>
        ) : null}
        {moved && 'error' in moved ? (
          <p role="alert" className="console-error">
            {moved.error}
          </p>
        ) : null}
      </section>

      <section className="console-card" aria-labelledby="lines-title">
        <h2 id="lines-title">Productos (orden de pasillo)</h2>
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">Pasillo</th>
              <th scope="col">Producto</th>
              <th scope="col">Preferencia</th>
              <th scope="col">Estado</th>
              <th scope="col">Precio</th>
              <th scope="col">Acciones</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <PickingLine key={line.index} line={line} editable={order.status === 'handling'} />
            ))}
          </tbody>
        </table>
      </section>

      <section className="console-card" aria-labelledby="console-chat-title">
        <h2 id="console-chat-title">Chat con el cliente</h2>
        <ChatLog messages={chat.messages} mine="store" />
        <reply.Form method="post" className="chat-composer" key={chat.messages.length}>
          <input type="hidden" name="intent" value="say" />
          <label className="chat-composer__label">
            Respuesta
            <textarea name="text" rows={2} maxLength={1000} required />
          </label>
          <button type="submit" className="button button--primary">
            Enviar
          </button>
        </reply.Form>
      </section>
    </>
  );
}
