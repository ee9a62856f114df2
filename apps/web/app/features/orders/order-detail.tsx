import { useState } from 'react';
import { Link } from 'react-router';
import type { DeliveryWindow, Order } from '@despensa/contracts';
import { CancelDialog } from './cancel-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { OrderEdit } from './order-edit';
import { OrderLiveSection } from './order-live-section';
import {
  OrderDeliveryFacts,
  OrderItems,
  OrderPaymentFacts,
  OrderStatusLine,
  OrderTotals,
} from './order-detail-sections';
import type { OrderActionResult } from './order-actions';
import { CURRENT_PURCHASES_PATH, OLD_PURCHASES_PATH } from './paths';

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
  brandName,
}: {
  order: Order;
  windows: DeliveryWindow[];
  old: boolean;
  result: OrderActionResult | null;
  editing: boolean;
  /** The edit form's product search: its term and what it found in the order's store. */
  search: Parameters<typeof OrderEdit>[0]['search'];
  brandName: string;
}) {
  // A dialog stays open for the answer it was opened under: once its form is answered, it closes.
  const [opened, setOpened] = useState<{ dialog: 'cancel' | 'reschedule'; under: typeof result } | null>(
    null,
  );
  const dialog = opened?.under === result ? opened.dialog : null;
  const setDialog = (next: 'cancel' | 'reschedule' | null) =>
    setOpened(next ? { dialog: next, under: result } : null);
  const back = old ? OLD_PURCHASES_PATH : CURRENT_PURCHASES_PATH;
  return (
    <main className="account-page container orders-page">
      <p>
        <Link to={back}>Volver a {old ? 'mis compras antiguas' : 'mis compras'}</Link>
      </p>
      <h1 className="account-page__title">Pedido {order.orderId}</h1>
      <OrderStatusLine order={order} />
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

      {order.status === 'canceled' ? null : (
        <OrderLiveSection
          orderId={order.orderId}
          revision={`${order.value}:${order.items.map((item) => `${item.id}x${item.quantity}`).join(',')}`}
        />
      )}

      <OrderDeliveryFacts order={order} />

      <OrderPaymentFacts order={order} brandName={brandName} />

      {editing && order.allowEdition ? (
        <OrderEdit order={order} search={search} />
      ) : (
        <OrderItems order={order} />
      )}

      <OrderTotals order={order} />

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
