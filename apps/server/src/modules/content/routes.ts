import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContentService } from './service';

const tags = ['content'];

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
            file: z.string().regex(/^[a-z0-9][a-z0-9-]{0,120}\.json$/, 'must look like {slug}.json'),
          }),
          response: { 200: z.unknown() },
        },
      },
      async (request) => content.document(request.params.file.replace(/\.json$/, '')),
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
