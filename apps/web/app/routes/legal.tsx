import { data } from 'react-router';
import type { LegalPage } from '@despensa/contracts';
import { Breadcrumbs } from '../features/content/breadcrumbs';
import { ContentPageView } from '../features/content/content-page-view';
import { LinkCardGrid } from '../features/content/link-card-grid';
import { loadDocument, requireDocument } from '../features/content/load-document';
import { metaFromSeo, seoFor } from '../lib/seo';
import type { Route } from './+types/legal';

/** §2 legal pages; the first section's anchor is what links point at ('#1' for terms, '#topic-1' for privacy). */
const LEGAL_SLUGS = ['terminos-y-condiciones', 'politica-de-privacidad', 'seguridad-y-privacidad'] as const;
type LegalSlug = (typeof LEGAL_SLUGS)[number];

function isLegalSlug(slug: string): slug is LegalSlug {
  return (LEGAL_SLUGS as readonly string[]).includes(slug);
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services } = context;
  const site = services.brand.name;
  if (params.slug === undefined) {
    const pages = await Promise.all(LEGAL_SLUGS.map((slug) => loadDocument(services, `legal-${slug}`)));
    const cards = LEGAL_SLUGS.flatMap((slug, index) => {
      const page: LegalPage | null = pages[index] ?? null;
      if (!page) return [];
      const first = page.sections[0]?.anchor;
      return [
        {
          url: `/informaciones-legales/${slug}${first ? `#${first}` : ''}`,
          title: page.title,
          text: `${page.sections.length} secciones`,
        },
      ];
    });
    const seo = seoFor(
      request,
      site,
      `Información legal | ${site}`,
      `Términos, privacidad y seguridad de ${site}.`,
    );
    return { kind: 'index' as const, cards, seo };
  }
  if (!isLegalSlug(params.slug)) throw data(null, { status: 404 });
  const page = await requireDocument(services, `legal-${params.slug}`);
  const description = `${page.title} de ${site}.`;
  return { kind: 'page' as const, page, seo: seoFor(request, site, `${page.title} | ${site}`, description) };
}

export const meta = metaFromSeo;

export default function Legal({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'page') {
    const { page } = loaderData;
    return (
      <ContentPageView
        title={page.title}
        updatedAt={page.updatedAt}
        trail={[{ title: 'Información legal', url: '/informaciones-legales' }]}
        sections={page.sections}
      />
    );
  }
  return (
    <main className="content-page container">
      <Breadcrumbs trail={[]} current="Información legal" />
      <header className="content-page__header">
        <h1 className="content-page__title">Información legal</h1>
      </header>
      <LinkCardGrid cards={loaderData.cards} />
    </main>
  );
}
