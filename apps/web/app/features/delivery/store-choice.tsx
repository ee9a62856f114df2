import { useId, useMemo, useState } from 'react';
import { normalizeText, storeOffersMode, type DeliveryMethodKind, type LngLat } from '@despensa/domain';
import type { DeliveryOptions } from './delivery-intents';
import { byDistance } from './distance';
import { formatKm } from '../../lib/format';

/** Pickup modes: the stores offering the mode, nearest first, searchable by comuna. */
export function StoreChoice({
  options,
  mode,
  origin,
  storeId,
  onChange,
}: {
  options: DeliveryOptions;
  mode: DeliveryMethodKind;
  origin: LngLat;
  storeId: string | null;
  onChange: (id: string) => void;
}) {
  const searchId = useId();
  const [comuna, setComuna] = useState('');
  const stores = useMemo(() => {
    const wanted = normalizeText(comuna.trim());
    const offered = options.stores.filter(
      (store) => storeOffersMode(store, mode) && (!wanted || normalizeText(store.comuna).includes(wanted)),
    );
    return byDistance(offered, (store) => store.coordinates, origin);
  }, [options.stores, mode, comuna, origin]);
  return (
    <div className="delivery-selector__stores">
      <label htmlFor={searchId} className="delivery-selector__legend">
        Buscar por comuna
      </label>
      <input
        id={searchId}
        type="search"
        className="delivery-selector__search"
        value={comuna}
        onChange={(event) => setComuna(event.target.value)}
        autoComplete="off"
      />
      <fieldset className="delivery-selector__places">
        <legend className="delivery-selector__legend">Tiendas</legend>
        {stores.length === 0 ? <p>No encontramos tiendas en esa comuna.</p> : null}
        {stores.map(({ item: store, km }) => (
          <label key={store.storeId} className="delivery-selector__place">
            <input
              type="radio"
              name="delivery-store"
              value={store.storeId}
              checked={storeId === store.storeId}
              onChange={() => onChange(store.storeId)}
            />
            <span className="delivery-selector__place-name">{store.name}</span>
            <span className="delivery-selector__place-line">
              {store.address}, {store.comuna} · a {formatKm(km)}
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
