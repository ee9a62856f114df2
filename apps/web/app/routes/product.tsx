import { ProductPage } from '../features/catalog/product-page/product-page';
import { loadProductPage } from '../features/catalog/product-page/load-product';
import { metaTags } from '../features/catalog/page-meta';
import '../features/catalog/catalog.css';
import { catalogueClientLoader } from '../lib/route-calls';
import type { Route } from './+types/product';

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadProductPage(request, context.services, params.slug);
}

/** In the browser, a failed read is tried again and given up after 3 tries (§8, §9). */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => catalogueClientLoader(serverLoader);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...metaTags(loaderData.meta), { 'script:ld+json': loaderData.jsonLd }] : metaTags(undefined);

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  return <ProductPage data={loaderData} />;
}
