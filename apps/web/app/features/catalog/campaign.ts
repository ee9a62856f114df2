import { isBannerActive } from '@despensa/domain';
import type { SelectedFacet } from '@despensa/contracts';

/** A CMS banner as the offer and cyber documents carry it. */
export interface CampaignBanner {
  image_desktop: string;
  image_mobile: string;
  alt: string;
  url?: string;
}

/** The listing an offer landing (offer-{slug}) or the cyber page (cyber) shows. */
export interface Campaign {
  title: string;
  description: string;
  banners: CampaignBanner[];
  collectionFacets: SelectedFacet[];
}

type Doc = Record<string, unknown>;

function isDoc(value: unknown): value is Doc {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Active banners only (§4: active and within start_date..end_date). */
function activeBanners(values: unknown[], now: Date): CampaignBanner[] {
  return values.filter(isDoc).flatMap((banner) => {
    const window = {
      active: banner.active === true,
      start_date: text(banner.start_date),
      end_date: text(banner.end_date),
    };
    if (!isBannerActive(window, now) || !banner.image_desktop) return [];
    return [
      {
        image_desktop: text(banner.image_desktop),
        image_mobile: text(banner.image_mobile) || text(banner.image_desktop),
        alt: text(banner.alt) || text(banner.title),
        url: text(banner.url),
      },
    ];
  });
}

/** The collection facet of a document: its selectedFacets, else its collectionId. */
function collectionFacets(doc: Doc): SelectedFacet[] {
  if (Array.isArray(doc.selectedFacets)) {
    const facets = doc.selectedFacets.filter(
      (facet): facet is SelectedFacet =>
        isDoc(facet) && facet.key === 'productClusterIds' && !!text(facet.value),
    );
    if (facets.length > 0) return facets;
  }
  const id = doc.collectionId;
  return typeof id === 'number' || typeof id === 'string'
    ? [{ key: 'productClusterIds', value: String(id) }]
    : [];
}

/** Reads a CMS offer or cyber document; null when it is not a usable campaign (the page is then a 404). */
export function readCampaign(doc: unknown, now: Date): Campaign | null {
  if (!isDoc(doc)) return null;
  const facets = collectionFacets(doc);
  if (facets.length === 0) return null;
  const banners = Array.isArray(doc.banners) ? doc.banners : doc.banner ? [doc.banner] : [];
  return {
    title: text(doc.title) || 'Ofertas',
    description: text(doc.description),
    banners: activeBanners(banners, now),
    collectionFacets: facets,
  };
}

/** The cyber sale runs between its own dates (§4 banner rule applied to the page). */
export function isCampaignLive(doc: unknown, now: Date): boolean {
  if (!isDoc(doc)) return false;
  if (doc.active === undefined) return true;
  return isBannerActive(
    { active: doc.active === true, start_date: text(doc.start_date), end_date: text(doc.end_date) },
    now,
  );
}
