import { Link } from 'react-router';
import type { OrderFormItem } from '@despensa/contracts';
import { formatCLP, isWeighed } from '@despensa/domain';
import { useCart } from './cart-context';
import { QuantityStepper } from './quantity-stepper';
import { quantityText } from './quantity-text';

/** One cart line: image, name, unit price (list price struck when higher), stepper, line total, remove. */
export function CartLine({ line, children }: { line: OrderFormItem; children?: React.ReactNode }) {
  const { setQuantity, readOnly } = useCart();
  const unit = isWeighed(line.measurementUnit) ? ' / kg' : ' c/u';
  return (
    <li className="cart-line">
      <img className="cart-line__image" src={line.imageUrl} alt="" width={64} height={64} loading="lazy" />
      <div className="cart-line__body">
        <Link className="cart-line__name" to={line.detailUrl}>
          {line.name}
        </Link>
        <p className="cart-line__prices">
          <span className="cart-line__price">
            {formatCLP(line.sellingPrice)}
            {unit}
          </span>
          {line.listPrice > line.sellingPrice ? (
            <s className="cart-line__list-price">
              <span className="visually-hidden">Antes </span>
              {formatCLP(line.listPrice)}
            </s>
          ) : null}
        </p>
        {readOnly ? (
          // §8 fallback: the cached cart cannot change, so it shows quantities without controls.
          <p className="cart-line__quantity">{quantityText(line)}</p>
        ) : (
          <div className="cart-line__controls">
            <QuantityStepper line={line} onChange={(quantity) => setQuantity(line, quantity)} />
            <button
              type="button"
              className="text-button cart-line__remove"
              aria-label={`Eliminar ${line.name} del carro`}
              onClick={() => setQuantity(line, 0, true)}
            >
              Eliminar
            </button>
          </div>
        )}
        {children}
      </div>
      <p className="cart-line__total">{formatCLP(line.priceDefinition.total)}</p>
    </li>
  );
}
