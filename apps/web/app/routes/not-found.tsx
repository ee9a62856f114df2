import { data } from 'react-router';
import { NotFoundContent } from '../layout/not-found-content';
import { metaFromSeo, seoFor } from '../lib/seo';
import type { Route } from './+types/not-found';

/** Unknown paths and /Sistema/404: the 404 page with a real 404 status. */
export function loader({ request, context }: Route.LoaderArgs) {
  const seo = seoFor(
    request,
    context.services.brand.name,
    `Página no encontrada | ${context.services.brand.name}`,
    'La página que buscas no existe o cambió de dirección.',
  );
  return data({ seo }, { status: 404 });
}

export const meta = metaFromSeo;

export default function NotFound() {
  return <NotFoundContent />;
}
