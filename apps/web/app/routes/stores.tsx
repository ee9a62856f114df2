import { Breadcrumbs } from '../features/content/breadcrumbs';
import { StoreCard } from '../features/content/store-card';
import { groupStores } from '../features/content/store-groups';
import { metaFromSeo, seoFor } from '../lib/seo';
import type { Route } from './+types/stores';

/** /locales and /institucional/locales-santa-isabel: the store locator (distances and map come later). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const stores = await services.stores.list();
  const site = services.brand.name;
  const seo = seoFor(
    request,
    site,
    `Nuestros locales | ${site}`,
    `Direcciones, horarios y servicios de los ${stores.length} locales de ${site} en Chile.`,
  );
  return { regions: groupStores(stores), count: stores.length, seo: { ...seo, path: '/locales' } };
}

export const meta = metaFromSeo;

export default function Stores({ loaderData: { regions, count } }: Route.ComponentProps) {
  return (
    <main className="content-page container stores-page">
      <Breadcrumbs trail={[]} current="Nuestros locales" />
      <header className="content-page__header">
        <h1 className="content-page__title">Nuestros locales</h1>
        <p className="content-page__lead">
          {count} locales en {regions.length} regiones. Revisa sus horarios y si puedes retirar tu compra en
          tienda o con Click al Auto.
        </p>
      </header>
      <nav aria-label="Regiones" className="region-index">
        <ul>
          {regions.map((region, index) => (
            <li key={region.region}>
              <a href={`#region-${index + 1}`}>{region.region}</a>
            </li>
          ))}
        </ul>
      </nav>
      {regions.map((region, index) => (
        <section key={region.region} aria-labelledby={`region-${index + 1}`} className="store-region">
          <h2 id={`region-${index + 1}`} className="store-region__title">
            {region.region}
          </h2>
          {region.comunas.map((comuna) => (
            <div key={comuna.comuna} className="store-comuna">
              <h3 className="store-comuna__title">{comuna.comuna}</h3>
              <div className="store-comuna__grid">
                {comuna.stores.map((store) => (
                  <StoreCard key={store.id} store={store} />
                ))}
              </div>
            </div>
          ))}
        </section>
      ))}
    </main>
  );
}
