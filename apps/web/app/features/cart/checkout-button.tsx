import { useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { goToCheckoutTarget } from '@despensa/domain';
import { useAccount } from '../account';
import { useDelivery } from '../delivery';
import { useCart } from './cart-context';
import { CHECKOUT_PATH } from '../checkout';
import { deliveryModeOf } from './delivery-mode';

const SECURE_CART_PATH = '/_secure/cart';

/** The cart's address after a login from 'Ir a pagar': the shopper was on the way to pay. */
const GOING_TO_PAY = 'ir-a-pagar';

/** 'Ir a pagar' with the §2 go-to-checkout rules. */
export function CheckoutButton({ defaultStoreName }: { defaultStoreName: string }) {
  const { orderForm, lines } = useCart();
  const { account, openDialog } = useAccount();
  const { choice, openSelector } = useDelivery();
  const navigate = useNavigate();
  const location = useLocation();
  const goToCheckout = () => {
    const target = goToCheckoutTarget({
      loggedIn: account !== null || (orderForm?.loggedIn ?? false),
      deliveryMode: choice?.method ?? deliveryModeOf(orderForm),
      storeName: choice?.storeName ?? null,
      defaultStoreName,
    });
    // The secured cart is the checkout's entry: from there the shopper goes through its steps.
    const onward = location.pathname === SECURE_CART_PATH ? CHECKOUT_PATH : SECURE_CART_PATH;
    // §2: a visitor gets the login dialog; the login lands back here marked as going to pay, and goes on.
    if (target === 'login') openDialog('login', `${location.pathname}?${GOING_TO_PAY}`);
    // The mode confirmed in the selector, the shopper goes on to pay without pressing 'Ir a pagar' again.
    else if (target === 'deliverySelector') openSelector(undefined, onward);
    else void navigate(onward);
  };
  const loggedInToPay = account !== null && new URLSearchParams(location.search).has(GOING_TO_PAY);
  // Once, on landing from the login (goToCheckout reads the state of that moment).
  const goOnToPay = useEffectEvent(() => {
    void navigate(location.pathname, { replace: true });
    if (lines.length) goToCheckout();
  });
  useEffect(() => {
    if (loggedInToPay) goOnToPay();
  }, [loggedInToPay]);
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
