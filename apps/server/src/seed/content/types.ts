/**
 * Inputs of the CMS seed generator. The document shapes it produces live in @despensa/contracts (content.ts),
 * shared with the web app, and are re-exported here so seed code keeps importing from './types'.
 */
export type {
  IsoDateTime,
  ScheduledBanner,
  ContentSection,
  LinkItem,
  DeliveryModeId,
  HomePage,
  HomeBlock,
  HomeHeroCarouselBlock,
  HomeCategoryTile,
  HomeCategoryTilesBlock,
  HomeProductShelfBlock,
  HomeBrandLink,
  HomeBrandStripBlock,
  HomeInfoItem,
  HomeInfoStripBlock,
  CategoryMenuBanner,
  CategoryMenuItem,
  MenuContent,
  CurtainContent,
  PrefooterLinkId,
  PrefooterLink,
  FooterGroupId,
  FooterLinkGroup,
  SocialNetwork,
  SocialLink,
  PaymentIconId,
  PaymentIcon,
  FooterContent,
  LegalPage,
  LegalAgreements,
  ContentPage,
  InfoPage,
  InstitutionalPage,
  InfoPageSummary,
  InfoPageList,
  OfferPage,
  CyberPage,
  SustainabilityPillar,
  SustainabilityPage,
  SustainabilitySubPage,
  SponsoredBanner,
  SponsoredBannerList,
  CmsDocumentMap,
  CmsDocumentKey,
  OfferSelectedFacet as SelectedFacet,
} from '@despensa/contracts';
import type { Category } from '@despensa/domain';

/** A document as the seed writes it: `key` is the file name without `.json`. */
export interface SeedCmsDocument {
  key: string;
  data: unknown;
}

// ---------------------------------------------------------------------------------------------------------------
// Input

/** The shop's one category shape; here a slug containing '/' is taken as the full path. */
export type ContentCategoryInput = Category;

export interface ContentCollectionInput {
  id: number;
  name: string;
}

export interface ContentBrandInput {
  id: number;
  name: string;
  slug: string;
}

export interface GenerateContentInput {
  categories: ContentCategoryInput[];
  /** At least one. Shelves and offers pick collections by name keywords, then fall back to unused ones. */
  collections: ContentCollectionInput[];
  /** The chain's display name, e.g. 'Despensa'. */
  brandName: string;
  /** As displayed, e.g. '600 400 2000'. */
  helpPhone: string;
  /** Every date in the content is derived from this. */
  now: Date;
  /** Optional catalogue brands for the home brand strip and the sponsors of sponsored banners. */
  brands?: ContentBrandInput[];
}
