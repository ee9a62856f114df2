import { Link } from 'react-router';
import { failureCodeOf } from '@despensa/contracts';
import { formatCLP } from '@despensa/domain';
import { requireSession } from '../features/account/account-server';
import { notFound } from '../features/catalog/loader-helpers';
import type { Route } from './+types/order-status';

/** /_secure/order/status/:orderId (§2): an order's status, for its owner only (anyone else: not found). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  const token = await requireSession(services, request);
  try {
    const order = await services.checkout.order(token, params.orderId.slice(0, 100));
    return { order, brandName: services.brand.name };
  } catch (error) {
    if (failureCodeOf(error) === 'orderNotFound') throw notFound();
    throw error;
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Estado del pedido | ${loaderData?.brandName ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function OrderStatus({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <main className="checkout container">
      <h1 className="checkout__title">Pedido {order.orderId}</h1>
      <dl className="checkout-facts">
        <div>
          <dt>Estado</dt>
          <dd data-status={order.status}>{order.statusDescription}</dd>
        </div>
        <div>
          <dt>Compra</dt>
          <dd>{order.orderGroup}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatCLP(order.value)}</dd>
        </div>
      </dl>
      <Link to={`/checkout/orderPlaced?og=${encodeURIComponent(order.orderGroup)}`}>
        Ver el detalle de la compra
      </Link>
    </main>
  );
}
