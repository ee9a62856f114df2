import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContentService } from './service';
import { sellerIdParam } from '@despensa/contracts';

const tags = ['content'];
const cmsFile = z.string().regex(/^[a-z0-9][a-z0-9-]{0,120}\.json$/, 'must look like {slug}.json');

export function contentRoutes(content: ContentService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/cms/datetime',
      {
        schema: {
          tags,
          summary: 'Server time, for date-bound content',
          response: { 200: z.object({ datetime: z.string(), timestamp: z.number().int() }) },
        },
      },
      async () => {
        const now = content.now();
        return { datetime: now.toISOString(), timestamp: now.getTime() };
      },
    );

    app.get(
      '/api/cms/:file',
      {
        schema: {
          tags,
          summary: 'A CMS document: page-{id}.json, list-{slug}.json or {slug}.json',
          params: z.object({
            file: cmsFile,
          }),
          response: { 200: z.unknown() },
        },
      },
      async (request) => content.document(request.params.file.replace(/\.json$/, '')),
    );

    // §7: white-label calls put the seller in the path; §6: its content without the items not for it.
    app.get(
      '/api/:seller/cms/:file',
      {
        schema: {
          tags,
          summary:
            "A CMS document as one seller's storefront shows it (items its seller rules exclude left out)",
          params: z.object({
            seller: sellerIdParam,
            file: cmsFile,
          }),
          response: { 200: z.unknown() },
        },
      },
      async (request) => content.document(request.params.file.replace(/\.json$/, ''), request.params.seller),
    );

    app.get(
      '/api/banners/sponsored',
      {
        schema: {
          tags,
          summary: 'Sponsored banners active now (at most 5)',
          response: { 200: z.array(z.record(z.string(), z.unknown())) },
        },
      },
      async () => content.sponsoredBanners(),
    );
  };
}
