import { useCallback, useId, useState } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import type { WalletCard } from '@despensa/contracts';
import { WALLET_SNACKBAR_MS } from '@despensa/domain';
import { Dialog } from '../../ui/dialog';
import { Snackbar } from '../../ui/snackbar';
import { CARDS_UNREADABLE_MESSAGE, CARD_KIND_LABELS, ENROL_TYPES, cardName } from './card-labels';
import type { SavedCardsActionResult } from './saved-cards-server';
import './payments.css';
import { useChanged } from '../../lib/use-changed';
import { PostButton } from '../../ui/post-button';

/**
 * /mis-tarjetas: the customer's one-click cards (brand, last digits, the favourite marked), add one through
 * the acquirer's enrolment page, make one the favourite, delete one. A refused change (§8: a card that paid an
 * order not yet collected and receipted) is told in a snackbar for 15 s, and so are cards that could not be
 * read (§2 card-list error; `cards` null).
 */
export function SavedCards({
  cards,
  enrolmentMessage,
  enrolmentOk,
}: {
  cards: WalletCard[] | null;
  enrolmentMessage: string | null;
  enrolmentOk: boolean;
}) {
  const id = useId();
  const result = useActionData<SavedCardsActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [deleting, setDeleting] = useState<WalletCard | null>(null);
  const [notice, setNotice] = useState<string | null>(cards === null ? CARDS_UNREADABLE_MESSAGE : null);
  const closeNotice = useCallback(() => setNotice(null), []);

  if (useChanged(cards) && cards === null) setNotice(CARDS_UNREADABLE_MESSAGE);
  // An answer closes the delete dialog and says what failed, if anything.
  if (useChanged(result) && result) {
    setDeleting(null);
    setNotice(result.ok ? null : result.error);
  }

  return (
    <>
      <section className="account-section" aria-labelledby={`${id}-cards`}>
        <h2 id={`${id}-cards`} className="account-section__title">
          Tarjetas guardadas
        </h2>
        <p className={enrolmentOk ? 'account-form__success' : 'account-form__error'} role="status">
          {enrolmentMessage}
        </p>
        {cards === null ? null : cards.length === 0 ? (
          <p>Aún no tienes tarjetas guardadas. Agrega una para pagar en un clic.</p>
        ) : (
          <ul className="saved-cards">
            {cards.map((card) => (
              <CardItem key={card.id} card={card} busy={busy} onDelete={setDeleting} />
            ))}
          </ul>
        )}
        <p className="account-form__success" role="status">
          {result?.ok ? result.message : null}
        </p>
      </section>

      <EnrolCard busy={busy} />
      <DeleteCardDialog card={deleting} busy={busy} onClose={() => setDeleting(null)} />
      <Snackbar message={notice} durationMs={WALLET_SNACKBAR_MS} onClose={closeNotice} />
    </>
  );
}

/** A saved card: its name and kind, the favourite marked, and what can be done to it. */
function CardItem({
  card,
  busy,
  onDelete,
}: {
  card: WalletCard;
  busy: boolean;
  onDelete: (card: WalletCard) => void;
}) {
  return (
    <li className="saved-cards__item">
      <span className="saved-cards__name">{cardName(card)}</span>
      <span className="saved-cards__kind">{CARD_KIND_LABELS[card.paymentMethod]}</span>
      {card.favourite ? <span className="saved-cards__favourite">Favorita</span> : null}
      <span className="saved-cards__actions">
        {card.favourite ? null : (
          <PostButton
            fields={{ intent: 'favourite', cardId: card.id }}
            label={`Marcar como favorita ${cardName(card)}`}
            busy={busy}
          >
            Marcar como favorita
          </PostButton>
        )}
        <button
          type="button"
          className="button button--secondary"
          aria-label={`Eliminar ${cardName(card)}`}
          onClick={() => onDelete(card)}
        >
          Eliminar
        </button>
      </span>
    </li>
  );
}

/** 'Agregar tarjeta': the kind of card, enrolled on the acquirer's page. */
function EnrolCard({ busy }: { busy: boolean }) {
  const id = useId();
  return (
    <section className="account-section" aria-labelledby={`${id}-add`}>
      <h2 id={`${id}-add`} className="account-section__title">
        Agregar tarjeta
      </h2>
      <Form method="post" className="account-form saved-cards__add">
        <input type="hidden" name="intent" value="enrol" />
        <fieldset className="choice-group">
          <legend>Tipo de tarjeta</legend>
          {ENROL_TYPES.map((option, index) => (
            <label key={option.type} className="choice">
              <input type="radio" name="type" value={option.type} defaultChecked={index === 0} />
              <span className="choice__label">{option.label}</span>
            </label>
          ))}
        </fieldset>
        <p className="dialog__note">
          Te llevaremos a la página segura de tu banco para inscribirla, y volverás aquí.
        </p>
        <button type="submit" className="button button--primary" disabled={busy}>
          Agregar tarjeta
        </button>
      </Form>
    </section>
  );
}

/** Asks before a card is deleted. */
function DeleteCardDialog({
  card,
  busy,
  onClose,
}: {
  card: WalletCard | null;
  busy: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={card !== null} title="Eliminar tarjeta" onClose={onClose}>
      <Form method="post" className="account-form">
        <p>¿Quieres eliminar tu tarjeta {card ? cardName(card) : ''}?</p>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="cardId" value={card?.id ?? ''} />
        <div className="account-form__buttons">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            Sí, eliminar
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
