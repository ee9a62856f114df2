import { requireSession } from '../features/account/account-server';
import { productsOfSkusInChunks, salesChannelOf } from '../features/catalog/loader-helpers';
import { summarizeProduct } from '../features/catalog/product-summary';
import { orLogOutHome, requireFeature } from '../features/lists/features-server';
import { ProductGridPage } from '../features/lists/product-grid-page';
import type { Route } from './+types/favourite-products';

/** /productos-favoritos (§2): the products the shopper hearted, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  await requireFeature(services, 'favourites');
  const token = await requireSession(services, request);
  const skuIds = await orLogOutHome(services, request, () => services.shopperLists.favourites(token));
  const products = productsOfSkusInChunks(services, skuIds, salesChannelOf(request)).map(summarizeProduct);
  return { products, brandName: services.brand.name };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Favoritos | ${loaderData?.brandName ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function FavouriteProducts({ loaderData }: Route.ComponentProps) {
  return (
    <ProductGridPage
      title="Favoritos"
      products={loaderData.products}
      empty="Aún no tienes favoritos. Toca el corazón de un producto para guardarlo aquí."
    />
  );
}
