import { useEffect, useState } from 'react';
import {
  ORDER_FORM_COOKIE,
  REPEAT_ORDER_SNACKBAR_MS,
  mergeRepeatLines,
  repeatOrderChoice,
  type RepeatLine,
} from '@despensa/domain';
import type { LastOrderItems } from '@despensa/contracts';
import { apiCall } from '../../lib/api-client';
import { cookieString } from '../../lib/cookies';
import { Dialog } from '../../ui/dialog';
import { CART_CACHE_KEY, useCart } from '../cart';

export const REPEAT_TEXTS = {
  nothing: 'Tu carro ya tiene los productos de tu última compra.',
  added: 'Agregamos los productos de tu última compra a tu carro.',
  merged: 'Mezclamos tu carro con los productos de tu última compra.',
  replaced: 'Tu carro ahora tiene los productos de tu última compra.',
} as const;

/** §8: a 401 on the last order cleans the cart (its cookie and the cached copy) and reloads. */
function cleanCartAndReload(): void {
  document.cookie = cookieString(ORDER_FORM_COOKIE, '', 0);
  try {
    window.localStorage.removeItem(CART_CACHE_KEY);
  } catch {
    // Storage may be disabled; the cookie is what the server reads.
  }
  window.location.reload();
}

/**
 * §4 repeat last order: an identical cart → nothing happens; an empty cart → the items are added;
 * otherwise the shopper chooses 'Mezclar' or 'Nuevo pedido'. A snackbar says what happened for 5 s.
 */
export function RepeatLastOrder() {
  const cart = useCart();
  const [asking, setAsking] = useState<LastOrderItems | null>(null);
  const [snackbar, setSnackbar] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!snackbar) return;
    const timer = setTimeout(() => setSnackbar(null), REPEAT_ORDER_SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [snackbar]);

  const current = (): RepeatLine[] => cart.lines.map((line) => ({ id: line.id, quantity: line.quantity }));
  const sellerOf = (last: LastOrderItems, id: string) => last.items.find((item) => item.id === id)?.seller;
  /** Sets the cart's lines to `lines` (absolute quantities; lines left out go to 0), in one batch. */
  const setLines = (last: LastOrderItems, lines: RepeatLine[]) => {
    for (const line of cart.lines) {
      if (!lines.some((wanted) => wanted.id === line.id))
        cart.setQuantity({ id: line.id, seller: line.seller }, 0);
    }
    for (const line of lines) {
      const seller = sellerOf(last, line.id) ?? cart.lines.find((each) => each.id === line.id)?.seller;
      cart.setQuantity(seller ? { id: line.id, seller } : { id: line.id }, line.quantity);
    }
    cart.setMinicartOpen(true);
  };

  const repeat = async () => {
    setBusy(true);
    const answer = await apiCall('/api/orders/last', 'lastOrderItems');
    setBusy(false);
    if (!answer.ok) {
      if (answer.code === 'notLoggedIn') cleanCartAndReload();
      else if (!answer.unreachable) setSnackbar(answer.message);
      return;
    }
    const last = answer.data;
    const choice = repeatOrderChoice(current(), last.items);
    if (choice === 'nothing') setSnackbar(REPEAT_TEXTS.nothing);
    else if (choice === 'add') {
      setLines(last, last.items);
      setSnackbar(REPEAT_TEXTS.added);
    } else setAsking(last);
  };

  const answerAsk = (how: 'merge' | 'new') => {
    const last = asking!;
    setAsking(null);
    setLines(last, how === 'merge' ? mergeRepeatLines(current(), last.items) : last.items);
    setSnackbar(how === 'merge' ? REPEAT_TEXTS.merged : REPEAT_TEXTS.replaced);
  };

  return (
    <section className="repeat-order" aria-label="Repetir última compra">
      <button type="button" className="button button--primary" onClick={() => void repeat()} disabled={busy}>
        Repetir última compra
      </button>
      <Dialog open={asking !== null} title="Repetir última compra" onClose={() => setAsking(null)}>
        <p>
          Tu carro ya tiene productos. ¿Quieres mezclarlos con los de tu última compra o empezar un nuevo
          pedido?
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--primary" onClick={() => answerAsk('merge')}>
            Mezclar
          </button>
          <button type="button" className="button button--secondary" onClick={() => answerAsk('new')}>
            Nuevo pedido
          </button>
        </div>
      </Dialog>
      <div className="account-snackbar-region" role="status">
        {snackbar ? (
          <div className="account-snackbar">
            <p className="account-snackbar__text">{snackbar}</p>
          </div>
        ) : null}
      </div>
    </section>
  );
}
