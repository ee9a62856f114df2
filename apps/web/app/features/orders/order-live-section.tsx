import { useCallback, useEffect, useState } from 'react';
import type { ChatMessage, Fulfilment, RealtimeEvent } from '@despensa/contracts';
import { apiCall } from '../../lib/api-client';
import { formatNumber, formatPrice } from '../../lib/format';
import { useLiveEvents } from '../../lib/live-events';
import { CappedTotalNote } from './capped-total-note';
import { ChatBar, OrderChat } from './order-chat';
import { SubstitutionApproval } from './substitution-approval';
import './orders.css';
import { ColumnHeads } from '../../ui/column-heads';

const HANDED_OVER = new Set(['delivered', 'collected', 'canceled']);
const kilos = (grams: number | null) => (grams === null ? '—' : `${formatNumber(grams / 1000)} kg`);

/**
 * The order as it moves (status, lines, total) and its chat, live over the order's event stream; read again
 * when the page's own form changed the order (`revision`).
 */
function useOrderLive(orderId: string, revision: string) {
  const [fulfilment, setFulfilment] = useState<Fulfilment | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [unread, setUnread] = useState(0);
  const [chatOpen, setChatOpen] = useState(false);

  const refresh = useCallback(
    () =>
      apiCall(`/api/orders/${orderId}/fulfilment`, 'fulfilment').then((result) => {
        if (result.ok) setFulfilment(result.data);
      }),
    [orderId],
  );

  const openChat = useCallback(async () => {
    setChatOpen(true);
    const result = await apiCall(`/api/orders/${orderId}/chat/read`, 'chatAnswer', {
      method: 'POST',
      body: {},
    });
    if (result.ok) {
      setMessages(result.data.messages);
      setUnread(0);
    }
  }, [orderId]);

  // Read on arrival and again after the page's own form changed the order (its revision).
  useEffect(() => {
    void refresh();
  }, [refresh, revision]);

  useEffect(() => {
    void apiCall(`/api/orders/${orderId}/chat`, 'chatAnswer').then((result) => {
      if (!result.ok) return;
      setMessages(result.data.messages);
      setUnread(result.data.unread);
    });
    // §2: the #chat anchor opens the chat, on arrival and when the anchor is followed later.
    const byHash = () => {
      if (window.location.hash === '#chat') void openChat();
    };
    byHash();
    window.addEventListener('hashchange', byHash);
    return () => window.removeEventListener('hashchange', byHash);
  }, [orderId, refresh, openChat]);

  useLiveEvents(`/api/orders/${orderId}/events`, (event: RealtimeEvent) => {
    if (event.type !== 'chat') {
      void refresh();
      return;
    }
    const message = event.data as ChatMessage;
    setMessages((current) =>
      current.some((each) => each.id === message.id) ? current : [...current, message],
    );
    if (message.author === 'store') {
      // An open chat reads it at once; a closed one counts it for the bar.
      if (chatOpen)
        void apiCall(`/api/orders/${orderId}/chat/read`, 'chatAnswer', { method: 'POST', body: {} });
      else setUnread((count) => count + 1);
    }
  });

  const send = async (text: string) => {
    const result = await apiCall(`/api/orders/${orderId}/chat`, 'chatMessage', {
      method: 'POST',
      body: { text },
    });
    if (!result.ok) return false;
    setMessages((current) =>
      current.some((each) => each.id === result.data.id) ? current : [...current, result.data],
    );
    return true;
  };

  const arrived = async () => {
    const result = await apiCall(`/api/orders/${orderId}/arrived`, 'fulfilment', {
      method: 'POST',
      body: {},
    });
    if (result.ok) setFulfilment(result.data);
  };
  return { fulfilment, setFulfilment, messages, unread, chatOpen, openChat, send, arrived };
}

/** The weighed items: estimated and real weight, and the price. */
function WeighedTable({ weighed }: { weighed: Fulfilment['lines'] }) {
  return (
    <table className="order-live__weighed">
      <caption>Productos a granel</caption>
      <ColumnHeads columns={['Producto', 'Peso estimado', 'Peso real', 'Precio']} />
      <tbody>
        {weighed.map((line) => (
          <tr key={line.index}>
            <th scope="row">{line.name}</th>
            <td>{kilos(line.estimatedGrams)}</td>
            <td>{kilos(line.realGrams)}</td>
            <td>{formatPrice(line.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The live part of a purchase page (/mis-compras/:orderId): the status as it moves, weighed items with
 * estimated and real weight and price, the final total, replacements to approve, 'Llegué' for Click al
 * Auto, and the chat with the store. Everything arrives live over the order's event stream.
 */
export function OrderLiveSection({
  orderId,
  revision,
}: {
  orderId: string;
  /** Changes when the page's own form changed the order (an edit): the live total is read again. */
  revision: string;
}) {
  const { fulfilment, setFulfilment, messages, unread, chatOpen, openChat, send, arrived } = useOrderLive(
    orderId,
    revision,
  );
  const weighed = fulfilment?.lines.filter((line) => line.weighed) ?? [];
  return (
    <div className="order-live">
      <ChatBar unread={chatOpen ? 0 : unread} onOpen={() => void openChat()} />
      {fulfilment ? (
        <section className="order-live__summary" aria-labelledby="order-live-title">
          <h2 id="order-live-title">Seguimiento</h2>
          <p role="status" className="order-live__status">
            Estado: <strong>{fulfilment.statusDescription}</strong>
          </p>
          <p className="order-live__total">
            Total: <strong data-testid="order-total">{formatPrice(fulfilment.total)}</strong>
          </p>
          {fulfilment.receipt ? (
            <p className="order-live__receipt">Boleta {fulfilment.receipt.number}</p>
          ) : null}
          <CappedTotalNote fulfilment={fulfilment} />
          {fulfilment.refunded > 0 && fulfilment.receipt ? (
            <p className="order-live__rule">Te devolvemos {formatPrice(fulfilment.refunded)}.</p>
          ) : null}
          {weighed.length > 0 ? <WeighedTable weighed={weighed} /> : null}
          {fulfilment.deliveryMethod === 'Click al Auto' && !HANDED_OVER.has(fulfilment.status) ? (
            fulfilment.arrivedAt ? (
              <p>Avisamos a la tienda que llegaste. Te llevamos el pedido al auto.</p>
            ) : (
              <button type="button" className="button button--primary" onClick={() => void arrived()}>
                Llegué
              </button>
            )
          ) : null}
        </section>
      ) : null}
      {fulfilment ? <SubstitutionApproval fulfilment={fulfilment} onChange={setFulfilment} /> : null}
      <OrderChat open={chatOpen} messages={messages} onOpen={() => void openChat()} onSend={send} />
    </div>
  );
}
