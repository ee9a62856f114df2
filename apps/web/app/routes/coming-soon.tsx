import { Link, useMatches } from 'react-router';
import { redirectIfAnonymousOnPrivate } from '../features/account/account-server';
import { comingSoonFeature } from '../features/content/coming-soon-features';
import { StatusPage } from '../layout/status-page';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/coming-soon';

/** Paths of features that later issues build: a friendly page naming the feature instead of a crash. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // §2: the private ones among them send a visitor to the login page; a customer sees this page.
  await redirectIfAnonymousOnPrivate(context.services, request);
  const url = new URL(request.url);
  return { origin: url.origin, path: url.pathname, siteName: context.services.brand.name };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const feature = comingSoonFeature(matches.at(-1)?.id);
  return pageMeta({
    ...loaderData,
    title: `${feature.name}: muy pronto | ${loaderData.siteName}`,
    description: feature.hint,
  });
}

export default function ComingSoon() {
  const feature = comingSoonFeature(useMatches().at(-1)?.id);
  return (
    <StatusPage
      icon="clock"
      title={`${feature.name} ${feature.plural ? 'estarán disponibles' : 'estará disponible'} muy pronto`}
    >
      <p className="status-page__text">{feature.hint}</p>
      <p className="status-page__hint">Mientras tanto, puedes seguir recorriendo nuestras ofertas.</p>
      <div className="status-page__actions">
        <Link to="/" className="button button--primary">
          Ir al inicio
        </Link>
        <Link to="/oferta/ofertas-fdm" className="button button--secondary">
          Ver ofertas
        </Link>
      </div>
    </StatusPage>
  );
}
