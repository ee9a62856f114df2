import { salesChannelOf } from '../features/catalog/loader-helpers';
import { sitemapPaths, sitemapXml } from '../features/catalog/sitemap';
import type { Route } from './+types/sitemap';

/** Building it walks the whole catalogue, so one copy serves every request for a while. */
const CACHE_MS = 10 * 60 * 1000;
let cached: { origin: string; xml: string; at: number } | null = null;

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  if (!cached || cached.origin !== origin || Date.now() - cached.at > CACHE_MS) {
    const paths = sitemapPaths(context.services.catalog, salesChannelOf(request));
    cached = { origin, xml: sitemapXml(origin, paths), at: Date.now() };
  }
  return new Response(cached.xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
