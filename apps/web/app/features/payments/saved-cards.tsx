import { useCallback, useEffect, useId, useState } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import type { WalletCard } from '@despensa/contracts';
import { WALLET_SNACKBAR_MS } from '@despensa/domain';
import { Dialog } from '../../ui/dialog';
import { Snackbar } from '../../ui/snackbar';
import { CARDS_UNREADABLE_MESSAGE, CARD_KIND_LABELS, ENROL_TYPES, cardName } from './card-labels';
import type { SavedCardsActionResult } from './saved-cards-server';
import './payments.css';

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

  useEffect(() => {
    if (cards === null) setNotice(CARDS_UNREADABLE_MESSAGE);
  }, [cards]);

  useEffect(() => {
    if (!result) return;
    setDeleting(null);
    setNotice(result.ok ? null : result.error);
  }, [result]);

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
              <li key={card.id} className="saved-cards__item">
                <span className="saved-cards__name">{cardName(card)}</span>
                <span className="saved-cards__kind">{CARD_KIND_LABELS[card.paymentMethod]}</span>
                {card.favourite ? <span className="saved-cards__favourite">Favorita</span> : null}
                <span className="saved-cards__actions">
                  {card.favourite ? null : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="favourite" />
                      <input type="hidden" name="cardId" value={card.id} />
                      <button
                        type="submit"
                        className="button button--secondary"
                        aria-label={`Marcar como favorita ${cardName(card)}`}
                        disabled={busy}
                      >
                        Marcar como favorita
                      </button>
                    </Form>
                  )}
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`Eliminar ${cardName(card)}`}
                    onClick={() => setDeleting(card)}
                  >
                    Eliminar
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="account-form__success" role="status">
          {result?.ok ? result.message : null}
        </p>
      </section>

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

      <Dialog open={deleting !== null} title="Eliminar tarjeta" onClose={() => setDeleting(null)}>
        <Form method="post" className="account-form">
          <p>¿Quieres eliminar tu tarjeta {deleting ? cardName(deleting) : ''}?</p>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="cardId" value={deleting?.id ?? ''} />
          <div className="account-form__buttons">
            <button type="button" className="button button--secondary" onClick={() => setDeleting(null)}>
              Cancelar
            </button>
            <button type="submit" className="button button--primary" disabled={busy}>
              Sí, eliminar
            </button>
          </div>
        </Form>
      </Dialog>
      <Snackbar message={notice} durationMs={WALLET_SNACKBAR_MS} onClose={closeNotice} />
    </>
  );
}
