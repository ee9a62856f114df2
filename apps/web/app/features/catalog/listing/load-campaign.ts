import type { StorefrontServices } from '@despensa/contracts';
import { readCampaign, type Campaign } from '../campaign';
import { orNotFound, notFound, salesChannelOf } from '../loader-helpers';
import { readListingQuery } from './listing-query';
import { listingMeta } from './listing-meta';
import { HOME_CRUMB, loadListing } from './load-listing';

/** The CMS document of an offer landing or the cyber page; a 404 when the CMS does not have it. */
export function campaignDocument(services: StorefrontServices, documentKey: string): Promise<unknown> {
  return orNotFound(() => services.content.document(documentKey, services.brand.sellerId));
}

/** An offer landing or the cyber page: the CMS document names a collection, listed with filters. */
export function campaignListing(request: Request, services: StorefrontServices, doc: unknown) {
  const campaign: Campaign | null = readCampaign(doc, new Date());
  if (!campaign) throw notFound();
  const url = new URL(request.url);
  const listing = loadListing(services.catalog, {
    seller: services.brand.sellerId,
    path: '',
    query: { ...readListingQuery(url.searchParams), term: '' },
    fixedFacets: campaign.collectionFacets,
    salesChannel: salesChannelOf(request),
    heading: campaign.title,
    breadcrumbs: [HOME_CRUMB, { name: campaign.title, url: url.pathname }],
  });
  const description =
    campaign.description || `${campaign.title} en ${services.brand.name}: ${listing.total} productos.`;
  return { listing, campaign, meta: listingMeta(request, services, listing, description) };
}
