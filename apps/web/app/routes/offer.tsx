import { CampaignBanners } from '../features/catalog/listing/campaign-banners';
import { campaignDocument, campaignListing } from '../features/catalog/listing/load-campaign';
import { ListingPage } from '../features/catalog/listing/listing-page';
import { metaTags } from '../features/catalog/page-meta';
import '../features/catalog/catalog.css';
import { catalogueClientLoader } from '../lib/route-calls';
import type { Route } from './+types/offer';

/** /oferta/{slug}: the CMS document offer-{slug} names the collection; unknown slugs are a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const doc = await campaignDocument(context.services, `offer-${params.slug}`);
  return campaignListing(request, context.services, doc);
}

/** In the browser, a failed read is tried again and given up after 3 tries (§8, §9). */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => catalogueClientLoader(serverLoader);

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function OfferLanding({ loaderData }: Route.ComponentProps) {
  const { listing, campaign } = loaderData;
  return (
    <ListingPage
      listing={listing}
      intro={
        <>
          <CampaignBanners banners={campaign.banners} />
          {campaign.description && <p className="listing__intro">{campaign.description}</p>}
        </>
      }
    />
  );
}
