import { useState } from 'react';
import { AddressDialog } from '../account';
import type { DeliveryOptions } from './delivery-intents';

/** Home delivery and express: the shopper's saved addresses, and adding one without leaving the page. */
export function AddressChoice({
  options,
  addressId,
  onChange,
  onAdded,
}: {
  options: DeliveryOptions;
  addressId: string | null;
  onChange: (id: string) => void;
  onAdded: (id: string) => void;
}) {
  // §2 address dialog, over the selector: the shopper adds an address without leaving the page.
  const [adding, setAdding] = useState(false);
  const addressDialog = (
    <AddressDialog open={adding} address={null} onClose={() => setAdding(false)} onSaved={onAdded} />
  );
  if (options.addresses.length === 0) {
    return (
      <div className="delivery-selector__notice">
        <p>Aún no tienes direcciones guardadas.</p>
        <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
          Agregar una dirección
        </button>
        {addressDialog}
      </div>
    );
  }
  return (
    <fieldset className="delivery-selector__places">
      <legend className="delivery-selector__legend">Tus direcciones</legend>
      {options.addresses.map((entry) => (
        <label key={entry.addressId} className="delivery-selector__place">
          <input
            type="radio"
            name="delivery-address"
            value={entry.addressId}
            checked={addressId === entry.addressId}
            onChange={() => onChange(entry.addressId)}
          />
          <span className="delivery-selector__place-name">{entry.label}</span>
          <span className="delivery-selector__place-line">{entry.displayLine}</span>
        </label>
      ))}
      <button type="button" className="text-button" onClick={() => setAdding(true)}>
        Agregar otra dirección
      </button>
      {addressDialog}
    </fieldset>
  );
}
