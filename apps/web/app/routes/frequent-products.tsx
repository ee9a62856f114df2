import { FREQUENT_PRODUCTS_DEFAULT } from '@despensa/domain';
import { requireSession } from '../features/account/account-server';
import { salesChannelOf } from '../features/catalog/loader-helpers';
import { summarizeProduct } from '../features/catalog/product-summary';
import { orLogOutHome, requireFeature } from '../features/lists/features-server';
import { ProductGridPage } from '../features/lists/product-grid-page';
import type { Route } from './+types/frequent-products';

/** /productos-frecuentes (§2, §7): up to 36 products of the shopper's own orders, most bought first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  await requireFeature(services, 'frequentProducts');
  const token = await requireSession(services, request);
  const products = await orLogOutHome(services, request, () =>
    services.shopperLists.frequent(token, salesChannelOf(request), FREQUENT_PRODUCTS_DEFAULT),
  );
  return { products: products.map(summarizeProduct), brandName: services.brand.name };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Productos frecuentes | ${loaderData?.brandName ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function FrequentProducts({ loaderData }: Route.ComponentProps) {
  return (
    <ProductGridPage
      title="Productos frecuentes"
      products={loaderData.products}
      empty="Aquí verás los productos que más compras, en cuanto hagas tu primera compra."
    />
  );
}
