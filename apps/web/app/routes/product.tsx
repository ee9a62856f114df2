import { ProductPage } from '../features/catalog/product-page/product-page';
import { loadProductPage } from '../features/catalog/product-page/load-product';
import { metaTags } from '../features/catalog/page-meta';
import '../features/catalog/catalog.css';
import type { Route } from './+types/product';

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadProductPage(request, context.services, params.slug);
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...metaTags(loaderData.meta), { 'script:ld+json': loaderData.jsonLd }] : metaTags(undefined);

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  return <ProductPage data={loaderData} />;
}
