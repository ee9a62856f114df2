import { Link } from 'react-router';
import type { OrderFormItem } from '@despensa/contracts';
import { formatCLP, quantityLabel } from '@despensa/domain';
import { Dialog } from '../../ui/dialog';
import { notAddedText } from './not-added';

/**
 * §2 cart-products dialog: the products a set brought into the cart at once (repeating an order, a
 * shopping list, a recipe), as the cart now holds them, and those it could not add. Whoever adds the set
 * opens it with the cart's lines for the set's skus.
 */
export function CartProductsDialog({
  title = 'Productos agregados a tu carro',
  lines,
  missing = 0,
  onClose,
}: {
  title?: string;
  /** The cart's lines of the set (null closes the dialog). */
  lines: OrderFormItem[] | null;
  /** How many products of the set the cart could not take (unknown, no stock, not sold in this channel). */
  missing?: number;
  onClose: () => void;
}) {
  return (
    <Dialog open={lines !== null} title={title} onClose={onClose}>
      {lines ? (
        <div className="cart-products">
          <ul className="cart-products__list">
            {lines.map((line) => (
              <li key={line.id} className="cart-products__item">
                <span>{line.name}</span>
                <span>{quantityLabel(line)}</span>
                <span>{formatCLP(line.priceDefinition.total)}</span>
              </li>
            ))}
          </ul>
          {missing > 0 ? <p className="cart-message cart-message--warning">{notAddedText(missing)}</p> : null}
          <div className="cart-persistent__actions">
            <Link to="/mi-carro" className="button button--primary" onClick={onClose}>
              Ir al carro
            </Link>
            <button type="button" className="button" onClick={onClose}>
              Seguir comprando
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
