import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Failure } from '@despensa/contracts';
import type { Config } from '../../config';
import type { CatalogService } from '../catalog/service';
import type { ContentService } from '../content/service';
import { bannerSvg } from '../../seed/content/banner-svg';
import { escape, productSvg } from './product-svg';
import { brandIconPng } from './brand-icon';

const DAY = 86400;

/** Generated, cacheable images: product pictures, banners and the white-label logo and app icons. */
export function mediaRoutes(
  catalog: CatalogService,
  content: ContentService,
  config: Config,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/products/:file',
      { schema: { hide: true, params: z.object({ file: z.string().regex(/^\d{1,12}\.svg$/) }) } },
      async (request, reply) => {
        const entry = catalog.index.skusById.get(Number(request.params.file.replace('.svg', '')));
        if (!entry) throw new Failure('imageNotFound');
        reply.header('cache-control', `public, max-age=${DAY}`).type('image/svg+xml');
        return productSvg({
          name: entry.product.name,
          brand: entry.product.brand.name,
          icon: entry.product.categoryChain[0]?.icon ?? null,
          weighed: entry.sku.measurementUnit === 'kg',
        });
      },
    );

    app.get(
      '/media/banners/:file',
      {
        schema: {
          hide: true,
          params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,80}\.svg$/) }),
          querystring: z.object({ title: z.string().max(80).optional() }),
        },
      },
      async (request, reply) => {
        const name = request.params.file.replace('.svg', '');
        const asset = (await content.bannerAsset(name)) ?? {
          title: request.query.title ?? name.replace(/-(mobile|desktop)$/, '').replace(/-/g, ' '),
          colors: { bg: config.BRAND_PRIMARY_COLOR, fg: '#ffffff' },
          variant: name.endsWith('-mobile') ? ('mobile' as const) : ('desktop' as const),
        };
        reply.header('cache-control', `public, max-age=${DAY}`).type('image/svg+xml');
        return bannerSvg(name, asset.title, asset.colors, asset.variant);
      },
    );

    app.get('/media/brand/logo.svg', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${DAY}`).type('image/svg+xml');
      const name = escape(config.BRAND_NAME);
      return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 48" width="200" height="48" role="img" aria-label="${name}"><title>${name}</title><circle cx="24" cy="24" r="20" fill="${config.BRAND_PRIMARY_COLOR}"/><path d="M14 26h20l-3 9H17z" fill="#fff"/><text x="52" y="32" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="${config.BRAND_SECONDARY_COLOR}">${name}</text></svg>`;
    });

    // The installed app's PNG icons (web app manifest, notifications), drawn once per instance in the
    // configured brand colour: a white-label shop's icons follow its brand without a rebuild.
    const icons = new Map<string, Buffer>();
    app.get(
      '/media/brand/:file',
      {
        schema: {
          hide: true,
          params: z.object({ file: z.string().regex(/^icon(-maskable)?-(192|512)\.png$/) }),
        },
      },
      async (request, reply) => {
        const { file } = request.params;
        let png = icons.get(file);
        if (!png) {
          png = brandIconPng(
            Number(file.match(/(\d+)\.png$/)![1]),
            file.includes('maskable') ? 'maskable' : 'any',
            config.BRAND_PRIMARY_COLOR,
          );
          icons.set(file, png);
        }
        return reply.header('cache-control', `public, max-age=${DAY}`).type('image/png').send(png);
      },
    );

    // The installed app's icon (web app manifest): square, the brand colour edge to edge so it can be masked.
    app.get('/media/brand/icon.svg', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${DAY}`).type('image/svg+xml');
      const name = escape(config.BRAND_NAME);
      return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512" role="img" aria-label="${name}"><title>${name}</title><rect width="512" height="512" fill="${config.BRAND_PRIMARY_COLOR}"/><path d="M146 236h220l-33 110H179z" fill="#fff"/><path d="M196 236l40-70M316 236l-40-70" stroke="#fff" stroke-width="18" stroke-linecap="round"/></svg>`;
    });
  };
}
