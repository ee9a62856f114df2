import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { goToCheckoutTarget } from '@despensa/domain';
import { Dialog } from '../../ui/dialog';
import { useCart } from './cart-context';
import { deliveryModeOf } from './delivery-mode';

/** 'Ir a pagar' with the §2 go-to-checkout rules. */
export function CheckoutButton({ defaultStoreName }: { defaultStoreName: string }) {
  const { orderForm, lines } = useCart();
  const navigate = useNavigate();
  const [choosingDelivery, setChoosingDelivery] = useState(false);
  const goToCheckout = () => {
    const target = goToCheckoutTarget({
      loggedIn: orderForm?.loggedIn ?? false,
      deliveryMode: deliveryModeOf(orderForm),
      // The delivery issue stores the chosen store's name; until then every cart has the default one.
      storeName: null,
      defaultStoreName,
    });
    // The accounts issue's login dialog takes the place of this page, keeping the same callback.
    if (target === 'login') void navigate('/login-page?callback=/mi-carro');
    else if (target === 'deliverySelector') setChoosingDelivery(true);
    else void navigate('/_secure/cart');
  };
  return (
    <>
      <button
        type="button"
        className="button button--primary cart-page__checkout"
        aria-disabled={lines.length === 0 || undefined}
        onClick={() => {
          if (lines.length) goToCheckout();
        }}
      >
        Ir a pagar
      </button>
      <Dialog
        open={choosingDelivery}
        title="Elige tu modo de entrega"
        onClose={() => setChoosingDelivery(false)}
      >
        <p>Antes de pagar, elige si quieres despacho a domicilio o retiro en tienda.</p>
        <div className="dialog__actions">
          <Link to="/#modo-de-entrega" className="button button--primary">
            Elegir modo de entrega
          </Link>
        </div>
      </Dialog>
    </>
  );
}
