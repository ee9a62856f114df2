import { data } from 'react-router';
import { ContentPageView } from '../features/content/content-page-view';
import { isContentSlug, requireDocument } from '../features/content/load-document';
import { metaFromSeo, seoFor } from '../lib/seo';
import type { Route } from './+types/institutional';

/** /institucional/:slug (servicios, terminos-condiciones, seguridad-privacidad, concursos, compromisos). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isContentSlug(params.slug)) throw data(null, { status: 404 });
  const page = await requireDocument(context.services, `institucional-${params.slug}`);
  const { brand } = context.services;
  return { page, seo: seoFor(request, brand.name, `${page.title} | ${brand.name}`, page.description) };
}

export const meta = metaFromSeo;

export default function Institutional({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <ContentPageView
      title={page.title}
      description={page.description}
      trail={[{ title: 'Institucional', url: '/institucional/servicios' }]}
      sections={page.sections}
    />
  );
}
