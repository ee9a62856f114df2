import { failureCodeOf } from '@despensa/contracts';
import { requireSession } from '../features/account/account-server';
import { notFound } from '../features/catalog/loader-helpers';
import { OrderPlacedPage } from '../features/checkout/order-placed-page';
import type { Route } from './+types/order-placed';

/**
 * /checkout/orderPlaced?og={orderGroup} (§2): the confirmation, titled 'Confirmación de compra'. Another
 * shopper's group, or none, is not found.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const token = await requireSession(services, request);
  const orderGroup = new URL(request.url).searchParams.get('og') ?? '';
  let orders;
  try {
    orders = await services.checkout.orderGroup(token, orderGroup.slice(0, 100));
  } catch (error) {
    if (failureCodeOf(error) === 'orderNotFound' || failureCodeOf(error) === 'invalidInput') throw notFound();
    throw error;
  }
  // §7: the page's purchase event carries the visitor's e-mail to analytics (features/platform/use-page-analytics).
  return { orderGroup, orders, brandName: services.brand.name };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Confirmación de compra | ${loaderData?.brandName ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function OrderPlaced({ loaderData }: Route.ComponentProps) {
  return <OrderPlacedPage orderGroup={loaderData.orderGroup} orders={loaderData.orders} />;
}
