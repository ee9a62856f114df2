import { z } from 'zod';

/**
 * Content editing (issue 30): every CMS document the storefront reads has its published version and a
 * draft; a draft is published now or at a time (a scheduled publish). The same calls serve an ERP or CMS
 * connector with an app key of scope `content` (/api/content/pvt/…) and the back office (/api/admin/content/…).
 */

/** A document's key, as /api/cms/{key}.json serves it: 'page-home', 'menu', 'legal-…', 'info-…'. */
export const contentDocumentKey = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,120}$/, 'lowercase letters, digits and dashes, as page-home');

export const contentDocumentParams = z.object({ key: contentDocumentKey });

const isoDateTime = z.iso.datetime({ offset: true });
/** A date bound of a dated item: empty or missing is open (the domain's isBannerActive). */
const dateBound = z.union([isoDateTime, z.literal(''), z.null()]).optional();

/** A banner's window must close after it opens. */
function startsBeforeEnd(item: { start_date?: string | null; end_date?: string | null }): boolean {
  if (!item.start_date || !item.end_date) return true;
  return Date.parse(item.start_date) < Date.parse(item.end_date);
}
const windowMessage = { message: 'end_date must come after start_date', path: ['end_date'] };

/** A banner with a schedule (hero carousel, offers, cyber, sponsored): the fields the storefront needs. */
export const scheduledBannerShape = z
  .looseObject({
    id: z.string().min(1).max(100),
    title: z.string().min(1).max(200),
    url: z.string().max(500),
    image_desktop: z.string().max(500),
    image_mobile: z.string().max(500),
    alt: z.string().max(300),
    active: z.boolean(),
    start_date: dateBound,
    end_date: dateBound,
  })
  .refine(startsBeforeEnd, windowMessage);

const section = z.looseObject({ anchor: z.string().max(120), title: z.string().max(300), html: z.string() });
const sectionedPage = z.looseObject({ title: z.string().min(1).max(300), sections: z.array(section) });
const heroBlock = z.looseObject({
  type: z.literal('hero-carousel'),
  id: z.string().min(1),
  title: z.string().min(1),
  autoplayMs: z.number().int().min(0).max(60_000),
  banners: z.array(scheduledBannerShape).max(50),
});
const otherBlock = z.looseObject({
  type: z.enum(['category-tiles', 'product-shelf', 'brand-strip', 'info-strip']),
  id: z.string().min(1),
  title: z.string(),
});

/** The checked shape of each family of documents; a key of no family needs only to be a JSON object. */
const documentShapes: { matches: (key: string) => boolean; shape: z.ZodType }[] = [
  {
    matches: (key) => key === 'page-home',
    shape: z.looseObject({
      title: z.string().min(1),
      description: z.string(),
      blocks: z.array(z.union([heroBlock, otherBlock])).max(50),
    }),
  },
  {
    matches: (key) => key === 'curtain',
    shape: z.looseObject({
      landing: z.looseObject({ active: z.boolean(), html: z.string() }),
      content: z.array(z.looseObject({ active: z.boolean(), title: z.string(), html: z.string() })).min(1),
    }),
  },
  {
    matches: (key) => key === 'menu',
    shape: z.looseObject({
      items: z.array(z.looseObject({ title: z.string().min(1), url: z.string(), active: z.boolean() })),
      fixed_categories: z.array(z.looseObject({ title: z.string().min(1), url: z.string() })),
      offers: z.array(z.looseObject({ title: z.string(), url: z.string() })),
      campaigns: z.array(z.looseObject({ title: z.string(), url: z.string() })),
    }),
  },
  {
    matches: (key) => key === 'list-banners',
    shape: z.looseObject({ items: z.array(scheduledBannerShape).max(100) }),
  },
  {
    matches: (key) => /^(legal-(?!agreements$)|info-|institucional-|sustainability-)/.test(key),
    shape: sectionedPage,
  },
];

/** A document's shape, checked against its key's family (contentInvalid when it does not fit). */
export function contentDocumentShape(key: string): z.ZodType {
  return documentShapes.find((family) => family.matches(key))?.shape ?? z.record(z.string(), z.unknown());
}

/** A document as sent: a JSON object (its family's shape is checked by the server, by key). */
export const contentDocumentBody = z.record(z.string(), z.unknown());

export const contentPublishBody = z.object({
  /** When the draft goes live; absent: now. Must lie in the future. */
  publishAt: isoDateTime.optional(),
});
export type ContentPublishBody = z.infer<typeof contentPublishBody>;

export const contentScheduledPublish = z.object({ publishAt: z.string(), document: z.unknown() });

/** One document as an editor sees it: what shoppers see, the draft and the publish waiting for its time. */
export const contentDocumentView = z.object({
  key: z.string(),
  published: z.unknown().nullable(),
  publishedAt: z.string().nullable(),
  draft: z.unknown().nullable(),
  draftUpdatedAt: z.string().nullable(),
  scheduled: contentScheduledPublish.nullable(),
});
export type ContentDocumentView = z.infer<typeof contentDocumentView>;

export const contentDocumentSummary = z.object({
  key: z.string(),
  publishedAt: z.string().nullable(),
  hasDraft: z.boolean(),
  scheduledAt: z.string().nullable(),
});
export type ContentDocumentSummary = z.infer<typeof contentDocumentSummary>;

export const contentDocumentList = z.object({ items: z.array(contentDocumentSummary) });
