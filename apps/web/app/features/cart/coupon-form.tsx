import { useId, useState, type FormEvent } from 'react';
import { COUPON_MISSING_MESSAGE } from '@despensa/domain';
import { useCart } from './cart-context';
import { useCartFetcher } from './cart-fetchers';
import { CartMessages } from './cart-messages';

const COUPON_CODES = new Set(['couponApplied', 'couponNotApplicable', 'couponInvalid', 'couponExpired']);

/** Apply or remove a coupon; the server's outcome message shows under the field. */
export function CouponForm() {
  const { orderForm, submit } = useCart();
  const pending = useCartFetcher('coupon').state !== 'idle';
  const inputId = useId();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const applied = orderForm?.marketingData.coupon ?? null;
  // A coupon that took leaves the field empty for the next one (state adjusted while rendering).
  const [shownApplied, setShownApplied] = useState(applied);
  if (applied !== shownApplied) {
    setShownApplied(applied);
    if (applied) setText('');
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!text.trim());
    if (text.trim()) submit({ intent: 'coupon', text });
  };
  return (
    <section className="coupon" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="cart-page__subtitle">
        Cupón de descuento
      </h2>
      {applied ? (
        <p className="coupon__applied">
          Cupón activo: <strong>{applied}</strong>{' '}
          <button
            type="button"
            className="text-button"
            onClick={() => submit({ intent: 'coupon', text: '' })}
          >
            Quitar cupón
          </button>
        </p>
      ) : null}
      <form className="coupon__form" onSubmit={onSubmit}>
        <label htmlFor={inputId}>Código del cupón</label>
        <input
          id={inputId}
          name="coupon"
          value={text}
          maxLength={50}
          autoComplete="off"
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${inputId}-missing` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setMissing(false);
          }}
        />
        <button type="submit" className="button button--secondary" aria-disabled={pending || undefined}>
          Aplicar
        </button>
      </form>
      {missing ? (
        <p id={`${inputId}-missing`} className="field-error" role="alert">
          {COUPON_MISSING_MESSAGE}
        </p>
      ) : null}
      <CartMessages codes={(code) => COUPON_CODES.has(code)} />
    </section>
  );
}
