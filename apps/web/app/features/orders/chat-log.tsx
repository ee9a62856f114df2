import type { ChatMessage } from '@despensa/contracts';
import { clockTime } from '../delivery';
import './orders.css';

/** An order chat's messages, oldest first; `mine` is the side reading it. */
export function ChatLog({ messages, mine }: { messages: ChatMessage[]; mine: ChatMessage['author'] }) {
  if (messages.length === 0) return <p className="chat-log__empty">Aún no hay mensajes.</p>;
  return (
    <ol className="chat-log" aria-label="Mensajes" aria-live="polite">
      {messages.map((message) => (
        <li
          key={message.id}
          className={`chat-log__message${message.author === mine ? ' chat-log__message--mine' : ''}`}
        >
          <span className="chat-log__author">{message.authorName}</span>
          <span className="chat-log__text">{message.text}</span>
          <time className="chat-log__time" dateTime={message.sentAt}>
            {clockTime(message.sentAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}

/** The box to write a message; `onSend` answers whether it went (the box empties then). */
export function ChatComposer({
  onSend,
  label,
}: {
  onSend: (text: string) => Promise<boolean>;
  label: string;
}) {
  return (
    <form
      className="chat-composer"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const field = form.elements.namedItem('text') as HTMLTextAreaElement;
        if (field.value.trim() === '') return;
        if (await onSend(field.value)) form.reset();
        field.focus();
      }}
    >
      <label className="chat-composer__label">
        {label}
        <textarea name="text" rows={2} maxLength={1000} required />
      </label>
      <button type="submit" className="button button--primary">
        Enviar
      </button>
    </form>
  );
}
