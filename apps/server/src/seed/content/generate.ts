import type { BannerAsset } from './banner-svg';
import { ContentContext } from './context';
import { curtain, footer, homePage, menu, pickHomeCollections } from './layout';
import { cyberDocument, offerDocuments, sponsoredBanners } from './offers';
import { infoList, infoPages, institutionalPages, legalAgreements, legalPages } from './pages';
import { sustainabilityDocuments } from './sustainability';
import type { GenerateContentInput, SeedCmsDocument } from './types';

export type * from './types';
export type { BannerAsset, BannerColors, BannerVariant } from './banner-svg';

export interface GeneratedContent {
  documents: SeedCmsDocument[];
  /** Every image under /media/banners/ the documents reference, to be rendered with bannerSvg(). */
  bannerAssets: BannerAsset[];
}

/**
 * All CMS documents (see CmsDocumentMap in ./types for keys and shapes) plus the banner images they use.
 * Pure and deterministic: the same input (categories and collections in any order) gives the same output.
 */
export function generateContentWithAssets(input: GenerateContentInput): GeneratedContent {
  const ctx = new ContentContext(input);
  const collections = pickHomeCollections(ctx);
  const cyberCollection = ctx.pickCollection(['cyber']);
  const infos = infoPages(ctx);

  const entries: [string, unknown][] = [
    ['page-home', homePage(ctx, collections)],
    ['menu', menu(ctx)],
    ['curtain', curtain(ctx)],
    ['footer', footer(ctx)],
    ...legalPages(ctx),
    ['legal-agreements', legalAgreements(ctx)],
    ...infos,
    ['list-informaciones', infoList(infos)],
    ...institutionalPages(ctx),
    ...offerDocuments(ctx, collections),
    ['cyber', cyberDocument(ctx, cyberCollection)],
    ...sustainabilityDocuments(ctx),
    ['list-banners', sponsoredBanners(ctx)],
  ];

  const seen = new Set<string>();
  for (const [key] of entries) {
    if (seen.has(key)) throw new Error(`Duplicate CMS key ${key}`);
    seen.add(key);
  }
  return { documents: entries.map(([key, data]) => ({ key, data })), bannerAssets: ctx.bannerAssets() };
}

/** All CMS documents; see generateContentWithAssets for the banner images. */
export function generateContent(input: GenerateContentInput): SeedCmsDocument[] {
  return generateContentWithAssets(input).documents;
}
