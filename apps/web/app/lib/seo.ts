import type { MetaDescriptor } from 'react-router';

export interface PageSeo {
  title: string;
  description: string;
  /** Site path of the canonical address ('/locales'). */
  path: string;
  /** Absolute origin, from the root loader ('https://tienda.cl'). */
  origin: string;
  siteName: string;
  image?: string | undefined;
}

/** Title, description, canonical link and Open Graph tags of one page. */
export function pageMeta(seo: PageSeo): MetaDescriptor[] {
  const url = new URL(seo.path, seo.origin).toString();
  return [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: seo.siteName },
    { property: 'og:locale', content: 'es_CL' },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: url },
    ...(seo.image ? [{ property: 'og:image', content: new URL(seo.image, seo.origin).toString() }] : []),
  ];
}

/** The SEO block a loader returns: canonical path without query, origin of the request. */
export function seoFor(
  request: Request,
  siteName: string,
  title: string,
  description: string,
  image?: string,
): PageSeo {
  const url = new URL(request.url);
  return { title, description, path: url.pathname, origin: url.origin, siteName, image };
}

/** `meta` of a route whose loader returned `{ seo }`. */
export function metaFromSeo({ loaderData }: { loaderData: { seo: PageSeo } | undefined }): MetaDescriptor[] {
  return loaderData ? pageMeta(loaderData.seo) : [];
}
