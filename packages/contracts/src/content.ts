/**
 * Shapes of the CMS documents served as `GET /api/cms/{key}.json` and read by the web's loaders through
 * `services.content.document(key)`. The server's seed generator writes them; both sides share this file.
 *
 * Conventions:
 * - Dates are ISO 8601 UTC strings (`IsoDateTime`).
 * - A dated item (banner, sale) is shown only when `active && start_date <= now < end_date`.
 * - `html` fields are simple fragments (p, h2, h3, ul, li, a, strong; links site-relative or tel:), which
 *   the content service sanitises against an allow-list on every read. Render them as HTML.
 * - URLs are site paths ('/lacteos', '/oferta/parrilla'); images are '/media/…' paths served by our API.
 */

/** '2025-03-01T00:00:00.000Z'. */
export type IsoDateTime = string;

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces

/** A banner with a schedule (hero carousel, offers, cyber, sponsored). */
export interface ScheduledBanner {
  id: string;
  title: string;
  /** Where the banner links to. */
  url: string;
  /** 1200×300 image. */
  image_desktop: string;
  /** 600×400 image. */
  image_mobile: string;
  /** Text alternative for the image. */
  alt: string;
  active: boolean;
  start_date: IsoDateTime;
  end_date: IsoDateTime;
}

/** A titled part of a text page; `anchor` is the fragment id (`#anchor`) of its heading. */
export interface ContentSection {
  anchor: string;
  title: string;
  html: string;
}

export interface LinkItem {
  title: string;
  url: string;
}

// ---------------------------------------------------------------------------------------------------------------
// page-home

export type DeliveryModeId = 'home-delivery' | 'store-pickup' | 'car-pickup' | 'express';

export interface HomePage {
  title: string;
  description: string;
  /** Rendered in this order. */
  blocks: HomeBlock[];
}

export type HomeBlock =
  | HomeHeroCarouselBlock
  | HomeCategoryTilesBlock
  | HomeProductShelfBlock
  | HomeBrandStripBlock
  | HomeInfoStripBlock;

export interface HomeHeroCarouselBlock {
  type: 'hero-carousel';
  id: string;
  /** Accessible name of the carousel region. */
  title: string;
  autoplayMs: number;
  /** Includes banners outside their dates and inactive ones: filter with the date rule. */
  banners: ScheduledBanner[];
}

export interface HomeCategoryTile {
  categoryId: number;
  title: string;
  url: string;
  icon: string | null;
}

export interface HomeCategoryTilesBlock {
  type: 'category-tiles';
  id: string;
  title: string;
  /** Top categories: the fixed ones first (menu order), then the others. */
  tiles: HomeCategoryTile[];
}

export interface HomeProductShelfBlock {
  type: 'product-shelf';
  id: string;
  title: string;
  /** Products of this collection (product cluster). */
  collectionId: number;
  maxItems: number;
  /** 'Ver todo' link, or null when the collection has no landing page. */
  url: string | null;
}

export interface HomeBrandLink {
  name: string;
  url: string;
}

export interface HomeBrandStripBlock {
  type: 'brand-strip';
  id: string;
  title: string;
  brands: HomeBrandLink[];
}

export interface HomeInfoItem {
  mode: DeliveryModeId;
  /** §3 delivery method identifier, e.g. 'seller-1-sla-DespachoaDomicilio'. */
  slaId: string;
  icon: string;
  title: string;
  text: string;
  url: string;
}

export interface HomeInfoStripBlock {
  type: 'info-strip';
  id: string;
  title: string;
  items: HomeInfoItem[];
}

// ---------------------------------------------------------------------------------------------------------------
// menu (§3 Category menu item, Content fields: Menu)

export interface CategoryMenuBanner {
  url: string;
  title: string;
  image_mobile: string;
  image_desktop: string;
  active: boolean;
  start_date: IsoDateTime;
  end_date: IsoDateTime;
}

export interface CategoryMenuItem {
  title: string;
  /** '/{slug}', '/{slug}/{child}', '/{slug}/{child}/{grandchild}'. */
  url: string;
  active: boolean;
  /** Children, same shape (all of them; the dropdown shows at most 4). */
  items: CategoryMenuItem[];
  /** Fixed top categories have one (check active and dates); null elsewhere. */
  banner: CategoryMenuBanner | null;
  new: { check: boolean };
  /** Set on the fixed top categories ('lacteos', …). */
  icon?: string;
  /** Set on every other item instead of `icon`. */
  className?: string;
}

export interface MenuContent {
  /** Top categories that are not fixed. */
  items: CategoryMenuItem[];
  /** The seven fixed top categories, fixedPosition 1..7 in order. */
  fixed_categories: CategoryMenuItem[];
  offers: LinkItem[];
  campaigns: LinkItem[];
}

// ---------------------------------------------------------------------------------------------------------------
// curtain (§2 application start; §3 Content fields: Curtain)

export interface CurtainContent {
  /** Whole-site landing page shown instead of the site when active. */
  landing: { active: boolean; html: string };
  /** content[0] is the curtain message shown over the site when active. */
  content: { active: boolean; title: string; html: string }[];
}

// ---------------------------------------------------------------------------------------------------------------
// footer (§2 prefooter and footer)

