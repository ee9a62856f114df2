import { Form, useFetcher } from 'react-router';
import type { Fulfilment } from '@despensa/contracts';
import { windowLine } from '../delivery';
import { ChatLog } from '../orders';
import { formatPrice } from '../../lib/format';

const PICKUP_METHODS = new Set(['Retiro en Tienda', 'Click al Auto']);

/** The status move the order's state allows next, if any. */
function nextMove(order: Fulfilment): { intent: string; label: string } | null {
  const pickup = PICKUP_METHODS.has(order.deliveryMethod);
  if (order.status === 'ready-for-handling')
    return { intent: 'start-handling', label: 'Comenzar preparación' };
  if (order.status === 'handling') return { intent: 'invoice', label: 'Emitir boleta' };
  if (order.status === 'invoiced')
    return { intent: 'hand-over', label: pickup ? 'Marcar retirado' : 'Marcar entregado' };
  return null;
}

/** The order's facts for the picker (status, window, money and its rule, receipt) and its next move. */
export function OrderSummary({ order, moveError }: { order: Fulfilment; moveError: string | null }) {
  const move = nextMove(order);
  return (
    <section className="console-card" aria-labelledby="order-title">
      <h1 id="order-title">Pedido {order.orderId}</h1>
      <p role="status">
        Estado: <strong>{order.statusDescription}</strong>
      </p>
      <p>
        {order.clientName} · {order.deliveryMethod} ·{' '}
        {order.deliveryWindow?.startDateUtc ? windowLine(order.deliveryWindow) : 'Sin ventana'}
      </p>
      {order.arrivedAt ? <p className="console-late">El cliente llegó: llévale el pedido al auto.</p> : null}
      <p>
        Autorizado: {formatPrice(order.authorised)} · Total final: <strong>{formatPrice(order.total)}</strong>
        {order.refunded > 0 ? ` · Se reembolsa ${formatPrice(order.refunded)}` : null}
      </p>
      <p>
        Regla de cobro: si el peso real o un reemplazo suben el total por sobre lo autorizado, se cobra como
        máximo lo autorizado y la diferencia la absorbe la tienda.
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
      {moveError ? (
        <p role="alert" className="console-error">
          {moveError}
        </p>
      ) : null}
    </section>
  );
}

/** The store's side of the order's chat: what was said and the reply box. */
export function StoreChat({ messages }: { messages: Parameters<typeof ChatLog>[0]['messages'] }) {
  const reply = useFetcher();
  return (
    <section className="console-card" aria-labelledby="console-chat-title">
      <h2 id="console-chat-title">Chat con el cliente</h2>
      <ChatLog messages={messages} mine="store" />
      <reply.Form method="post" className="chat-composer" key={messages.length}>
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
  );
}
