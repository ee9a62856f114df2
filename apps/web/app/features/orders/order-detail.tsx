import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { addressDisplayLine, quantityLabel } from '@despensa/domain';
import type { DeliveryWindow, Order } from '@despensa/contracts';
import { formatDate, formatNumber, formatPrice } from '../../lib/format';
import { windowLine } from '../delivery/window-label';
import { CancelDialog } from './cancel-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { OrderEdit } from './order-edit';
import { OrderLiveSection } from './order-live-section';
import { STATUS_FILTERS, STATUS_STEPS, deliveryModeName, paymentName, substitutionLabel } from './labels';
import type { OrderActionResult } from './order-actions';
import { CURRENT_PURCHASES_PATH, OLD_PURCHASES_PATH } from './paths';

/** The totalizers the summary shows (the card and wallet variants are the cart's, not the order's). */
const SUMMARY_TOTALS = ['Items', 'Discounts', 'Shipping'];

/**
 * One purchase: its status and where it is in the workflow, the items with their substitution
 * preferences and weighed items' estimated and real weight and price, the window, the address, the
 * payment; and, while the order allows it, reschedule, edit and cancel.
 */
export function OrderDetail({
  order,
  windows,
  old,
  result,
  editing,
  search,
}: {
  order: Order;
  windows: DeliveryWindow[];
  old: boolean;
  result: OrderActionResult | null;
  editing: boolean;
  /** The edit form's product search: its term and what it found in the order's store. */
  search: Parameters<typeof OrderEdit>[0]['search'];
}) {
  const [dialog, setDialog] = useState<'cancel' | 'reschedule' | null>(null);
  // A dialog's form was answered: the page says what happened, the dialog closes.
  useEffect(() => setDialog(null), [result]);
  const window = order.shippingData.deliveryWindow;
  const address = order.shippingData.address as Parameters<typeof addressDisplayLine>[0] | null;
  const reached = STATUS_STEPS.indexOf(order.status);
  const preference = (id: string) => order.orderInfo.skuData[id];
  const back = old ? OLD_PURCHASES_PATH : CURRENT_PURCHASES_PATH;
  return (
    <main className="account-page container orders-page">
      <p>
        <Link to={back}>Volver a {old ? 'mis compras antiguas' : 'mis compras'}</Link>
      </p>
      <h1 className="account-page__title">Pedido {order.orderId}</h1>
      {/* A live order's status is the live section's (it moves without a reload); a cancelled one stays. */}
      {order.status === 'canceled' ? (
        <p className="order-detail__status">
          Estado:{' '}
          <strong className={`order-status order-status--${order.status}`}>{order.statusDescription}</strong>
        </p>
      ) : null}
      {order.status !== 'canceled' && order.status !== 'payment-pending' ? (
        <ol className="order-steps" aria-label="Avance del pedido">
          {STATUS_STEPS.map((step, index) => (
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
      <div role="status" className="order-detail__result">
        {result ? (
          <p className={result.ok ? 'cart-message cart-message--info' : 'cart-message cart-message--error'}>
            {result.message}
          </p>
        ) : null}
      </div>

      <div className="order-detail__actions">
        {order.allowReschedule ? (
          <button type="button" className="button button--secondary" onClick={() => setDialog('reschedule')}>
            Reagendar
          </button>
        ) : null}
        {order.allowEdition ? (
          <Link to="?modificar" className="button button--secondary">
            Modificar pedido
          </Link>
        ) : null}
        {order.allowCancellation ? (
          <button type="button" className="button button--secondary" onClick={() => setDialog('cancel')}>
            Anular pedido
          </button>
        ) : null}
      </div>

      {order.status === 'canceled' ? null : <OrderLiveSection orderId={order.orderId} />}

      <section aria-labelledby="order-delivery" className="order-detail__section">
        <h2 id="order-delivery">Entrega</h2>
        <dl className="orders-list__facts">
          <dt>Modo</dt>
          <dd>{deliveryModeName(order.shippingData.selectedSla)}</dd>
          <dt>Horario</dt>
          <dd>{window ? windowLine(window) : 'Sin horario'}</dd>
          <dt>Dirección</dt>
          <dd>{address ? addressDisplayLine(address) : 'Sin dirección'}</dd>
          {order.orderInfo.receiverData?.name ? (
            <>
              <dt>Recibe</dt>
              <dd>{order.orderInfo.receiverData.name}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="order-payment" className="order-detail__section">
        <h2 id="order-payment">Pago</h2>
        <dl className="orders-list__facts">
          {order.paymentData.transactions.flatMap((transaction) =>
            transaction.payments.map((payment, index) => (
              <div key={`${transaction.transactionId}-${index}`} className="orders-list__fact">
                <dt>{paymentName(payment.paymentSystem)}</dt>
                <dd>{formatPrice(payment.value)}</dd>
              </div>
            )),
          )}
          <dt>Fecha de compra</dt>
          <dd>{formatDate(order.creationDate)}</dd>
        </dl>
      </section>

      {editing && order.allowEdition ? (
        <OrderEdit order={order} search={search} />
      ) : (
        <section aria-labelledby="order-items" className="order-detail__section">
          <h2 id="order-items">Productos</h2>
          <ul className="order-items">
            {order.items.map((item) => (
              <li key={item.id} className="order-items__item">
                <img src={item.imageUrl} alt="" width={56} height={56} loading="lazy" />
                <div>
                  <p className="order-items__name">{item.name}</p>
                  <p>
                    {quantityLabel(item)} · {formatPrice(item.sellingPrice * item.quantity)}
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
      )}

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

      <CancelDialog order={order} open={dialog === 'cancel'} onClose={() => setDialog(null)} />
      <RescheduleDialog
        order={order}
        windows={windows}
        open={dialog === 'reschedule'}
        onClose={() => setDialog(null)}
      />
    </main>
  );
}