export type PrefooterLinkId = 'help-center' | 'tracking' | 'order-problems' | 'stores';

export interface PrefooterLink {
  id: PrefooterLinkId;
  icon: string;
  title: string;
  text: string;
  url: string;
}

export type FooterGroupId = 'help' | 'brand' | 'corporate';

export interface FooterLinkGroup {
  id: FooterGroupId;
  title: string;
  links: LinkItem[];
}

export type SocialNetwork = 'facebook' | 'instagram' | 'x' | 'youtube' | 'tiktok';

export interface SocialLink {
  network: SocialNetwork;
  /** Accessible name of the icon link, e.g. 'Despensa en Instagram'. */
  label: string;
  url: string;
}

/** §2 accepted payment icons, in this order. */
export type PaymentIconId = 'card-brand' | 'mastercard' | 'visa' | 'magna' | 'amex' | 'diners' | 'redcompra';

export interface PaymentIcon {
  id: PaymentIconId;
  /** Accessible label. */
  label: string;
}

export interface FooterContent {
  /** Exactly four: help center, tracking, order problems, stores. */
  prefooter: PrefooterLink[];
  /** Exactly three: help, brand, corporate. */
  groups: FooterLinkGroup[];
  social: SocialLink[];
  paymentIcons: PaymentIcon[];
  /** Terms, security and privacy, code of ethics. */
  legalLinks: LinkItem[];
  helpPhone: { label: string; number: string; href: string };
  copyright: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Legal, information and institutional pages

/** legal-terminos-y-condiciones (first anchor '1'), legal-politica-de-privacidad ('topic-1'), legal-seguridad-y-privacidad. */
export interface LegalPage {
  title: string;
  updatedAt: IsoDateTime;
  sections: ContentSection[];
}

/** legal-agreements: the terms the user accepts (terms-update dialog). */
export interface LegalAgreements {
  document: string;
  version: string;
  updatedAt: IsoDateTime;
}

/** info-{slug} (/informaciones/:slug) and institucional-{slug} (/institucional/{slug}). */
export interface ContentPage {
  title: string;
  description: string;
  sections: ContentSection[];
}

export type InfoPage = ContentPage;
export type InstitutionalPage = ContentPage;

export interface InfoPageSummary {
  slug: string;
  title: string;
  description: string;
  url: string;
}

/** list-informaciones: the /informaciones index. */
export interface InfoPageList {
  items: InfoPageSummary[];
}

// ---------------------------------------------------------------------------------------------------------------
// Offers

/** A facet as the CMS stores it (the catalogue's SelectedFacet narrows `key`). */
export interface OfferSelectedFacet {
  key: string;
  value: string;
}

/** offer-{slug} (/oferta/:slug): lists collection `collectionId`, i.e. the search with `selectedFacets`. */
export interface OfferPage {
  title: string;
  description: string;
  banner: ScheduledBanner;
  collectionId: number;
  selectedFacets: OfferSelectedFacet[];
}

/** cyber (/cyber). */
export interface CyberPage {
  title: string;
  active: boolean;
  start_date: IsoDateTime;
  end_date: IsoDateTime;
  banners: ScheduledBanner[];
  collectionId: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Sustainability (/plan-por-el-futuro/:path?)

export interface SustainabilityPillar {
  /** Sub-page path: document key 'sustainability-{path}', URL '/plan-por-el-futuro/{path}'. */
  path: string;
  icon: string;
  title: string;
  summary: string;
  url: string;
}

/** sustainability. */
export interface SustainabilityPage {
  title: string;
  description: string;
  banner: ScheduledBanner;
  pillars: SustainabilityPillar[];
  sections: ContentSection[];
}

/** sustainability-{path}. */
export interface SustainabilitySubPage {
  path: string;
  title: string;
  description: string;
  parent: LinkItem;
  sections: ContentSection[];
}

// ---------------------------------------------------------------------------------------------------------------
// list-banners (/api/banners/sponsored)

export interface SponsoredBanner extends ScheduledBanner {
  sponsored: true;
  /** Name of the paying brand. */
  sponsor: string;
  /** Display order, from 1. */
  position: number;
}

export interface SponsoredBannerList {
  items: SponsoredBanner[];
}

// ---------------------------------------------------------------------------------------------------------------
// Key → shape

/** Every key generateContent produces, with its shape. */
export interface CmsDocumentMap {
  'page-home': HomePage;
  menu: MenuContent;
  curtain: CurtainContent;
  footer: FooterContent;
  'legal-terminos-y-condiciones': LegalPage;
  'legal-politica-de-privacidad': LegalPage;
  'legal-seguridad-y-privacidad': LegalPage;
  'legal-agreements': LegalAgreements;
  'list-informaciones': InfoPageList;
  'list-banners': SponsoredBannerList;
  cyber: CyberPage;
  sustainability: SustainabilityPage;
  [key: `info-${string}`]: InfoPage;
  [key: `institucional-${string}`]: InstitutionalPage;
  [key: `offer-${string}`]: OfferPage;
  [key: `sustainability-${string}`]: SustainabilitySubPage;
}

export type CmsDocumentKey = keyof CmsDocumentMap;
