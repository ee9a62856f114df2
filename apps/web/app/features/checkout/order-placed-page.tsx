import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '@despensa/contracts';
import {
  addressDisplayLine,
  deliveryMethodById,
  formatCLP,
  isAddressMethod,
  lineAmount,
  lineLabel,
  storePlaceLine,
} from '@despensa/domain';
import { windowLine } from '../delivery';
import './checkout.css';

/** One fact of the purchase: what it is and its value. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** /checkout/orderPlaced?og= : the order group's items, total, delivery window and address (or pickup store). */
export function OrderPlacedPage({ orderGroup, orders }: { orderGroup: string; orders: Order[] }) {
  const first = orders[0]!;
  const total = orders.reduce((sum, order) => sum + order.value, 0);
  // What the lines do not account for is the delivery fee the group charges: the lines add up to the total.
  const items = orders.flatMap((order) => order.items);
  const fee = total - items.reduce((sum, item) => sum + lineAmount(item), 0);
  const { address, deliveryWindow, selectedSla, pickupStore } = first.shippingData;
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
        <Fact term="Número de pedido">{orderGroup}</Fact>
        <Fact term="Estado">{orders.map((order) => order.statusDescription).join(', ')}</Fact>
        {mode ? <Fact term="Modo de entrega">{mode}</Fact> : null}
        {deliveryWindow ? <Fact term="Horario de entrega">{windowLine(deliveryWindow)}</Fact> : null}
        {place ? <Fact term="Dirección">{place}</Fact> : null}
        {pickupStore ? <Fact term="Tienda">{storePlaceLine(pickupStore)}</Fact> : null}
      </dl>
      <section aria-labelledby="order-placed-items">
        <h2 id="order-placed-items" className="checkout__subtitle">
          Productos
        </h2>
        <ul className="checkout-items">
          {orders.flatMap((order) =>
            order.items.map((item) => (
              <li key={`${order.orderId}-${item.id}`} className="checkout-items__line">
                <span>{lineLabel(item)}</span>
                <span>{formatCLP(lineAmount(item))}</span>
              </li>
            )),
          )}
          {fee > 0 ? (
            <li className="checkout-items__line">
              <span>Costo de despacho</span>
              <span>{formatCLP(fee)}</span>
            </li>
          ) : null}
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
