import type { MetaDescriptor } from 'react-router';
import { pageMeta, type PageSeo } from '../../lib/seo';

/** Head tags of a catalogue page, computed by its loader: the shell's SEO block plus paging and product tags. */
export interface PageMeta {
  seo: PageSeo;
  prev?: string | undefined;
  next?: string | undefined;
  /** Open Graph type other than 'website', with its own properties (a product's price). */
  openGraph?: { type: string; properties: Record<string, string> };
}

/** The SEO block of this page; its canonical path keeps only the query parameters that change content. */
export function catalogSeo(
  request: Request,
  siteName: string,
  texts: { title: string; description: string; image?: string | undefined },
  keep: string[] = [],
): PageSeo {
  const url = new URL(request.url);
  const params = new URLSearchParams();
  for (const key of keep) {
    const value = url.searchParams.get(key);
    if (value && !(key === 'page' && value === '1')) params.set(key, value);
  }
  const query = params.toString();
  return { ...texts, path: `${url.pathname}${query ? `?${query}` : ''}`, origin: url.origin, siteName };
}

export function canonicalOf(seo: PageSeo): string {
  return new URL(seo.path, seo.origin).toString();
}

/** The neighbouring page URLs of a paged listing, for rel prev/next. */
export function pagedLinks(seo: PageSeo, page: number, pageCount: number) {
  const at = (each: number) => {
    const url = new URL(canonicalOf(seo));
    if (each <= 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(each));
    return url.toString();
  };
  return { prev: page > 1 ? at(page - 1) : undefined, next: page < pageCount ? at(page + 1) : undefined };
}

export function metaTags(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return [{ title: 'Página no encontrada' }];
  const { openGraph } = meta;
  const tags = pageMeta(meta.seo).map((tag) =>
    openGraph && 'property' in tag && tag.property === 'og:type' ? { ...tag, content: openGraph.type } : tag,
  );
  if (meta.prev) tags.push({ tagName: 'link', rel: 'prev', href: meta.prev });
  if (meta.next) tags.push({ tagName: 'link', rel: 'next', href: meta.next });
  for (const [property, content] of Object.entries(openGraph?.properties ?? {}))
    tags.push({ property, content });
  return tags;
}
