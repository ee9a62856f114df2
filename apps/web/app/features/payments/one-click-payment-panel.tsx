import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { WalletCard } from '@despensa/contracts';
import { WALLET_SNACKBAR_MS } from '@despensa/domain';
import { apiCall } from '../../lib/api-client';
import { Snackbar } from '../../ui/snackbar';
import { CARDS_UNREADABLE_MESSAGE, CARD_KIND_LABELS, cardName } from './card-labels';
import { SAVED_CARDS_PATH } from './paths';
import { SAVED_CARD_FIELD } from './payment-panel';
import './payments.css';

/**
 * Paying with a saved one-click card (201–203, by the card's kind), inside the payment step's form: the
 * customer's cards with the favourite chosen at first. The step's 'Pagar' sends the chosen card; the order
 * is placed and the card charged at once.
 */
export function OneClickPaymentPanel() {
  const id = useId();
  const [cards, setCards] = useState<WalletCard[] | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const [snackbar, setSnackbar] = useState<string | null>(null);
  const closeSnackbar = useCallback(() => setSnackbar(null), []);

  useEffect(() => {
    let live = true;
    void apiCall('/api/wallet/cards', 'walletCards').then((answer) => {
      if (!live) return;
      // A network failure raised error_503 already; any other failure is the §2 card-list error snackbar.
      if (answer.ok) setCards(answer.data);
      else if (!answer.unreachable) {
        setUnreadable(true);
        setSnackbar(CARDS_UNREADABLE_MESSAGE);
      }
    });
    return () => {
      live = false;
    };
  }, []);

  // Not an empty list: the shopper may still have cards, so only the snackbar speaks.
  if (unreadable)
    return <Snackbar message={snackbar} durationMs={WALLET_SNACKBAR_MS} onClose={closeSnackbar} />;
  if (cards === null) return <p className="payment-panel__note">Cargando tus tarjetas…</p>;
  if (cards.length === 0) {
    return (
      <div className="payment-panel">
        <p>Aún no tienes tarjetas guardadas.</p>
        <Link to={SAVED_CARDS_PATH}>Agrega una tarjeta en Mis tarjetas</Link>
      </div>
    );
  }
  const chosen = cards.find((card) => card.favourite) ?? cards[0]!;
  return (
    <fieldset className="choice-group payment-panel">
      <legend id={`${id}-legend`}>Elige una tarjeta guardada</legend>
      {cards.map((card) => (
        <label key={card.id} className="choice">
          <input
            type="radio"
            name={SAVED_CARD_FIELD}
            value={card.id}
            defaultChecked={card.id === chosen.id}
          />
          <span className="choice__label">
            {cardName(card)} · {CARD_KIND_LABELS[card.paymentMethod]}
            {card.favourite ? ' · Favorita' : ''}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
