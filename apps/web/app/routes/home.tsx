import { addByUrl } from '../features/cart/cart-server';
import { salesChannelOf } from '../features/catalog/loader-helpers';
import { requireDocument } from '../features/content/load-document';
import { HomeBlocks } from '../features/content/home/home-blocks';
import { homeView } from '../features/content/home/home-data';
import { metaFromSeo, seoFor } from '../lib/seo';
import type { Route } from './+types/home';

/**
 * /, /index.html, /login, /register, /cencopay-success: the home from the `page-home` document; a URL
 * with ?sku= first adds those products (§2).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  // §2 add by URL: add, then land on a clean / with the minicart open.
  const added = await addByUrl(services, request, '/');
  if (added) throw added;
  const page = await requireDocument(services, 'page-home');
  const blocks = homeView(page, services, new Date(), salesChannelOf(request));
  const seo = seoFor(request, services.brand.name, page.title, page.description);
  return { blocks, brandName: services.brand.name, seo: { ...seo, path: '/' } };
}

export const meta = metaFromSeo;

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="home container">
      <h1 className="visually-hidden">{loaderData.brandName}: supermercado en línea</h1>
      <HomeBlocks blocks={loaderData.blocks} />
    </main>
  );
}
