import { Link } from 'react-router';
import { useCart } from '../features/cart/cart-context';
import { DeliveryPrompt } from '../features/cart/delivery-prompt';
import { Icon } from '../ui/icon';

/** Opens the delivery selector once the delivery issue wires it; for now it only announces a dialog. */
export function DeliveryModeButton() {
  return (
    <>
      <button id="modo-de-entrega" type="button" className="delivery-button" aria-haspopup="dialog">
        <Icon name="truck" />
        <span>Elige tu modo de entrega</span>
        <Icon name="chevron-down" size={18} />
      </button>
      <DeliveryPrompt />
    </>
  );
}

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

/** Account menu placeholder: the login page until the account issue. */
export function AccountLink() {
  return (
    <Link to="/login-page" className="header-action account-link">
      <Icon name="user" />
      <span className="account-link__label">Ingresa</span>
    </Link>
  );
}
