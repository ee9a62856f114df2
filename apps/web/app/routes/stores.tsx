import { useId, useState } from 'react';
import { haversineKm } from '@despensa/domain';
import { Breadcrumbs } from '../features/content/breadcrumbs';
import { StoreCard, storeCardId } from '../features/content/store-card';
import { groupStores } from '../features/content/store-groups';
import { formatKm } from '../lib/format';
import { shopperOrigin } from '../features/delivery/shopper-origin';
import { StoreMap } from '../features/delivery/store-map';
import { metaFromSeo, seoFor } from '../lib/seo';
import type { Route } from './+types/stores';

const NEAREST_COUNT = 3;

/**
 * /locales and /institucional/locales-santa-isabel: the store locator. Stores by region and comuna with
 * their haversine distance (6371 km) from the shopper's chosen address or the default Santiago point,
 * and a map drawn from the stores' own coordinates.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const [stores, origin] = await Promise.all([services.stores.list(), shopperOrigin(services, request)]);
  const distances = Object.fromEntries(
    stores.map((store) => [store.id, haversineKm(origin.point, store.geoCoordinates)]),
  );
  const nearest = [...stores]
    .sort((a, b) => distances[a.id]! - distances[b.id]!)
    .slice(0, NEAREST_COUNT)
    .map((store) => store.id);
  const site = services.brand.name;
  const seo = seoFor(
    request,
    site,
    `Nuestros locales | ${site}`,
    `Direcciones, horarios y servicios de los ${stores.length} locales de ${site} en Chile.`,
  );
  return {
    regions: groupStores(stores),
    count: stores.length,
    distances,
    nearest,
    origin: {
      point: [origin.point[0], origin.point[1]] as [number, number],
      addressLabel: origin.addressLabel,
    },
    seo: { ...seo, path: '/locales' },
  };
}

export const meta = metaFromSeo;

type StoresData = Route.ComponentProps['loaderData'];
type StoreOfList = StoresData['regions'][number]['comunas'][number]['stores'][number];

/** The stores nearest the reference point, each a link to its card (and a mark on the map). */
function NearestStores({
  nearest,
  all,
  distances,
  onHighlight,
}: {
  nearest: StoresData['nearest'];
  all: StoreOfList[];
  distances: StoresData['distances'];
  onHighlight: (storeId: string) => void;
}) {
  return (
    <ol className="stores-locator__nearest" aria-label="Locales más cercanos">
      {nearest.map((id) => {
        const store = all.find((each) => each.id === id);
        if (!store) return null;
        return (
          <li key={id}>
            <a href={`#${storeCardId(id)}`} onClick={() => onHighlight(id)}>
              {store.name}
            </a>{' '}
            <span className="stores-locator__km">a {formatKm(distances[id]!)}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** Every store by region and comuna, as cards. */
function RegionSections({
  regions,
  distances,
  highlighted,
}: {
  regions: StoresData['regions'];
  distances: StoresData['distances'];
  highlighted: string | null;
}) {
  return (
    <>
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
                  <StoreCard
                    key={store.id}
                    store={store}
                    distanceKm={distances[store.id] ?? null}
                    highlighted={store.id === highlighted}
                  />
                ))}
              </div>
            </div>
          ))}
        </section>
      ))}
    </>
  );
}

export default function Stores({
  loaderData: { regions, count, distances, nearest, origin },
}: Route.ComponentProps) {
  const regionSelectId = useId();
  const all = regions.flatMap((region) => region.comunas.flatMap((comuna) => comuna.stores));
  const nearestRegion = all.find((store) => store.id === nearest[0])?.region ?? regions[0]?.region ?? '';
  const [mapRegion, setMapRegion] = useState(nearestRegion);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const mapStores = all.filter((store) => store.region === mapRegion);
  // The reference point is drawn only where it helps: on the map of its own region.
  const originOnMap = mapStores.some((store) => distances[store.id]! < 80) ? origin.point : null;
  const highlight = (storeId: string) => {
    setHighlighted(storeId);
    document.getElementById(storeCardId(storeId))?.focus({ preventScroll: true });
  };

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
      <section className="stores-locator" aria-labelledby="stores-map-title">
        <div className="stores-locator__side">
          <h2 id="stores-map-title" className="stores-locator__title">
            Mapa de locales
          </h2>
          <label htmlFor={regionSelectId} className="stores-locator__label">
            Región del mapa
          </label>
          <select
            id={regionSelectId}
            className="stores-locator__select"
            value={mapRegion}
            onChange={(event) => setMapRegion(event.target.value)}
          >
            {regions.map((region) => (
              <option key={region.region} value={region.region}>
                {region.region}
              </option>
            ))}
          </select>
          <p className="stores-locator__origin">
            {origin.addressLabel
              ? `Distancias desde tu dirección: ${origin.addressLabel}`
              : 'Distancias desde el punto de referencia de Santiago. Elige tu modo de entrega para medirlas desde tu dirección.'}
          </p>
          <h3 className="stores-locator__subtitle">Más cercanos</h3>
          <NearestStores nearest={nearest} all={all} distances={distances} onHighlight={highlight} />
        </div>
        <StoreMap
          stores={mapStores}
          origin={originOnMap}
          originLabel={origin.addressLabel ? 'Tu dirección' : 'Punto de referencia en Santiago'}
          highlightedId={highlighted}
          onHighlight={highlight}
        />
      </section>
      <nav aria-label="Regiones" className="region-index">
        <ul>
          {regions.map((region, index) => (
            <li key={region.region}>
              <a href={`#region-${index + 1}`}>{region.region}</a>
            </li>
          ))}
        </ul>
      </nav>
      <RegionSections regions={regions} distances={distances} highlighted={highlighted} />
    </main>
  );
}
