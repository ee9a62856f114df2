import { useState } from 'react';
import { Form, Link } from 'react-router';
import {
  MAX_QUANTITY,
  PAYMENT_IDS,
  editSettlement,
  editedLineCost,
  isWeighed,
  lineCost,
  paymentMethodOf,
  quantityLabel,
  quantityStepLabel,
} from '@despensa/domain';
import { failureMessages, type EditProducts, type Order } from '@despensa/contracts';
import { formatDateTime, formatPrice } from '../../lib/format';

/** How the order was paid, as the edit settles a change of total: the card beside a gift card, if any. */
function paidWith(order: Order): Parameters<typeof editSettlement>[0] {
  const payments = order.paymentData.transactions.flatMap((transaction) => transaction.payments);
  const card = payments.find((payment) => Number(payment.paymentSystem) !== PAYMENT_IDS.giftCard);
  const channel = card
    ? (paymentMethodOf(Number(card.paymentSystem))?.channel ?? 'webpayRedirect')
    : 'giftCard';
  return { channel, cardLeft: card?.value ?? 0 };
}

interface EditableLine {
  id: string;
  name: string;
  measurementUnit: string;
  unitMultiplier: number;
}

const unitLabel = (line: EditableLine) =>
  isWeighed(line.measurementUnit) ? `por ${quantityStepLabel(line)}` : 'c/u';

/**
 * Editing the order until the cut-off before picking: quantities (0 removes a line) and products added
 * from the search, in the order's store. Lines keep the price they were bought at, added ones take
 * today's; the new total and what will be charged or refunded follow each change (the server decides).
 * Before scripts run, the search is a GET of the page and the form a plain POST.
 */
export function OrderEdit({
  order,
  search,
}: {
  order: Order;
  search: { term: string; found: EditProducts['products'] };
}) {
  const added = search.found.filter((product) => !order.items.some((item) => item.id === product.id));
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    Object.fromEntries(order.items.map((item) => [item.id, item.quantity])),
  );
  const quantityOf = (id: string) => quantities[id] ?? 0;
  const difference =
    order.items.reduce((sum, item) => sum + editedLineCost(item, quantityOf(item.id)) - lineCost(item), 0) +
    added.reduce((sum, product) => sum + product.price * quantityOf(product.id), 0);
  const settlement = editSettlement(paidWith(order), difference);
  const choose = (id: string, quantity: number) => {
    if (Number.isInteger(quantity) && quantity >= 0)
      setQuantities((before) => ({ ...before, [id]: quantity }));
  };
  const quantityInput = (line: EditableLine, price: number, initial: number) => (
    <div className="field">
      <label className="field__label" htmlFor={`qty-${line.id}`}>
        {line.name} ({formatPrice(price)} {unitLabel(line)})
      </label>
      {isWeighed(line.measurementUnit) ? (
        // A weighed line is chosen by weight, as in the cart ('0,5 kg', '1 kg'…; issue #17).
        <select
          id={`qty-${line.id}`}
          name={`qty-${line.id}`}
          defaultValue={initial}
          onChange={(event) => choose(line.id, Number(event.currentTarget.value))}
          className="field__input orders-quantity"
        >
          {Array.from({ length: MAX_QUANTITY + 1 }, (_, quantity) => (
            <option key={quantity} value={quantity}>
              {quantity === 0 ? 'Quitar' : quantityLabel({ ...line, quantity })}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={`qty-${line.id}`}
          name={`qty-${line.id}`}
          type="number"
          min={0}
          max={MAX_QUANTITY}
          defaultValue={initial}
          onChange={(event) => choose(line.id, Number(event.currentTarget.value))}
          className="field__input orders-quantity"
        />
      )}
    </div>
  );
  return (
    <section aria-labelledby="order-edit" className="order-detail__section">
      <h2 id="order-edit">Modificar pedido</h2>
      {order.editCutoff ? (
        <p>Puedes modificar tu pedido hasta el {formatDateTime(order.editCutoff)}.</p>
      ) : null}
      <Form method="get" role="search" className="account-form order-edit__search">
        <input type="hidden" name="modificar" value="" />
        <div className="field">
          <label className="field__label" htmlFor="order-edit-search">
            Buscar productos para agregar
          </label>
          <input
            id="order-edit-search"
            name="buscar"
            type="search"
            minLength={2}
            maxLength={80}
            defaultValue={search.term}
            className="field__input"
          />
        </div>
        <button type="submit" className="button button--secondary">
          Buscar
        </button>
      </Form>
      <Form method="post" action="?" className="account-form">
        <input type="hidden" name="intent" value="edit" />
        <ul className="order-items">
          {order.items.map((item) => (
            <li key={item.id} className="order-items__item">
              {quantityInput(item, item.sellingPrice, item.quantity)}
            </li>
          ))}
        </ul>
        {search.term ? (
          <section aria-labelledby="order-edit-add">
            <h3 id="order-edit-add">Agregar productos</h3>
            {added.length === 0 ? (
              <p>No encontramos productos para «{search.term}» en la tienda de tu pedido.</p>
            ) : (
              <ul className="order-items">
                {added.map((product) => (
                  <li key={product.id} className="order-items__item">
                    <img src={product.imageUrl} alt="" width={56} height={56} loading="lazy" />
                    {quantityInput(product, product.price, 0)}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
        <div aria-live="polite" className="order-edit__total">
          <p>
            Nuevo total: <strong>{formatPrice(order.value + difference)}</strong>
          </p>
          <p>
            {settlement.kind === 'charge'
              ? `Cobraremos ${formatPrice(settlement.amount)} a la tarjeta con que pagaste.`
              : settlement.kind === 'refund'
                ? `Te devolveremos ${formatPrice(settlement.amount)} al medio de pago con que pagaste.`
                : settlement.kind === 'refused'
                  ? failureMessages[settlement.failure]
                  : 'El total de tu pedido no cambia.'}
          </p>
        </div>
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
