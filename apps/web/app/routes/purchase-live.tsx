import { requireSession } from '../features/account/account-server';
import { OrderLiveSection } from '../features/orders/order-live-section';
import type { Route } from './+types/purchase-live';

/**
 * /mis-compras/:orderId until the purchase pages land: the order's live section (status, weights,
 * replacements to approve, chat). The purchase detail page mounts OrderLiveSection the same way.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireSession(context.services, request);
  return { orderId: params.orderId };
}

export function meta() {
  return [{ title: 'Mi compra' }, { name: 'robots', content: 'noindex' }];
}

export default function PurchaseLive({ loaderData }: Route.ComponentProps) {
  return (
    <main className="container">
      <h1>Pedido {loaderData.orderId}</h1>
      <OrderLiveSection orderId={loaderData.orderId} />
    </main>
  );
}
