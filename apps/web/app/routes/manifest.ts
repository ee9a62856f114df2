import type { Route } from './+types/manifest';

/** The web app manifest (installable shop): the configured brand's name, colours and icons (PNG for every platform, SVG for those that scale it). */
export function loader({ context }: Route.LoaderArgs) {
  const { brand } = context.services;
  const manifest = {
    name: brand.name,
    short_name: brand.name.slice(0, 12),
    description: `${brand.name}: supermercado en línea con despacho a domicilio y retiro en tienda.`,
    lang: 'es-CL',
    dir: 'ltr',
    start_url: '/?source=pwa',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: brand.primaryColor,
    icons: [
      { src: '/media/brand/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/media/brand/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/media/brand/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/media/brand/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { 'content-type': 'application/manifest+json', 'cache-control': 'public, max-age=3600' },
  });
}
