import type { StoreListItem } from '@despensa/contracts';
import { Icon } from '../../ui/icon';
import { formatKm } from '../../lib/format';
import { summarizeOpeningHours } from './opening-hours';

/** The card's element id: map markers link to it. */
export const storeCardId = (storeId: string) => `local-${storeId}`;

/** One store of the locator: address, distance, hours and the delivery modes it offers. */
export function StoreCard({
  store,
  distanceKm,
  highlighted = false,
}: {
  store: StoreListItem;
  /** From the shopper's address or the default point; null when not measured. */
  distanceKm?: number | null;
  highlighted?: boolean;
}) {
  const services = [
    store.pickup ? 'Retiro en tienda' : null,
    store.car ? 'Click al Auto' : null,
    store.express ? 'Despacho Express' : null,
  ].filter((service): service is string => service !== null);
  return (
    <article
      id={storeCardId(store.id)}
      tabIndex={-1}
      className={highlighted ? 'store-card store-card--highlighted' : 'store-card'}
      aria-labelledby={`store-${store.id}`}
    >
      <h4 id={`store-${store.id}`} className="store-card__name">
        {store.name}
      </h4>
      <p className="store-card__line">
        <Icon name="pin" size={18} />
        {store.address}, {store.comuna}
      </p>
      {distanceKm != null ? <p className="store-card__distance">A {formatKm(distanceKm)}</p> : null}
      <div className="store-card__line">
        <Icon name="clock" size={18} />
        <ul className="store-card__hours" aria-label="Horario">
          {summarizeOpeningHours(store.openingHours).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      {services.length > 0 ? (
        <ul className="store-card__services" aria-label="Servicios">
          {services.map((service) => (
            <li key={service} className="badge badge--service">
              <Icon name="check" size={14} />
              {service}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
