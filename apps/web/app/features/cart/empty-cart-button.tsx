import { useState } from 'react';
import { Dialog, DialogOpener } from '../../ui/dialog';
import { useCart } from './cart-context';

/** 'Vaciar carro' asks first: removeAll cannot be undone. */
export function EmptyCartButton() {
  const { submit } = useCart();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <DialogOpener className="text-button" onOpen={() => setConfirming(true)}>
        Vaciar carro
      </DialogOpener>
      <Dialog open={confirming} title="¿Vaciar tu carro?" onClose={() => setConfirming(false)}>
        <p>Se quitarán todos los productos de tu carro.</p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            Cancelar
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              submit({ intent: 'removeAll' });
              setConfirming(false);
            }}
          >
            Sí, vaciar carro
          </button>
        </div>
      </Dialog>
    </>
  );
}
