import { useState } from 'react';
import { Form, Link } from 'react-router';
import {
  MAX_QUANTITY,
  PAYMENT_IDS,
  amountAt,
  editSettlement,
  editedLineCost,
  isWeighed,
  lineAmount,
  measureOf,
  paymentMethodOf,
  quantityLabel,
} from '@despensa/domain';
import { failureMessages, type EditProducts, type Order } from '@despensa/contracts';
import { formatDateTime, formatPrice } from '../../lib/format';
import { NothingFound, ProductSearchForm } from '../../ui/product-search-form';

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

/** Prices are per unit, or per kg of a weighed item (as the cart shows them). */
const unitLabel = (line: EditableLine) => (isWeighed(line.measurementUnit) ? '/ kg' : 'c/u');

/** A line's quantity: by weight for a weighed one ('0,5 kg', '1 kg'…), else a number of units. */
function QuantityInput({
  line,
  price,
  initial,
  onChoose,
}: {
  line: EditableLine;
  price: number;
  initial: number;
  onChoose: (id: string, quantity: number) => void;
}) {
  return (
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
          onChange={(event) => onChoose(line.id, Number(event.currentTarget.value))}
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
          onChange={(event) => onChoose(line.id, Number(event.currentTarget.value))}
          className="field__input orders-quantity"
        />
      )}
    </div>
  );
}

/** What the change does to the payment: charged, refunded, refused (the server decides) or nothing. */
function settlementText(settlement: ReturnType<typeof editSettlement>): string {
  if (settlement.kind === 'charge')
    return `Cobraremos ${formatPrice(settlement.amount)} a la tarjeta con que pagaste.`;
  if (settlement.kind === 'refund')
    return `Te devolveremos ${formatPrice(settlement.amount)} al medio de pago con que pagaste.`;
  if (settlement.kind === 'refused') return failureMessages[settlement.failure];
  return 'El total de tu pedido no cambia.';
}

/** The chosen quantities and what they change of the order's total. */
function useEditedQuantities(order: Order, added: EditProducts['products']) {
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    Object.fromEntries(order.items.map((item) => [item.id, item.quantity])),
  );
  const quantityOf = (id: string) => quantities[id] ?? 0;
  const difference =
    order.items.reduce((sum, item) => sum + editedLineCost(item, quantityOf(item.id)) - lineAmount(item), 0) +
    added.reduce(
      (sum, product) =>
        sum + amountAt(product.price, measureOf({ ...product, quantity: quantityOf(product.id) })),
      0,
    );
  const choose = (id: string, quantity: number) => {
    if (Number.isInteger(quantity) && quantity >= 0)
      setQuantities((before) => ({ ...before, [id]: quantity }));
  };
  return { difference, choose };
}

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
  const { difference, choose } = useEditedQuantities(order, added);
  const settlement = editSettlement(paidWith(order), difference);
  return (
    <section aria-labelledby="order-edit" className="order-detail__section">
      <h2 id="order-edit">Modificar pedido</h2>
      {order.editCutoff ? (
        <p>Puedes modificar tu pedido hasta el {formatDateTime(order.editCutoff)}.</p>
      ) : null}
      <ProductSearchForm
        inputId="order-edit-search"
        label="Buscar productos para agregar"
        term={search.term}
        keep={{ modificar: '' }}
        className="account-form order-edit__search"
        asField
      />
      <Form method="post" action="?" className="account-form">
        <input type="hidden" name="intent" value="edit" />
        <ul className="order-items">
          {order.items.map((item) => (
            <li key={item.id} className="order-items__item">
              <QuantityInput
                line={item}
                price={item.sellingPrice}
                initial={item.quantity}
                onChoose={choose}
              />
            </li>
          ))}
        </ul>
        {search.term ? (
          <section aria-labelledby="order-edit-add">
            <h3 id="order-edit-add">Agregar productos</h3>
            {added.length === 0 ? (
              <NothingFound term={search.term} where="la tienda de tu pedido" />
            ) : (
              <ul className="order-items">
                {added.map((product) => (
                  <li key={product.id} className="order-items__item">
                    <img src={product.imageUrl} alt="" width={56} height={56} loading="lazy" />
                    <QuantityInput line={product} price={product.price} initial={0} onChoose={choose} />
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
          <p>{settlementText(settlement)}</p>
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
