import type { OrderForm } from '@despensa/contracts';
import { formatCLP, type TotalizerId } from '@despensa/domain';
import { choiceSummary } from '../delivery/choice';
import { useDeliveryOptional } from '../delivery/delivery-context';
import { windowFee, windowLine } from '../delivery/window-label';

function totalizer(orderForm: OrderForm, id: TotalizerId): number {
  return orderForm.totalizers.find((each) => each.id === id)?.value ?? 0;
}

/**
 * Subtotal, discounts, the chosen window with its fee, and the total from the orderForm's totalizers (the
 * fee included); the group-card total when it differs.
 */
export function CartTotals({ orderForm, busy }: { orderForm: OrderForm; busy: boolean }) {
  const delivery = useDeliveryOptional();
  const window = delivery?.chosenWindow ?? null;
  const mode = choiceSummary(delivery?.choice ?? null)?.mode;
  const fee = window?.price ?? 0;
  const discounts = totalizer(orderForm, 'Discounts');
  const total = orderForm.value + fee;
  const cardTotal = totalizer(orderForm, 'Tcenco') + totalizer(orderForm, 'DiscountsTcenco') + fee;
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
      {window && mode ? (
        <div className="cart-totals__row cart-totals__row--delivery">
          <dt>
            {mode}
            <span className="cart-totals__window">{windowLine(window)}</span>
          </dt>
          <dd>{windowFee(window.price)}</dd>
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
