import type { HomeHeroCarouselBlock, ScheduledBanner } from '@despensa/contracts';

export const CONTENT_API = '/api/admin/content/documents';

/** The storefront page that shows a document, for its preview ('/' for what every page shows). */
export function pageOfDocument(key: string): string {
  const pages: [RegExp, (slug: string) => string][] = [
    [/^legal-(.+)$/, (slug) => `/informaciones-legales/${slug}`],
    [/^info-(.+)$/, (slug) => `/informaciones/${slug}`],
    [/^institucional-(.+)$/, (slug) => `/institucional/${slug}`],
    [/^offer-(.+)$/, (slug) => `/oferta/${slug}`],
    [/^sustainability-(.+)$/, (slug) => `/plan-por-el-futuro/${slug}`],
  ];
  if (key === 'cyber') return '/cyber';
  if (key === 'sustainability') return '/plan-por-el-futuro';
  if (key === 'list-informaciones') return '/informaciones';
  for (const [pattern, path] of pages) {
    const slug = pattern.exec(key)?.[1];
    if (slug && key !== 'legal-agreements') return path(slug);
  }
  return '/';
}

interface HomeLike {
  blocks?: unknown;
}

/** The home's hero carousel banners (the dated banners an editor schedules), or none for other documents. */
export function heroBanners(document: unknown): ScheduledBanner[] {
  const blocks = (document as HomeLike | null)?.blocks;
  if (!Array.isArray(blocks)) return [];
  const hero = blocks.find((block: { type?: string }) => block?.type === 'hero-carousel') as
    HomeHeroCarouselBlock | undefined;
  return hero?.banners ?? [];
}

/** The document with each hero banner's active flag and dates as the schedule form sent them. */
export function withBannerSchedule(
  document: unknown,
  schedule: (banner: ScheduledBanner) => ScheduledBanner,
): unknown {
  const page = document as { blocks: { type: string; banners?: ScheduledBanner[] }[] };
  return {
    ...page,
    blocks: page.blocks.map((block) =>
      block.type === 'hero-carousel' && block.banners
        ? { ...block, banners: block.banners.map(schedule) }
        : block,
    ),
  };
}
