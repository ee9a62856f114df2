import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  CARD_REDIRECT_PAYMENT_ID,
  CENTS_PER_PESO,
  GIFT_CARD_NUMBER_MESSAGE,
  GIFT_CARD_PASSWORD_MESSAGE,
  PAYMENT_IDS,
  formatCLP,
  isValidGiftCardNumber,
  isValidGiftCardPassword,
} from '@despensa/domain';
import { Dialog } from '../../ui/dialog';
import { useFieldError } from '../../ui/use-field-error';
import { NewsletterField as Field } from '../newsletter/newsletter-field';
import { failureOf, followTransaction, payThroughApi, type PaymentPanelProps } from './payment-panel';
import './payments.css';

export const GIFT_CARD_DIALOG_TITLE = 'Pagar con gift card';

const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/**
 * §2 gift-card dialog (payment 732): the card's 16-digit number and 4-digit password (§5 messages), and how
 * much of the total it pays: all of it by default, or part, with the rest paid by card on the acquirer's
 * page. The issuer's refusals (§8 codes E001…E075) are told in the dialog with each code's own text; any
 * other failure goes to the checkout's failed-payment modal.
 */
export function GiftCardDialog({
  open,
  onClose,
  ...panel
}: PaymentPanelProps & { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title={GIFT_CARD_DIALOG_TITLE} onClose={onClose}>
      {/* Mounted while open: each opening starts with empty fields and the current total. */}
      <GiftCardForm {...panel} onClose={onClose} />
    </Dialog>
  );
}

function GiftCardForm({
  onClose,
  orderFormId,
  total,
  pay,
  onPaid,
  onError,
}: PaymentPanelProps & { onClose: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');
  const [amountPesos, setAmountPesos] = useState(String(total / CENTS_PER_PESO));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const numberError = useFieldError(number, isValidGiftCardNumber(number));
  const passwordError = useFieldError(password, isValidGiftCardPassword(password));

  const giftCardValue = Math.min(total, Math.round(Number(amountPesos || 0) * CENTS_PER_PESO));
  const amountValid = Number.isFinite(giftCardValue) && giftCardValue > 0;
  const rest = total - giftCardValue;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidGiftCardNumber(number) || !isValidGiftCardPassword(password) || !amountValid) {
      numberError.force();
      passwordError.force();
      return;
    }
    setRefusal(null);
    setPaying(true);
    const entry = { installments: 1, installmentsInterestRate: 0 };
    const outcome = await (pay ?? payThroughApi(orderFormId, total))({
      payments: [
        {
          ...entry,
          paymentSystem: PAYMENT_IDS.giftCard,
          paymentSystemName: 'Gift card',
          value: giftCardValue,
        },
        ...(rest > 0
          ? [{ ...entry, paymentSystem: CARD_REDIRECT_PAYMENT_ID, paymentSystemName: 'Webpay', value: rest }]
          : []),
      ],
      giftCard: { number, password },
    });
    setPaying(false);
    if (!outcome) return;
    if (!outcome.ok) {
      // The issuer's answer belongs to this card: the shopper fixes it here (another card, the password).
      if (outcome.code?.startsWith('giftCard')) return setRefusal(outcome.message);
      onClose();
      return onError(failureOf(outcome));
    }
    if (onPaid) onPaid(outcome.answer);
    else followTransaction(outcome.answer, navigate);
  };

  return (
    <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      <Field
        id={`${id}-number`}
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
        label="Monto a pagar con la gift card"
        inputMode="numeric"
        autoComplete="off"
        value={amountPesos}
        onChange={(event) => setAmountPesos(digitsOnly(event.target.value, 9))}
        error={amountValid ? null : 'Ingresa un monto mayor a $0'}
      />
      <p className="payment-panel__note">
        {rest > 0
          ? `La gift card paga ${formatCLP(giftCardValue)}; el resto, ${formatCLP(rest)}, lo pagarás con tarjeta.`
          : `La gift card paga el total de tu compra: ${formatCLP(total)}. Debe tener saldo suficiente.`}
      </p>
      <p className="payment-panel__error" role="alert">
        {refusal}
      </p>
      <div className="account-form__buttons">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancelar
        </button>
        <button type="submit" className="button button--primary" disabled={paying}>
          Pagar
        </button>
      </div>
    </form>
  );
}
