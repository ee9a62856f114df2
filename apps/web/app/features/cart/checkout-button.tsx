import { useNavigate } from 'react-router';
import { goToCheckoutTarget } from '@despensa/domain';
import { useAccount } from '../account/account-context';
import { useDelivery } from '../delivery/delivery-context';
import { useCart } from './cart-context';
import { deliveryModeOf } from './delivery-mode';

/** 'Ir a pagar' with the §2 go-to-checkout rules. */
export function CheckoutButton({ defaultStoreName }: { defaultStoreName: string }) {
  const { orderForm, lines } = useCart();
  const { account, openDialog } = useAccount();
  const { choice, openSelector } = useDelivery();
  const navigate = useNavigate();
  const goToCheckout = () => {
    const target = goToCheckoutTarget({
      loggedIn: account !== null || (orderForm?.loggedIn ?? false),
      deliveryMode: choice?.method ?? deliveryModeOf(orderForm),
      storeName: choice?.storeName ?? null,
      defaultStoreName,
    });
    // §2: a visitor gets the login dialog; after login the page (the cart) reloads as the shopper's.
    if (target === 'login') openDialog('login');
    else if (target === 'deliverySelector') openSelector();
    else void navigate('/_secure/cart');
  };
  return (
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
  );
}
