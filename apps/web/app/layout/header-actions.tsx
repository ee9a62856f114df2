import { AccountMenu } from '../features/account/account-menu';
import { PrimeInvitationDrawer } from '../features/prime/prime-invitation-drawer';
import { useCart } from '../features/cart/cart-context';
import { Icon } from '../ui/icon';

/** The delivery-mode button, its popovers and the selector they open live in features/delivery. */
export { DeliveryModeButton } from '../features/delivery/delivery-mode-button';

/** The minicart button with the cart's product count; opens the minicart drawer. */
export function MinicartButton() {
  const { units: quantity, setMinicartOpen } = useCart();
  const label = `Carro, ${quantity} ${quantity === 1 ? 'producto' : 'productos'}`;
  return (
    <button
      type="button"
      className="header-action minicart-button"
      aria-label={label}
      aria-haspopup="dialog"
      onClick={() => setMinicartOpen(true)}
    >
      <Icon name="cart" />
      <span className="minicart-button__count" aria-hidden="true">
        {quantity}
      </span>
    </button>
  );
}

/** 'Ingresa' for a visitor, the account menu for a customer (features/account), and the Prime invitation. */
export function AccountLink() {
  return (
    <>
      <AccountMenu />
      <PrimeInvitationDrawer />
    </>
  );
}
