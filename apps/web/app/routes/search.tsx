import { redirect } from 'react-router';
import { emptySearchPath, isBlankTerm, searchRedirect } from '@despensa/domain';
import { categoryTrailBySlugs } from '../features/catalog/category-trail';
import { ListingPage } from '../features/catalog/listing/listing-page';
import { readListingQuery } from '../features/catalog/listing/listing-query';
import { listingMeta } from '../features/catalog/listing/listing-meta';
import { HOME_CRUMB, categoryCrumbs, loadListing } from '../features/catalog/listing/load-listing';
import { salesChannelOf } from '../features/catalog/loader-helpers';
import { metaTags } from '../features/catalog/page-meta';
import '../features/catalog/catalog.css';
import { catalogueClientLoader } from '../lib/route-calls';
import type { Route } from './+types/search';

/** /busca?ft={term} and /busqueda/{categories or words}: a search, or a category listing by path. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  const url = new URL(request.url);
  const query = readListingQuery(url.searchParams);
  const segments = [params.category1, params.category2, params.category3].filter(
    (slug): slug is string => !!slug,
  );
  const words = [...segments, query.term].join(' ').trim();
  if (isBlankTerm(words)) throw redirect('/');
  // §2: booking, stores and offers terms lead to their pages instead of results.
  const target = searchRedirect(words);
  if (target) throw redirect(target);

  const trail = categoryTrailBySlugs(services.catalog.categoryTree(), segments) ?? [];
  const isCategoryPath = segments.length > 0 && trail.length === segments.length && !query.term;
  const listing = loadListing(services.catalog, {
    seller: services.brand.sellerId,
    path: segments.join('/'),
    query,
    salesChannel: salesChannelOf(request),
    heading: isCategoryPath ? trail.at(-1)!.name : `Resultados para «${words}»`,
    breadcrumbs: isCategoryPath
      ? categoryCrumbs(trail)
      : [HOME_CRUMB, { name: 'Búsqueda', url: url.pathname }],
  });
  // §2: a search with no result goes to the empty-search page, carrying the term.
  if (listing.total === 0 && !listing.hasFilters) throw redirect(emptySearchPath(words));
  const description = `${listing.total} productos para «${words}» en ${services.brand.name}. Compra online con despacho a domicilio o retiro en tienda.`;
  return {
    listing,
    meta: listingMeta(request, services, listing, description),
    // §7 analytics: the words searched and how many products they found (a category path is no search).
    search: isCategoryPath ? null : { term: words, results: listing.total },
  };
}

/** In the browser, a failed read is tried again and given up after 3 tries (§8, §9). */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => catalogueClientLoader(serverLoader);

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  return <ListingPage listing={loaderData.listing} />;
}
