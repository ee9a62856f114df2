import { Link } from 'react-router';
import type { Order } from '@despensa/contracts';
import { addressDisplayLine, deliveryMethodById, formatCLP, isAddressMethod } from '@despensa/domain';
import { windowLine } from '../delivery/window-label';
import './checkout.css';

/** /checkout/orderPlaced?og= : the order group's items, total, delivery window and address. */
export function OrderPlacedPage({ orderGroup, orders }: { orderGroup: string; orders: Order[] }) {
  const first = orders[0]!;
  const total = orders.reduce((sum, order) => sum + order.value, 0);
  const { address, deliveryWindow, selectedSla } = first.shippingData;
  const method = selectedSla ? deliveryMethodById(selectedSla) : undefined;
  const mode = method?.name;
  // A pickup's shipping address is the fixed default one (§4), not a place the shopper goes to.
  const place =
    address && (!method || isAddressMethod(method.kind))
      ? addressDisplayLine(address as Parameters<typeof addressDisplayLine>[0])
      : '';
  return (
    <main className="checkout container order-placed">
      <h1 className="checkout__title">Confirmación de compra</h1>
      <p className="order-placed__thanks">
        ¡Gracias por tu compra
        {first.clientProfileData.firstName ? `, ${first.clientProfileData.firstName}` : ''}! Te enviamos el
        detalle a {first.clientProfileData.email}.
      </p>
      <dl className="checkout-facts">
        <div>
          <dt>Número de pedido</dt>
          <dd>{orderGroup}</dd>
        </div>
        <div>
          <dt>Estado</dt>
          <dd>{orders.map((order) => order.statusDescription).join(', ')}</dd>
        </div>
        {mode ? (
          <div>
            <dt>Modo de entrega</dt>
            <dd>{mode}</dd>
          </div>
        ) : null}
        {deliveryWindow ? (
          <div>
            <dt>Horario de entrega</dt>
            <dd>{windowLine(deliveryWindow)}</dd>
          </div>
        ) : null}
        {place ? (
          <div>
            <dt>Dirección</dt>
            <dd>{place}</dd>
          </div>
        ) : null}
      </dl>
      <section aria-labelledby="order-placed-items">
        <h2 id="order-placed-items" className="checkout__subtitle">
          Productos
        </h2>
        <ul className="checkout-items">
          {orders.flatMap((order) =>
            order.items.map((item) => (
              <li key={`${order.orderId}-${item.id}`} className="checkout-items__line">
                <span>
                  {item.quantity} × {item.name}
                </span>
                <span>{formatCLP(item.sellingPrice * item.quantity)}</span>
              </li>
            )),
          )}
        </ul>
        <p className="order-placed__total">
          <span>Total</span> <strong data-testid="order-total">{formatCLP(total)}</strong>
        </p>
      </section>
      <p className="order-placed__links">
        {orders.map((order) => (
          <Link key={order.orderId} to={`/_secure/order/status/${order.orderId}`}>
            Ver el estado del pedido {order.orderId}
          </Link>
        ))}
        <Link to="/" className="button button--primary">
          Seguir comprando
        </Link>
      </p>
    </main>
  );
}
