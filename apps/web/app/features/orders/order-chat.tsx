import { Link } from 'react-router';
import type { ChatMessage } from '@despensa/contracts';
import { ChatComposer, ChatLog } from './chat-log';
import './orders.css';

/**
 * §4 chat notification bar: each pushed message counts until the chat is opened. 'Abrir Chat' opens the
 * chat on this page (`onOpen`) or goes to the purchase page's chat (`href`, the main header's bar).
 */
export function ChatBar({ unread, onOpen, href }: { unread: number; onOpen?: () => void; href?: string }) {
  if (unread === 0) return null;
  return (
    <div className="chat-bar" role="status">
      <span>Tienes {unread} mensaje(s) pendiente</span>
      {href ? (
        <Link className="button button--primary" to={href}>
          Abrir Chat
        </Link>
      ) : (
        <button type="button" className="button button--primary" onClick={onOpen}>
          Abrir Chat
        </button>
      )}
    </div>
  );
}

/** The order's chat with the store (the #chat anchor of the purchase page opens it). */
export function OrderChat({
  open,
  messages,
  onOpen,
  onSend,
}: {
  open: boolean;
  messages: ChatMessage[];
  onOpen: () => void;
  onSend: (text: string) => Promise<boolean>;
}) {
  return (
    <section id="chat" className="order-chat" aria-labelledby="order-chat-title">
      <h2 id="order-chat-title">Chat con la tienda</h2>
      {open ? (
        <>
          <ChatLog messages={messages} mine="shopper" />
          <ChatComposer label="Escribe tu mensaje" onSend={onSend} />
        </>
      ) : (
        <button type="button" className="button button--secondary" onClick={onOpen}>
          Ver el chat
        </button>
      )}
    </section>
  );
}
