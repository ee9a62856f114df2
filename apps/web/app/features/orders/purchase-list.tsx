import { Link } from 'react-router';
import type { OrderList } from '@despensa/contracts';
import { formatDate, formatPrice } from '../../lib/format';
import { windowLine } from '../delivery';
import { deliveryModeName } from './labels';

/** The purchases of one page: number, date, status, total, delivery, and the way to the detail. */
export function PurchaseList({ list, base }: { list: OrderList; base: string }) {
  if (list.list.length === 0) return <p className="orders-empty">No tienes compras en este período.</p>;
  return (
    <ul className="orders-list">
      {list.list.map((order) => (
        <li key={order.orderId} className="orders-list__item">
          <article aria-labelledby={`pedido-${order.orderId}`}>
            <h2 id={`pedido-${order.orderId}`} className="orders-list__title">
              Pedido {order.orderId}
            </h2>
            <p className={`order-status order-status--${order.status}`}>{order.statusDescription}</p>
            <dl className="orders-list__facts">
              <dt>Fecha de compra</dt>
              <dd>{formatDate(order.creationDate)}</dd>
              <dt>Total</dt>
              <dd>{formatPrice(order.totalValue)}</dd>
              <dt>Productos</dt>
              <dd>{order.totalItems}</dd>
              <dt>{deliveryModeName(order.selectedSla)}</dt>
              <dd>
                {order.ShippingEstimatedDate && order.ShippingEstimatedDateMax
                  ? windowLine({
                      startDateUtc: order.ShippingEstimatedDate,
                      endDateUtc: order.ShippingEstimatedDateMax,
                    })
                  : 'Sin horario'}
              </dd>
            </dl>
            <Link to={`${base}/${order.orderId}`} className="button button--secondary">
              Ver detalle<span className="visually-hidden"> del pedido {order.orderId}</span>
            </Link>
          </article>
        </li>
      ))}
    </ul>
  );
}
