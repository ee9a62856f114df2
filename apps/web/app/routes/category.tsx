import { categoryTrailBySlugs } from '../features/catalog/category-trail';
import { ListingPage } from '../features/catalog/listing/listing-page';
import { readListingQuery } from '../features/catalog/listing/listing-query';
import { listingMeta } from '../features/catalog/listing/listing-meta';
import { categoryCrumbs, loadListing } from '../features/catalog/listing/load-listing';
import { notFound, salesChannelOf } from '../features/catalog/loader-helpers';
import { metaTags } from '../features/catalog/page-meta';
import '../features/catalog/catalog.css';
import { catalogueClientLoader } from '../lib/route-calls';
import type { Route } from './+types/category';

export function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  const slugs = [params.category1, params.category2, params.category3].filter(
    (slug): slug is string => !!slug,
  );
  const trail = categoryTrailBySlugs(services.catalog.categoryTree(), slugs);
  const node = trail?.at(-1);
  if (!trail || !node) throw notFound();
  const url = new URL(request.url);
  const listing = loadListing(services.catalog, {
    seller: services.brand.sellerId,
    path: slugs.join('/'),
    query: { ...readListingQuery(url.searchParams), term: '' },
    salesChannel: salesChannelOf(request),
    heading: node.name,
    breadcrumbs: categoryCrumbs(trail),
    category: { node, depth: trail.length },
  });
  const description = `Compra ${node.name.toLowerCase()} online en ${services.brand.name}: ${listing.total} productos con despacho a domicilio o retiro en tienda.`;
  return { listing, meta: listingMeta(request, services, listing, description) };
}

/** In the browser, a failed read is tried again and given up after 3 tries (§8, §9). */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => catalogueClientLoader(serverLoader);

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function CategoryListing({ loaderData }: Route.ComponentProps) {
  return <ListingPage listing={loaderData.listing} />;
}
