import { useCart } from './cart-context';

/** The last change's messages as the server wrote them (limits hit, coupon outcome), or its refusal. */
export function CartMessages({ codes }: { codes?: (code: string) => boolean }) {
  const { messages, error, readOnly, retry } = useCart();
  const shown = codes ? messages.filter((message) => codes(message.code)) : messages;
  return (
    <div className="cart-messages" role="status">
      {shown.map((message) => (
        <p key={`${message.code}:${message.text}`} className={`cart-message cart-message--${message.status}`}>
          {message.text}
        </p>
      ))}
      {error ? <p className="cart-message cart-message--error">{error}</p> : null}
      {readOnly ? (
        <button type="button" className="text-button cart-messages__retry" onClick={retry}>
          Reintentar
        </button>
      ) : null}
    </div>
  );
}
