import { useEffect, useId } from 'react';
import { Link, useFetcher } from 'react-router';
import { PRIME_PLAN, formatCLP } from '@despensa/domain';
import { Dialog } from '../../ui/dialog';
import type { PrimeActionResult } from './prime-server';

export interface PrimeCard {
  id: string;
  brand: string;
  cardLast4: string;
}

/** §2 Prime dialog: join with a saved one-click card, charged the first month now. */
export function PrimeDialog({
  open,
  onClose,
  cards,
}: {
  open: boolean;
  onClose: () => void;
  cards: PrimeCard[];
}) {
  const id = useId();
  const fetcher = useFetcher<PrimeActionResult>({ key: 'prime-join' });
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok) onClose();
  }, [result, onClose]);
  return (
    <Dialog open={open} title="Únete a Prime" onClose={onClose}>
      {cards.length === 0 ? (
        <p>
          Para ser Prime necesitas una tarjeta guardada.{' '}
          <Link to="/mis-tarjetas">Agrega una tarjeta en Mis tarjetas</Link>.
        </p>
      ) : (
        <fetcher.Form method="post" className="list-form">
          <input type="hidden" name="intent" value="join" />
          <fieldset className="field">
            <legend className="field__label">Tarjeta para el cobro mensual</legend>
            {cards.map((card, index) => (
              <label key={card.id} className="prime-card">
                <input type="radio" name="cardId" value={card.id} defaultChecked={index === 0} required />{' '}
                {card.brand} terminada en {card.cardLast4}
              </label>
            ))}
          </fieldset>
          <p>
            Pagarás {formatCLP(PRIME_PLAN.monthlyPrice)} al mes. Puedes cancelar cuando quieras: sigues siendo
            Prime hasta el fin del mes pagado.
          </p>
          {result && !result.ok && (
            <p role="alert" id={`${id}-error`} className="field__error">
              {result.error}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={fetcher.state !== 'idle'}>
            Unirme a Prime
          </button>
        </fetcher.Form>
      )}
    </Dialog>
  );
}
