import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Failure } from '@despensa/contracts';
import { isWeighed } from '@despensa/domain';
import type { Config } from '../../config';
import type { CatalogService } from '../../modules/catalog/service';
import type { ContentService } from '../../modules/content/service';
import { bannerSvg } from '../../seed/content/banner-svg';
import { escape, productSvg } from '../../modules/media/product-svg';
import { brandIconPng } from '../../modules/media/brand-icon';
import { pngOf } from '../../modules/media/raster';

const DAY = 86400;

/** `name.svg`, `name.png` or `name@2x.png` (twice the pixels, for dense screens). */
function pictureFile(name: string) {
  return new RegExp(`^${name}(?:\\.svg|(?:@2x)?\\.png)$`);
}

/** Sends a drawn picture as it was asked for: the SVG itself or its PNG at the zoom its name says. */
async function sendPicture(reply: FastifyReply, file: string, svg: string) {
  reply.header('cache-control', `public, max-age=${DAY}`);
  if (file.endsWith('.svg')) return reply.type('image/svg+xml').send(svg);
  return reply.type('image/png').send(await pngOf(svg, file.endsWith('@2x.png') ? 2 : 1));
}

/** The file's name without its zoom and extension: `123@2x.png` → `123`. */
function baseName(file: string): string {
  return file.replace(/(@2x)?\.(svg|png)$/, '');
}

/** What a SKU's picture is drawn from: the index, or the tables for a product off the shelf. */
async function pictureSubject(catalog: CatalogService, skuId: number) {
  const entry = catalog.index.skusById.get(skuId);
  if (!entry) {
    // Off the shelf: its record from the tables, its category's icon from the index (which has them all).
    const record = await catalog.records.pictureSubject(skuId);
    if (!record) return null;
    const icon = catalog.index.chainOf(record.categoryId)[0]?.icon ?? null;
    return { name: record.name, brand: record.brand, icon, weighed: record.weighed };
  }
  return {
    name: entry.product.name,
    brand: entry.product.brand.name,
    icon: entry.product.categoryChain[0]?.icon ?? null,
    weighed: isWeighed(entry.sku.measurementUnit),
  };
}

/**
 * Generated, cacheable images: product pictures, banners and the white-label logo and app icons. The
 * pages use the PNGs (see raster.ts); the SVGs stay for tools and anyone who wants to scale them.
 */
export function mediaRoutes(
  catalog: CatalogService,
  content: ContentService,
  config: Config,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/products/:file',
      { schema: { hide: true, params: z.object({ file: z.string().regex(pictureFile('\\d{1,12}')) }) } },
      async (request, reply) => {
        const { file } = request.params;
        const subject = await pictureSubject(catalog, Number(baseName(file)));
        if (!subject) throw new Failure('imageNotFound');
        return sendPicture(reply, file, productSvg(subject));
      },
    );

    app.get(
      '/media/banners/:file',
      {
        schema: {
          hide: true,
          params: z.object({ file: z.string().regex(pictureFile('[a-z0-9-]{1,80}')) }),
          querystring: z.object({ title: z.string().max(80).optional() }),
        },
      },
      async (request, reply) => {
        const { file } = request.params;
        const name = baseName(file);
        const asset = (await content.bannerAsset(name)) ?? {
          // A title of the caller's own only for the SVG: every new one would be a PNG drawn on the server.
          title:
            (file.endsWith('.svg') ? request.query.title : undefined) ??
            name.replace(/-(mobile|desktop)$/, '').replace(/-/g, ' '),
          colors: { bg: config.BRAND_PRIMARY_COLOR, fg: '#ffffff' },
          variant: name.endsWith('-mobile') ? ('mobile' as const) : ('desktop' as const),
        };
        return sendPicture(reply, file, bannerSvg(name, asset.title, asset.colors, asset.variant));
      },
    );

    // Static paths, which Fastify matches before the icons' parametric one.
    for (const file of ['logo.svg', 'logo.png', 'logo@2x.png']) {
      app.get(`/media/brand/${file}`, { schema: { hide: true } }, async (_request, reply) =>
        sendPicture(reply, file, logoSvg(config)),
      );
    }

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

function logoSvg(config: Config): string {
  const name = escape(config.BRAND_NAME);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 48" width="200" height="48" role="img" aria-label="${name}"><title>${name}</title><circle cx="24" cy="24" r="20" fill="${config.BRAND_PRIMARY_COLOR}"/><path d="M14 26h20l-3 9H17z" fill="#fff"/><text x="52" y="32" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="${config.BRAND_SECONDARY_COLOR}">${name}</text></svg>`;
}
