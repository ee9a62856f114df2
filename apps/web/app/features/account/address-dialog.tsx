import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Address } from '@despensa/contracts';
import { Dialog } from '../../ui/dialog';
import type { AccountActionResult } from './account-types';
import { MY_DATA_PATH } from './paths';
import { previewedComuna, rememberPreviewedComuna } from './previewed-comuna';
import { RegionComunaFields, useComunas, useRegions } from './region-comuna-fields';

/**
 * The address dialog (§2, §3): region picker, then the comuna picker filtered by it, street, number,
 * complement, reference and who receives. The server geocodes it (the comuna's centre offline).
 */
export function AddressDialog({
  open,
  address,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The address being edited, or null to add one. */
  address: Address | null;
  onClose: () => void;
  /** After a save, with the address's id (the delivery selector chooses the one just added). */
  onSaved?: (addressId: string) => void;
}) {
  const id = useId();
  const fetcher = useFetcher<AccountActionResult>();
  const regions = useRegions(open);
  const [regionCode, setRegionCode] = useState('');
  const [comuna, setComuna] = useState('');
  const comunas = useComunas(regionCode);
  const region = regions.find((each) => each.code === regionCode);

  // Editing: preselect the stored region (by name) and comuna. Adding: the comuna the shopper looked at
  // before logging in, if any.
  useEffect(() => {
    if (!open) return;
    const previewed = address ? null : previewedComuna();
    setRegionCode(previewed?.regionCode ?? regions.find((each) => each.name === address?.state)?.code ?? '');
    setComuna(previewed?.name ?? address?.city ?? '');
  }, [open, address, regions]);

  // Close once per successful save, after the page data has been reloaded (state back to idle).
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data?.ok || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.intent === 'save-address') onSaved?.(fetcher.data.addressId);
    // The comuna looked at before logging in has become an address: the next one starts empty.
    if (!address) rememberPreviewedComuna(null);
    onClose();
  }, [fetcher.state, fetcher.data, onClose, onSaved, address]);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;

  return (
    <Dialog open={open} title={address ? 'Editar dirección' : 'Agregar dirección'} onClose={onClose}>
      {/* /mis-datos's action, wherever the dialog opens (the delivery selector opens it on any page). */}
      <fetcher.Form
        method="post"
        action={MY_DATA_PATH}
        className="account-form"
        key={address?.addressId ?? 'new'}
      >
        <input type="hidden" name="intent" value="save-address" />
        {address ? <input type="hidden" name="addressId" value={address.addressId} /> : null}
        <input type="hidden" name="state" value={region?.name ?? ''} />
        <RegionComunaFields
          id={id}
          regions={regions}
          comunas={comunas}
          regionCode={regionCode}
          onRegionChange={(code) => {
            setRegionCode(code);
            setComuna('');
          }}
          comuna={comuna}
          onComunaChange={setComuna}
          comunaValue="name"
          comunaFieldName="city"
          required
        />
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
