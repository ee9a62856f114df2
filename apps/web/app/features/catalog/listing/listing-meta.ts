import type { StorefrontServices } from '@despensa/contracts';
import { catalogSeo, pagedLinks, type PageMeta } from '../page-meta';
import type { ListingData } from './load-listing';

/** Title, description, canonical and paging links of a listing page. */
export function listingMeta(
  request: Request,
  services: StorefrontServices,
  listing: ListingData,
  description: string,
): PageMeta {
  const pageSuffix = listing.page > 1 ? ` - Página ${listing.page}` : '';
  const title = `${listing.heading}${pageSuffix} | ${services.brand.name}`;
  const seo = catalogSeo(request, services.brand.name, { title, description }, ['ft', 'page']);
  return { seo, ...pagedLinks(seo, listing.page, listing.pageCount) };
}
