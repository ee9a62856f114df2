import { Link } from 'react-router';
import type { OrderFormItem } from '@despensa/contracts';
import { formatCLP, isWeighed, quantityLabel } from '@despensa/domain';
import { useCart } from './cart-context';
import { QuantityStepper } from './quantity-stepper';

/**
 * One cart line: image, name, unit price, stepper, line total, remove. The unit price times the quantity
 * is the line total whenever promotions take the same off every unit (then the price before them is
 * struck through); a pack promotion (3x2, the nth unit) names each discount instead, from the offer price.
 */
export function CartLine({ line, children }: { line: OrderFormItem; children?: React.ReactNode }) {
  const { setQuantity, stepQuantity, readOnly } = useCart();
  const weighed = isWeighed(line.measurementUnit);
  const unit = weighed ? ' / kg' : ' c/u';
  const total = line.priceDefinition.total;
  const perUnit = weighed || line.sellingPrice * line.quantity === total;
  const unitPrice = perUnit ? line.sellingPrice : line.price;
  const before = Math.max(perUnit ? line.price : 0, line.listPrice);
  return (
    <li className="cart-line">
      <img className="cart-line__image" src={line.imageUrl} alt="" width={64} height={64} loading="lazy" />
      <div className="cart-line__body">
        <Link className="cart-line__name" to={line.detailUrl}>
          {line.name}
        </Link>
        <p className="cart-line__prices">
          <span className="cart-line__price">
            {formatCLP(unitPrice)}
            {unit}
          </span>
          {before > unitPrice ? (
            <s className="cart-line__list-price">
              <span className="visually-hidden">Antes </span>
              {formatCLP(before)}
            </s>
          ) : null}
        </p>
        {perUnit ? null : (
          <ul className="cart-line__promotions" aria-label={`Descuentos de ${line.name}`}>
            {line.priceTags.map((tag) => (
              <li key={tag.identifier}>
                {tag.name} <span className="cart-line__saving">−{formatCLP(-tag.value)}</span>
              </li>
            ))}
          </ul>
        )}
        {readOnly ? (
          // §8 fallback: the cached cart cannot change, so it shows quantities without controls.
          <p className="cart-line__quantity">{quantityLabel(line)}</p>
        ) : (
          <div className="cart-line__controls">
            <QuantityStepper line={line} onStep={(step) => stepQuantity(line, step)} />
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
