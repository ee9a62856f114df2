import { addByUrl } from '../features/cart/cart-server';
import { salesChannelOf } from '../features/catalog/loader-helpers';
import { requireDocument } from '../features/content/load-document';
import { HomeBlocks } from '../features/content/home/home-blocks';
import { homeView } from '../features/content/home/home-data';
import { walletLinkLoader } from '../features/payments/wallet-link-server';
import { WalletStatusSnackbar } from '../features/payments/wallet-status-snackbar';
import { metaFromSeo, seoFor } from '../lib/seo';
import type { Route } from './+types/home';

/**
 * /, /index.html, /login, /register, /cencopay-success: the home from the `page-home` document; a URL
 * with ?sku= first adds those products (§2). Back from the wallet (/cencopay-success), the wallet-status
 * snackbar tells the wallet's state.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  // §2 add by URL: add, then land on a clean / with the minicart open.
  const added = await addByUrl(services, request, '/');
  if (added) throw added;
  const page = await requireDocument(services, 'page-home');
  const blocks = homeView(page, services, services.content.now(), salesChannelOf(request));
  const seo = seoFor(request, services.brand.name, page.title, page.description);
  const walletLink =
    new URL(request.url).pathname === '/cencopay-success'
      ? (await walletLinkLoader(services, request)).link
      : null;
  return { blocks, brandName: services.brand.name, seo: { ...seo, path: '/' }, walletLink };
}

export const meta = metaFromSeo;

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="home container">
      <h1 className="visually-hidden">{loaderData.brandName}: supermercado en línea</h1>
      <HomeBlocks blocks={loaderData.blocks} />
      <WalletStatusSnackbar link={loaderData.walletLink} />
    </main>
  );
}
