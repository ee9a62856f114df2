import { useState } from 'react';
import { BREAKPOINTS } from '@despensa/domain';
import { useMediaQuery } from '../../lib/use-media-query';
import { useDeliveryOptional } from '../delivery';
import { useCart } from './cart-context';
import { deliveryModeOf } from './delivery-mode';

const DESKTOP_QUERY = `(min-width: ${BREAKPOINTS.desktop + 1}px)`;

/**
 * §2: after an add, when no delivery type is chosen yet, a popover under the delivery button asks for
 * one; desktop only (width over 1025 px). It waits for the minicart to close, which covers it.
 */
export function DeliveryPrompt() {
  const { lastAdd, orderForm, minicartOpen } = useCart();
  const delivery = useDeliveryOptional();
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const desktop = useMediaQuery(DESKTOP_QUERY);

  const chosen = Boolean(delivery?.choice?.method ?? deliveryModeOf(orderForm));
  const show = desktop && lastAdd !== null && dismissedAt !== lastAdd.at && !minicartOpen && !chosen;
  if (!show) return null;
  return (
    <div className="delivery-prompt" role="status">
      <p className="delivery-prompt__text">
        Elige tu modo de entrega para ver la disponibilidad y los horarios de tu zona.
      </p>
      <div className="delivery-prompt__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setDismissedAt(lastAdd.at);
            delivery?.openSelector();
          }}
        >
          Elegir modo de entrega
        </button>
        <button type="button" className="text-button" onClick={() => setDismissedAt(lastAdd.at)}>
          Cerrar aviso
        </button>
      </div>
    </div>
  );
}
