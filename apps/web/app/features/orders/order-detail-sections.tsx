import { addressDisplayLine, lineAmount, quantityLabel, storePlaceLine } from '@despensa/domain';
import type { Order } from '@despensa/contracts';
import { formatDate, formatNumber, formatPrice } from '../../lib/format';
import { windowLine } from '../delivery';
import { STATUS_FILTERS, deliveryModeName, statusSteps, paymentName, substitutionLabel } from './labels';

/** The totalizers the summary shows (the card and wallet variants are the cart's, not the order's). */
const SUMMARY_TOTALS = ['Items', 'Discounts', 'Shipping'];

/** Where the purchase is in the workflow; a cancelled one says when and why. */
export function OrderStatusLine({ order }: { order: Order }) {
  const steps = statusSteps(order.status);
  const reached = steps.indexOf(order.status);
  return (
    <>
      {/* A live order's status is the live section's (it moves without a reload); a cancelled one stays. */}
      {order.status === 'canceled' ? (
        <p className="order-detail__status">
          Estado:{' '}
          <strong className={`order-status order-status--${order.status}`}>{order.statusDescription}</strong>
        </p>
      ) : null}
      {order.status !== 'canceled' && order.status !== 'payment-pending' ? (
        <ol className="order-steps" aria-label="Avance del pedido">
          {steps.map((step, index) => (
            <li
              key={step}
              className={index <= reached ? 'order-steps__step order-steps__step--done' : 'order-steps__step'}
              aria-current={index === reached ? 'step' : undefined}
            >
              {STATUS_FILTERS.find((status) => status.value === step)!.label}
            </li>
          ))}
        </ol>
      ) : null}
      {order.cancellationData ? (
        <p className="order-detail__canceled">
          Anulado el {formatDate(order.cancellationData.date)}. Motivo: {order.cancellationData.reason}.
        </p>
      ) : null}
    </>
  );
}

/** The purchase's delivery: its mode, window, store or address, and who receives it. */
export function OrderDeliveryFacts({ order }: { order: Order }) {
  const window = order.shippingData.deliveryWindow;
  const address = order.shippingData.address as Parameters<typeof addressDisplayLine>[0] | null;
  const pickupStore = order.shippingData.pickupStore ?? null;
  return (
    <section aria-labelledby="order-delivery" className="order-detail__section">
      <h2 id="order-delivery">Entrega</h2>
      <dl className="orders-list__facts">
        <dt>Modo</dt>
        <dd>{deliveryModeName(order.shippingData.selectedSla)}</dd>
        <dt>Horario</dt>
        <dd>{window ? windowLine(window) : 'Sin horario'}</dd>
        {/* A pickup's address is the fixed default one (§4): the store is where the shopper goes. */}
        {pickupStore ? (
          <>
            <dt>Tienda</dt>
            <dd>{storePlaceLine(pickupStore)}</dd>
          </>
        ) : (
          <>
            <dt>Dirección</dt>
            <dd>{address ? addressDisplayLine(address) : 'Sin dirección'}</dd>
          </>
        )}
        {order.orderInfo.receiverData?.name ? (
          <>
            <dt>Recibe</dt>
            <dd>{order.orderInfo.receiverData.name}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** How the purchase was paid, each payment by its system of the domain's table. */
export function OrderPaymentFacts({ order, brandName }: { order: Order; brandName: string }) {
  return (
    <section aria-labelledby="order-payment" className="order-detail__section">
      <h2 id="order-payment">Pago</h2>
      <dl className="orders-list__facts">
        {order.paymentData.transactions.flatMap((transaction) =>
          transaction.payments.map((payment, index) => (
            <div key={`${transaction.transactionId}-${index}`} className="orders-list__fact">
              <dt>{paymentName(payment.paymentSystem, brandName)}</dt>
              <dd>{formatPrice(payment.value)}</dd>
            </div>
          )),
        )}
        <dt>Fecha de compra</dt>
        <dd>{formatDate(order.creationDate)}</dd>
      </dl>
    </section>
  );
}

/** The purchase's items with their substitution preferences and weighed items' weights and prices. */
export function OrderItems({ order }: { order: Order }) {
  const preference = (id: string) => order.orderInfo.skuData[id];
  return (
    <section aria-labelledby="order-items" className="order-detail__section">
      <h2 id="order-items">Productos</h2>
      <ul className="order-items">
        {order.items.map((item) => (
          <li key={item.id} className="order-items__item">
            <img src={item.imageUrl} alt="" width={56} height={56} loading="lazy" />
            <div>
              <p className="order-items__name">{item.name}</p>
              <p>
                {quantityLabel(item)} · {formatPrice(lineAmount(item))}
              </p>
              {item.weighed ? (
                <p className="order-items__weighed">
                  Peso estimado {formatNumber(item.weighed.estimatedWeightKg)} kg ·{' '}
                  {formatPrice(item.weighed.estimatedPrice)}.{' '}
                  {item.weighed.realWeightKg !== null && item.weighed.realPrice !== null
                    ? `Peso real ${formatNumber(item.weighed.realWeightKg)} kg · ${formatPrice(item.weighed.realPrice)}`
                    : 'El peso real se registra al preparar tu pedido.'}
                </p>
              ) : null}
              <p className="order-items__substitution">
                Si no hay stock:{' '}
                {substitutionLabel(preference(item.id)?.substituteType ?? order.orderInfo.substituteType)}
                {preference(item.id)?.note ? ` (${preference(item.id)!.note})` : ''}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The purchase's summary: the totals it shows and the total. */
export function OrderTotals({ order }: { order: Order }) {
  return (
    <section aria-labelledby="order-totals" className="order-detail__section">
      <h2 id="order-totals">Resumen</h2>
      <dl className="orders-list__facts">
        {order.totals
          .filter((total) => SUMMARY_TOTALS.includes(total.id) && total.value !== 0)
          .map((total) => (
            <div key={total.id} className="orders-list__fact">
              <dt>{total.name}</dt>
              <dd>{formatPrice(total.value)}</dd>
            </div>
          ))}
        <dt>Total</dt>
        <dd>
          <strong>{formatPrice(order.value)}</strong>
        </dd>
      </dl>
    </section>
  );
}
