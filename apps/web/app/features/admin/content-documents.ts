import { localParts, zonedInstant } from '@despensa/domain';
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

/** An instant as a datetime-local field shows it: the shop's wall clock (Santiago), to the minute. */
export function localInputValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = localParts(date);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** A datetime-local field's value (Santiago's wall clock) as an ISO instant; '' is no bound; null if unreadable. */
export function instantOfLocalInput(value: string): string | null {
  if (value.trim() === '') return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return zonedInstant(year, month, day, hour, minute).toISOString();
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
