import { normalizeText, slugify } from '@despensa/domain';
import type { BannerAsset, BannerColors } from './banner-svg';
import type {
  ContentBrandInput,
  ContentCategoryInput,
  ContentCollectionInput,
  GenerateContentInput,
  IsoDateTime,
} from './types';

const DAY_MS = 86_400_000;

/** Banner palettes; every fg/bg pair has a WCAG contrast ratio of at least 4.5. */
export const PALETTES = {
  green: { bg: '#0b6b3a', fg: '#ffffff' },
  red: { bg: '#a4161a', fg: '#ffffff' },
  navy: { bg: '#1d3f8f', fg: '#ffffff' },
  cream: { bg: '#fff4d6', fg: '#5a3b00' },
  purple: { bg: '#5b2a86', fg: '#ffffff' },
  teal: { bg: '#0f5e63', fg: '#ffffff' },
  brown: { bg: '#7a3300', fg: '#ffffff' },
  night: { bg: '#111827', fg: '#fde047' },
  mint: { bg: '#e6f4ea', fg: '#14532d' },
} satisfies Record<string, BannerColors>;

export type PaletteName = keyof typeof PALETTES;

export const PALETTE_ORDER: PaletteName[] = [
  'green',
  'red',
  'navy',
  'cream',
  'purple',
  'teal',
  'brown',
  'mint',
];

export interface TopCategory {
  category: ContentCategoryInput;
  path: string;
}

/** Everything the document builders share: input, dates, escaping, banner images and collection choice. */
export class ContentContext {
  readonly brandName: string;
  /** brandName escaped for HTML. */
  readonly brand: string;
  readonly helpPhone: string;
  /** 'tel:6004002000'. */
  readonly helpPhoneHref: string;
  readonly categories: ContentCategoryInput[];
  readonly collections: ContentCollectionInput[];
  readonly brands: ContentBrandInput[];
  private readonly dayZero: number;
  private readonly assets = new Map<string, BannerAsset>();
  private readonly usedCollections = new Set<number>();

  constructor(input: GenerateContentInput) {
    if (!(input.now instanceof Date) || Number.isNaN(input.now.getTime()))
      throw new Error('now must be a valid Date');
    if (input.collections.length === 0) throw new Error('generateContent needs at least one collection');
    this.brandName = input.brandName;
    this.brand = escapeHtml(input.brandName);
    this.helpPhone = input.helpPhone;
    this.helpPhoneHref = `tel:${input.helpPhone.replace(/[^\d+]/g, '')}`;
    this.categories = [...input.categories].sort((a, b) => a.id - b.id);
    this.collections = [...input.collections].sort((a, b) => a.id - b.id);
    this.brands = [...(input.brands ?? [])].sort((a, b) => a.id - b.id);
    const now = input.now.getTime();
    this.dayZero = now - (now % DAY_MS);
  }

  /** Midnight UTC of today plus `days`. */
  day(days: number): IsoDateTime {
    return new Date(this.dayZero + days * DAY_MS).toISOString();
  }

  get year(): number {
    return new Date(this.dayZero).getUTCFullYear();
  }

  /** Registers the desktop and mobile images of a banner and returns their paths. */
  bannerImages(
    name: string,
    title: string,
    palette: PaletteName,
  ): { image_desktop: string; image_mobile: string } {
    const base = slugify(name);
    const colors = PALETTES[palette];
    const paths = { image_desktop: '', image_mobile: '' };
    for (const variant of ['desktop', 'mobile'] as const) {
      const file = `${base}-${variant}`;
      const previous = this.assets.get(file);
      if (
        previous &&
        (previous.title !== title || previous.colors.bg !== colors.bg || previous.colors.fg !== colors.fg)
      ) {
        throw new Error(`Banner image ${file} registered twice with different content`);
      }
      this.assets.set(file, { name: file, title, colors: { ...colors }, variant });
      paths[variant === 'desktop' ? 'image_desktop' : 'image_mobile'] = `/media/banners/${file}.png`;
    }
    return paths;
  }

  bannerAssets(): BannerAsset[] {
    return [...this.assets.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * The first collection (by id) whose accent-folded name contains one of `keywords` and is not yet taken,
   * else the first unused one, else the first. Marks it as used.
   */
  pickCollection(keywords: string[]): number {
    const wanted = keywords.map(normalizeText);
    const free = this.collections.filter((c) => !this.usedCollections.has(c.id));
    const chosen =
      free.find((c) => wanted.some((k) => normalizeText(c.name).includes(k))) ??
      this.collections.find((c) => wanted.some((k) => normalizeText(c.name).includes(k))) ??
      free[0] ??
      this.collections[0];
    if (!chosen) throw new Error('no collections');
    this.usedCollections.add(chosen.id);
    return chosen.id;
  }

  /** Top-level categories with fixedPosition 1..7, in that order. */
  fixedTopCategories(): TopCategory[] {
    return this.categories
      .filter((c) => c.parentId === null && c.fixedPosition !== null)
      .sort((a, b) => (a.fixedPosition ?? 0) - (b.fixedPosition ?? 0) || a.id - b.id)
      .map((category) => ({ category, path: categoryPath(category, '') }));
  }

  /** Other top-level categories, by id. */
  otherTopCategories(): TopCategory[] {
    return this.categories
      .filter((c) => c.parentId === null && c.fixedPosition === null)
      .map((category) => ({ category, path: categoryPath(category, '') }));
  }

  childrenOf(id: number): ContentCategoryInput[] {
    return this.categories.filter((c) => c.parentId === id);
  }
}

/** '/lacteos', '/lacteos/leches'; a slug containing '/' is taken as the full path. */
export function categoryPath(category: ContentCategoryInput, parentPath: string): string {
  const slug = category.slug.replace(/^\/+|\/+$/g, '');
  return slug.includes('/') ? `/${slug}` : `${parentPath}/${slug}`;
}

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// Tiny HTML builders. Arguments are trusted markup (our own copy); escape interpolated values with escapeHtml.
export const p = (...parts: string[]): string => parts.map((t) => `<p>${t}</p>`).join('');
export const h3 = (t: string): string => `<h3>${t}</h3>`;
export const ul = (...items: string[]): string => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
export const a = (href: string, text: string): string => `<a href="${escapeHtml(href)}">${text}</a>`;
export const strong = (t: string): string => `<strong>${t}</strong>`;
/** Questions and answers: an h3 per question followed by its answer paragraphs. */
export const qa = (...pairs: [question: string, answer: string][]): string =>
  pairs.map(([q, ans]) => h3(q) + p(ans)).join('');
