import type { OrderForm } from '@despensa/contracts';
import { formatCLP, itemsValueOf, subtotalBefore, type TotalizerId } from '@despensa/domain';
import { choiceSummary, useDeliveryOptional, windowFee, windowLine } from '../delivery';

function totalizer(orderForm: OrderForm, id: TotalizerId): number {
  return orderForm.totalizers.find((each) => each.id === id)?.value ?? 0;
}

/**
 * Subtotal, savings, the chosen window (or express) with its fee, and the total (the fee included); the
 * group-card total when it differs. The subtotal adds the lines' struck 'Antes' prices (list or offer,
 * whichever is higher) and the savings are the rest down to the total, so the figures a shopper reads reconcile.
 */
export function CartTotals({ orderForm, busy }: { orderForm: OrderForm; busy: boolean }) {
  const delivery = useDeliveryOptional();
  const window = delivery?.chosenWindow ?? null;
  const mode = choiceSummary(delivery?.choice ?? null)?.mode;
  // The window's fee, or express's own (it has no window): what the order will charge.
  const due = delivery?.fee ?? null;
  const fee = due ?? 0;
  // The orderForm's value counts the fee (its Shipping totalizer): the products' part is read apart.
  const items = itemsValueOf(orderForm);
  const subtotal = subtotalBefore(orderForm.items.filter((item) => item.availability === 'available'));
  const discounts = items - subtotal;
  const total = items + fee;
  const cardTotal = totalizer(orderForm, 'Tcenco') + totalizer(orderForm, 'DiscountsTcenco') + fee;
  return (
    <dl className="cart-totals" aria-busy={busy}>
      <div className="cart-totals__row">
        <dt>Subtotal</dt>
        <dd>{formatCLP(subtotal)}</dd>
      </div>
      {discounts !== 0 ? (
        <div className="cart-totals__row cart-totals__row--discount">
          <dt>Descuentos</dt>
          <dd>{formatCLP(discounts)}</dd>
        </div>
      ) : null}
      {due !== null && mode ? (
        <div className="cart-totals__row cart-totals__row--delivery">
          <dt>
            {mode}
            {window ? <span className="cart-totals__window">{windowLine(window)}</span> : null}
          </dt>
          <dd>{windowFee(due)}</dd>
        </div>
      ) : null}
      <div className="cart-totals__row cart-totals__row--total">
        <dt>Total</dt>
        <dd data-testid="cart-total">{formatCLP(total)}</dd>
      </div>
      {cardTotal !== total ? (
        <div className="cart-totals__row cart-totals__row--card">
          <dt>Con tarjeta</dt>
          <dd>{formatCLP(cardTotal)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
