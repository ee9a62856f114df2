import type { StoreListItem } from '@despensa/contracts';
import { Icon } from '../../ui/icon';
import { summarizeOpeningHours } from './opening-hours';

/** One store of the locator: address, hours and the delivery modes it offers. */
export function StoreCard({ store }: { store: StoreListItem }) {
  const services = [
    store.pickup ? 'Retiro en tienda' : null,
    store.car ? 'Click al Auto' : null,
    store.express ? 'Despacho Express' : null,
  ].filter((service): service is string => service !== null);
  return (
    <article className="store-card" aria-labelledby={`store-${store.id}`}>
      <h4 id={`store-${store.id}`} className="store-card__name">
        {store.name}
      </h4>
      <p className="store-card__line">
        <Icon name="pin" size={18} />
        {store.address}, {store.comuna}
      </p>
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
