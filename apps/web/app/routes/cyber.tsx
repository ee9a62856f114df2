import { isCampaignLive } from '../features/catalog/campaign';
import { CampaignBanners } from '../features/catalog/listing/campaign-banners';
import { campaignDocument, campaignListing } from '../features/catalog/listing/load-campaign';
import { ListingPage } from '../features/catalog/listing/listing-page';
import { metaTags } from '../features/catalog/page-meta';
import '../features/catalog/catalog.css';
import { catalogueClientLoader } from '../lib/route-calls';
import type { Route } from './+types/cyber';

/** /cyber: the CMS document cyber; outside its dates the page says the sale is over. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const doc = await campaignDocument(context.services, 'cyber');
  if (!isCampaignLive(doc, context.services.content.now())) return { live: false as const };
  return { live: true as const, ...campaignListing(request, context.services, doc) };
}

/** In the browser, a failed read is tried again and given up after 3 tries (§8, §9). */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => catalogueClientLoader(serverLoader);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.live ? metaTags(loaderData.meta) : [{ title: 'Cyber' }];

export default function CyberSale({ loaderData }: Route.ComponentProps) {
  if (!loaderData.live) {
    return (
      <main className="listing">
        <h1 className="listing__heading">Cyber</h1>
        <p>El evento Cyber no está activo en este momento. Revisa nuestras ofertas de la semana.</p>
      </main>
    );
  }
  return (
    <ListingPage
      listing={loaderData.listing}
      intro={<CampaignBanners banners={loaderData.campaign.banners} />}
    />
  );
}
