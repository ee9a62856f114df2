import type { OrderForm } from '@despensa/contracts';
import { formatCLP, type TotalizerId } from '@despensa/domain';

function totalizer(orderForm: OrderForm, id: TotalizerId): number {
  return orderForm.totalizers.find((each) => each.id === id)?.value ?? 0;
}

/** Subtotal, discounts and total from the orderForm's totalizers; the group-card total when it differs. */
export function CartTotals({ orderForm, busy }: { orderForm: OrderForm; busy: boolean }) {
  const discounts = totalizer(orderForm, 'Discounts');
  const cardTotal = totalizer(orderForm, 'Tcenco') + totalizer(orderForm, 'DiscountsTcenco');
  return (
    <dl className="cart-totals" aria-busy={busy}>
      <div className="cart-totals__row">
        <dt>Subtotal</dt>
        <dd>{formatCLP(totalizer(orderForm, 'Items'))}</dd>
      </div>
      {discounts !== 0 ? (
        <div className="cart-totals__row cart-totals__row--discount">
          <dt>Descuentos</dt>
          <dd>{formatCLP(discounts)}</dd>
        </div>
      ) : null}
      <div className="cart-totals__row cart-totals__row--total">
        <dt>Total</dt>
        <dd data-testid="cart-total">{formatCLP(orderForm.value)}</dd>
      </div>
      {cardTotal !== orderForm.value ? (
        <div className="cart-totals__row cart-totals__row--card">
          <dt>Con tarjeta</dt>
          <dd>{formatCLP(cardTotal)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
