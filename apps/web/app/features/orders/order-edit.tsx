import { Form, Link } from 'react-router';
import {
  LOCALE,
  MAX_QUANTITY,
  SHOP_TIME_ZONE,
  isWeighed,
  quantityLabel,
  quantityStepLabel,
} from '@despensa/domain';
import type { Order } from '@despensa/contracts';
import { formatPrice, onFirstUse } from '../../lib/format';

const cutoffFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: SHOP_TIME_ZONE,
    }),
);
const formatDateTime = (iso: string) => cutoffFormat().format(new Date(iso));

/**
 * Editing the order's quantities (0 removes a line) until the cut-off before picking. Lines keep the
 * price they were bought at; a lower total is refunded through the payment the order was paid with.
 */
export function OrderEdit({ order }: { order: Order }) {
  return (
    <section aria-labelledby="order-edit" className="order-detail__section">
      <h2 id="order-edit">Modificar pedido</h2>
      {order.editCutoff ? (
        <p>Puedes modificar tu pedido hasta el {formatDateTime(order.editCutoff)}.</p>
      ) : null}
      <Form method="post" action="?" className="account-form">
        <input type="hidden" name="intent" value="edit" />
        <ul className="order-items">
          {order.items.map((item) => (
            <li key={item.id} className="order-items__item">
              <div className="field">
                <label className="field__label" htmlFor={`qty-${item.id}`}>
                  {item.name} ({formatPrice(item.sellingPrice)}{' '}
                  {isWeighed(item.measurementUnit) ? `por ${quantityStepLabel(item)}` : 'c/u'})
                </label>
                {isWeighed(item.measurementUnit) ? (
                  // A weighed line is chosen by weight, as in the cart ('0,5 kg', '1 kg'…; issue #17).
                  <select
                    id={`qty-${item.id}`}
                    name={`qty-${item.id}`}
                    defaultValue={item.quantity}
                    className="field__input orders-quantity"
                  >
                    {Array.from({ length: MAX_QUANTITY + 1 }, (_, quantity) => (
                      <option key={quantity} value={quantity}>
                        {quantity === 0 ? 'Quitar' : quantityLabel({ ...item, quantity })}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={`qty-${item.id}`}
                    name={`qty-${item.id}`}
                    type="number"
                    min={0}
                    max={MAX_QUANTITY}
                    defaultValue={item.quantity}
                    className="field__input orders-quantity"
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
        <div className="dialog__actions">
          <button type="submit" className="button button--primary">
            Guardar cambios
          </button>
          <Link to="?" className="button button--secondary">
            Cancelar
          </Link>
        </div>
      </Form>
    </section>
  );
}
