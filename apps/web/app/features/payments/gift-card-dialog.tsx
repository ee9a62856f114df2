import { useId, useState, type MouseEvent } from 'react';
import {
  CENTS_PER_PESO,
  GIFT_CARD_NUMBER_MESSAGE,
  GIFT_CARD_PASSWORD_MESSAGE,
  formatCLP,
  isValidGiftCardNumber,
  isValidGiftCardPassword,
} from '@despensa/domain';
import { Dialog } from '../../ui/dialog';
import { useFieldError } from '../../ui/use-field-error';
import { NewsletterField as Field } from '../newsletter';
import { GIFT_CARD_AMOUNT_MESSAGE, GIFT_CARD_FIELDS } from './payment-panel';
import './payments.css';

export const GIFT_CARD_DIALOG_TITLE = 'Pagar con gift card';

const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/**
 * §2 gift-card dialog (payment 732), inside the payment step's form: the card's 16-digit number and 4-digit
 * password (§5 messages after a pause, or at once on 'Pagar'), and how much of the total it pays: all of it
 * by default, or part, the rest by card on the acquirer's page. 'Pagar' sends the step's form; the issuer's
 * refusal (§8 codes E001…E075, each with its own text) comes back as `refusal` and is told here.
 */
export function GiftCardDialog({
  open,
  onClose,
  total,
  refusal,
  busy,
}: {
  open: boolean;
  onClose: () => void;
  /** What the purchase costs, in cents. */
  total: number;
  /** The issuer's answer to the last try, in Spanish; null when there is none. */
  refusal: string | null;
  /** The step's form is being sent. */
  busy: boolean;
}) {
  return (
    <Dialog open={open} title={GIFT_CARD_DIALOG_TITLE} onClose={onClose}>
      {/* Mounted while open: each opening starts with empty fields and the current total. */}
      <GiftCardFields total={total} refusal={refusal} busy={busy} onClose={onClose} />
    </Dialog>
  );
}

function GiftCardFields({
  total,
  refusal,
  busy,
  onClose,
}: {
  total: number;
  refusal: string | null;
  busy: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');
  const [amount, setAmount] = useState(String(Math.round(total / CENTS_PER_PESO)));
  const numberError = useFieldError(number, isValidGiftCardNumber(number));
  const passwordError = useFieldError(password, isValidGiftCardPassword(password));

  const giftCardValue = Math.min(total, Number(amount || 0) * CENTS_PER_PESO);
  const amountValid = giftCardValue > 0;
  const rest = total - giftCardValue;

  // Checked here first: a card that cannot be valid never reaches the issuer.
  const check = (event: MouseEvent) => {
    if (isValidGiftCardNumber(number) && isValidGiftCardPassword(password) && amountValid) return;
    event.preventDefault();
    numberError.force();
    passwordError.force();
  };

  return (
    <div className="account-form">
      <Field
        id={`${id}-number`}
        name={GIFT_CARD_FIELDS.number}
        label="Número de la gift card"
        inputMode="numeric"
        autoComplete="off"
        maxLength={16}
        value={number}
        onChange={(event) => setNumber(digitsOnly(event.target.value, 16))}
        error={numberError.visible ? GIFT_CARD_NUMBER_MESSAGE : null}
      />
      <Field
        id={`${id}-password`}
        name={GIFT_CARD_FIELDS.password}
        label="Clave"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        value={password}
        onChange={(event) => setPassword(digitsOnly(event.target.value, 4))}
        error={passwordError.visible ? GIFT_CARD_PASSWORD_MESSAGE : null}
      />
      <Field
        id={`${id}-amount`}
        name={GIFT_CARD_FIELDS.amount}
        label="Monto a pagar con la gift card"
        inputMode="numeric"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(digitsOnly(event.target.value, 9))}
        error={amountValid ? null : GIFT_CARD_AMOUNT_MESSAGE}
      />
      <p className="payment-panel__note">
        {rest > 0
          ? `La gift card paga ${formatCLP(giftCardValue)}; el resto, ${formatCLP(rest)}, lo pagarás con tarjeta.`
          : `La gift card paga el total de tu compra, ${formatCLP(total)}: debe tener saldo suficiente.`}
      </p>
      <p className="payment-panel__error" role="alert">
        {busy ? null : refusal}
      </p>
      <div className="account-form__buttons">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancelar
        </button>
        <button type="submit" className="button button--primary" disabled={busy} onClick={check}>
          Pagar
        </button>
      </div>
    </div>
  );
}
