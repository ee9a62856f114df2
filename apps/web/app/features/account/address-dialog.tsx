import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Address, Comuna, Region } from '@despensa/contracts';
import { apiRequest } from '../../lib/api-client';
import { Dialog } from '../../ui/dialog';
import type { AccountActionResult } from './account-types';

function useRegions(active: boolean): Region[] {
  const [regions, setRegions] = useState<Region[]>([]);
  useEffect(() => {
    if (!active || regions.length) return;
    void apiRequest<Region[]>('/api/address/regions').then((result) => {
      if (result.ok) setRegions(result.data);
    });
  }, [active, regions.length]);
  return regions;
}

function useComunas(regionCode: string): Comuna[] {
  const [comunas, setComunas] = useState<{ region: string; list: Comuna[] }>({ region: '', list: [] });
  useEffect(() => {
    if (!regionCode) return;
    let current = true;
    void apiRequest<Comuna[]>(`/api/address/regions/${encodeURIComponent(regionCode)}/comunas`).then(
      (result) => {
        if (current && result.ok) setComunas({ region: regionCode, list: result.data });
      },
    );
    return () => {
      current = false;
    };
  }, [regionCode]);
  return comunas.region === regionCode ? comunas.list : [];
}

/**
 * The address dialog (§2, §3): region picker, then the comuna picker filtered by it, street, number,
 * complement, reference and who receives. The server geocodes it (the comuna's centre offline).
 */
export function AddressDialog({
  open,
  address,
  onClose,
}: {
  open: boolean;
  /** The address being edited, or null to add one. */
  address: Address | null;
  onClose: () => void;
}) {
  const id = useId();
  const fetcher = useFetcher<AccountActionResult>();
  const regions = useRegions(open);
  const [regionCode, setRegionCode] = useState('');
  const [comuna, setComuna] = useState('');
  const comunas = useComunas(regionCode);
  const region = regions.find((each) => each.code === regionCode);

  // Editing: preselect the stored region (by name) and comuna.
  useEffect(() => {
    if (!open) return;
    setRegionCode(regions.find((each) => each.name === address?.state)?.code ?? '');
    setComuna(address?.city ?? '');
  }, [open, address, regions]);

  // Close once per successful save, after the page data has been reloaded (state back to idle).
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data?.ok || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    onClose();
  }, [fetcher.state, fetcher.data, onClose]);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;

  return (
    <Dialog open={open} title={address ? 'Editar dirección' : 'Agregar dirección'} onClose={onClose}>
      <fetcher.Form method="post" className="account-form" key={address?.addressId ?? 'new'}>
        <input type="hidden" name="intent" value="save-address" />
        {address ? <input type="hidden" name="addressId" value={address.addressId} /> : null}
        <input type="hidden" name="state" value={region?.name ?? ''} />
        <div className="field">
          <label htmlFor={`${id}-region`} className="field__label">
            Región
          </label>
          <select
            id={`${id}-region`}
            className="field__input"
            required
            value={regionCode}
            onChange={(event) => {
              setRegionCode(event.target.value);
              setComuna('');
            }}
          >
            <option value="">Elige una región</option>
            {regions.map((each) => (
              <option key={each.code} value={each.code}>
                {each.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-comuna`} className="field__label">
            Comuna
          </label>
          <select
            id={`${id}-comuna`}
            name="city"
            className="field__input"
            required
            disabled={!regionCode}
            value={comuna}
            onChange={(event) => setComuna(event.target.value)}
          >
            <option value="">Elige una comuna</option>
            {comunas.map((each) => (
              <option key={each.code} value={each.name}>
                {each.name}
              </option>
            ))}
          </select>
        </div>
        <div className="account-form__row">
          <TextField id={`${id}-street`} name="street" label="Calle" value={address?.street} required />
          <TextField id={`${id}-number`} name="number" label="Número" value={address?.number} />
        </div>
        <TextField
          id={`${id}-complement`}
          name="complement"
          label="Departamento, casa u oficina (opcional)"
          value={address?.complement}
        />
        <TextField
          id={`${id}-reference`}
          name="reference"
          label="Referencia (opcional)"
          value={address?.reference}
        />
        <TextField
          id={`${id}-receiver`}
          name="receiverName"
          label="Nombre de quien recibe"
          value={address?.receiverName}
          required
        />
        <p className="account-form__error" role="alert">
          {error}
        </p>
        <button type="submit" className="button button--primary" disabled={fetcher.state !== 'idle'}>
          Guardar dirección
        </button>
      </fetcher.Form>
    </Dialog>
  );
}

function TextField({
  id,
  name,
  label,
  value,
  required = false,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  required?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="field__input"
        defaultValue={value ?? ''}
        required={required}
        maxLength={name === 'number' ? 20 : 100}
      />
    </div>
  );
}
