import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Failure, sellerIdParam, type LegalPage } from '@despensa/contracts';
import { legalPagePdf, type ContentService } from '../../modules/content/service';

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['content'];
const cmsFile = z.string().regex(/^[a-z0-9][a-z0-9-]{0,120}\.json$/, 'must look like {slug}.json');

export function contentRoutes(
  content: ContentService,
  brandNameOf: (request: FastifyRequest) => string,
): FastifyPluginAsyncZod {
  return async (app) => {
    registerCmsRoutes(app, content);
    registerLegalPdfRoute(app, content, brandNameOf);
  };
}

/** The CMS documents, the server time they are dated by and the sponsored banners. */
function registerCmsRoutes(app: RouteApp, content: ContentService): void {
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
}

/** §3 legal agreements: the PDF the terms-update dialog links to, printed from the legal page itself. */
function registerLegalPdfRoute(
  app: RouteApp,
  content: ContentService,
  brandNameOf: (request: FastifyRequest) => string,
): void {
  app.get(
    '/media/legal/:file',
    {
      schema: {
        hide: true,
        params: z.object({
          file: z.string().regex(/^[a-z0-9][a-z0-9-]{0,120}\.pdf$/, 'must look like {slug}.pdf'),
        }),
      },
    },
    async (request, reply) => {
      const slug = request.params.file.replace(/\.pdf$/, '');
      const page = (await content.document(`legal-${slug}`)) as Partial<LegalPage>;
      if (!page.title || !Array.isArray(page.sections)) throw new Failure('contentNotFound');
      const pdf = await legalPagePdf(page as LegalPage, brandNameOf(request));
      return reply
        .type('application/pdf')
        .header('cache-control', 'public, max-age=3600')
        .header('content-disposition', `inline; filename="${request.params.file}"`)
        .send(Buffer.from(pdf));
    },
  );
}
