import { useSearchParams } from 'react-router';
import { ordersCall } from '../features/orders/orders-server';
import { orderAction } from '../features/orders/order-actions';
import { OrderDetail } from '../features/orders/order-detail';
import { OLD_PURCHASES_PATH } from '../features/orders/paths';
import '../features/orders/orders.css';
import type { Route } from './+types/purchase-detail';

/**
 * /mis-compras/:orderId, /mis-compras-antiguas/:orderId and the order status /_secure/order/status/:orderId
 * (§2): one purchase, its status, and what may still change.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { orders } = context.services;
  const url = new URL(request.url);
  const [order, windows] = await ordersCall(context.services, request, (token) =>
    Promise.all([orders.order(token, params.orderId), orders.rescheduleWindows(token, params.orderId)]),
  );
  // The edit form's search (?modificar&buscar=): products to add, in the order's store.
  const term = url.searchParams.has('modificar') ? (url.searchParams.get('buscar') ?? '').trim() : '';
  const found =
    order.allowEdition && term.length >= 2 && term.length <= 80
      ? (
          await ordersCall(context.services, request, (token) =>
            orders.editProducts(token, params.orderId, term),
          )
        ).products
      : [];
  const old = url.pathname.startsWith(OLD_PURCHASES_PATH);
  return { order, windows, old, search: { term, found }, brandName: context.services.brand.name };
}

export function action({ request, params, context }: Route.ActionArgs) {
  return orderAction(context.services, request, params.orderId);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Pedido ${loaderData?.order.orderId ?? ''} | ${loaderData?.brandName ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function PurchaseDetail({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <OrderDetail
      order={loaderData.order}
      windows={loaderData.windows}
      old={loaderData.old}
      result={actionData ?? null}
      editing={params.has('modificar')}
      search={loaderData.search}
      brandName={loaderData.brandName}
    />
  );
}
