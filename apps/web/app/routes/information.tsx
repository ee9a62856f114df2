import { data } from 'react-router';
import { Breadcrumbs } from '../features/content/breadcrumbs';
import { ContentPageView } from '../features/content/content-page-view';
import { LinkCardGrid } from '../features/content/link-card-grid';
import { isContentSlug, requireDocument } from '../features/content/load-document';
import { metaFromSeo, seoFor } from '../lib/seo';
import type { Route } from './+types/information';

/** /informaciones (the help index) and /informaciones/:slug (one help page). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services } = context;
  const site = services.brand.name;
  if (params.slug === undefined) {
    const list = await requireDocument(services, 'list-informaciones');
    const seo = seoFor(
      request,
      site,
      `Informaciones | ${site}`,
      `Ayuda e información para comprar en ${site}.`,
    );
    return { kind: 'index' as const, list, seo };
  }
  if (!isContentSlug(params.slug)) throw data(null, { status: 404 });
  const page = await requireDocument(services, `info-${params.slug}`);
  return {
    kind: 'page' as const,
    page,
    seo: seoFor(request, site, `${page.title} | ${site}`, page.description),
  };
}

export const meta = metaFromSeo;

export default function Information({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'page') {
    const { page } = loaderData;
    return (
      <ContentPageView
        title={page.title}
        description={page.description}
        trail={[{ title: 'Informaciones', url: '/informaciones' }]}
        sections={page.sections}
      />
    );
  }
  return (
    <main className="content-page container">
      <Breadcrumbs trail={[]} current="Informaciones" />
      <header className="content-page__header">
        <h1 className="content-page__title">Informaciones</h1>
        <p className="content-page__lead">
          Todo lo que necesitas saber para comprar, recibir y retirar tu pedido.
        </p>
      </header>
      <LinkCardGrid
        cards={loaderData.list.items.map((item) => ({
          url: item.url,
          title: item.title,
          text: item.description,
        }))}
      />
    </main>
  );
}
