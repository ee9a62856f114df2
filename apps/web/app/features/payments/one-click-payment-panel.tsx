import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { WalletCard } from '@despensa/contracts';
import { WALLET_CARD_PAYMENT_SYSTEMS, formatCLP } from '@despensa/domain';
import { apiRequest } from '../../lib/api-client';
import { CARD_KIND_LABELS, cardName } from './card-labels';
import { SAVED_CARDS_PATH } from './paths';
import { failureOf, followTransaction, payThroughApi, type PaymentPanelProps } from './payment-panel';
import './payments.css';

/**
 * Paying with a saved one-click card (201–203 by its kind): the customer's cards with the favourite chosen
 * at first; the order is placed and the card charged at once, then the order-placed page. A card the bank
 * refuses opens the bank failure modal (§8).
 */
export function OneClickPaymentPanel({
  orderFormId,
  total,
  pay,
  onPaid,
  onError,
  onPaymentSystemChange,
}: PaymentPanelProps) {
  const id = useId();
  const navigate = useNavigate();
  const [cards, setCards] = useState<WalletCard[] | null>(null);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void apiRequest<WalletCard[]>('/api/wallet/cards').then((answer) => {
      if (!live) return;
      if (!answer.ok) return setLoadError(answer.status === 0 ? null : answer.message);
      setCards(answer.data);
      setChosenId((answer.data.find((card) => card.favourite) ?? answer.data[0])?.id ?? null);
    });
    return () => {
      live = false;
    };
  }, []);

  const chosen = cards?.find((card) => card.id === chosenId) ?? null;
  const paymentSystem = chosen ? WALLET_CARD_PAYMENT_SYSTEMS[chosen.paymentMethod] : null;
  useEffect(() => {
    if (paymentSystem !== null) onPaymentSystemChange?.(paymentSystem);
  }, [paymentSystem, onPaymentSystemChange]);

  const payWithCard = async () => {
    if (!chosen || paymentSystem === null) return;
    setPaying(true);
    const outcome = await (pay ?? payThroughApi(orderFormId, total))({
      payments: [
        {
          paymentSystem,
          paymentSystemName: CARD_KIND_LABELS[chosen.paymentMethod],
          value: total,
          installments: 1,
          installmentsInterestRate: 0,
          accountId: chosen.id,
        },
      ],
    });
    setPaying(false);
    if (!outcome) return;
    if (!outcome.ok) return onError(failureOf(outcome));
    if (onPaid) onPaid(outcome.answer);
    else followTransaction(outcome.answer, navigate);
  };

  if (loadError) return <p className="payment-panel__error">{loadError}</p>;
  if (cards === null) return <p>Cargando tus tarjetas…</p>;
  if (cards.length === 0) {
    return (
      <div className="payment-panel">
        <p>Aún no tienes tarjetas guardadas.</p>
        <Link to={SAVED_CARDS_PATH}>Agregar una tarjeta en Mis tarjetas</Link>
      </div>
    );
  }
  return (
    <div className="payment-panel">
      <fieldset className="choice-group">
        <legend id={`${id}-legend`}>Elige una tarjeta guardada</legend>
        {cards.map((card) => (
          <label key={card.id} className="choice">
            <input
              type="radio"
              name={`${id}-card`}
              value={card.id}
              checked={card.id === chosenId}
              onChange={() => setChosenId(card.id)}
            />
            <span className="choice__label">
              {cardName(card)} · {CARD_KIND_LABELS[card.paymentMethod]}
              {card.favourite ? ' · Favorita' : ''}
            </span>
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="button button--primary"
        disabled={!chosen || paying}
        onClick={() => void payWithCard()}
      >
        Pagar {formatCLP(total)}
      </button>
    </div>
  );
}
