import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Address } from '@despensa/contracts';
import { Dialog } from '../../ui/dialog';
import { InputField } from '../../ui/labelled-field';
import type { AccountActionResult } from './account-types';
import { MY_DATA_PATH } from './paths';
import { previewedComuna, rememberPreviewedComuna } from './previewed-comuna';
import { RegionComunaFields, useRegionPicker } from './region-comuna-fields';
import { useChanged } from '../../lib/use-changed';

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
  const { picker, region, comuna, setComuna } = useRegionAndComuna(open, address);

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
        // The shop says what is missing, in its own words (the action's message), not the browser's bubbles.
        noValidate
        key={address?.addressId ?? 'new'}
      >
        <input type="hidden" name="intent" value="save-address" />
        {address ? <input type="hidden" name="addressId" value={address.addressId} /> : null}
        <input type="hidden" name="state" value={region?.name ?? ''} />
        <RegionComunaFields
          id={id}
          picker={picker}
          onRegionChange={() => setComuna('')}
          comuna={comuna}
          onComunaChange={setComuna}
          comunaValue="name"
          comunaFieldName="city"
          required
        />
        <StreetFields id={id} address={address} />
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

/** Street, number, complement, reference and who receives: the stored ones when editing. */
function StreetFields({ id, address }: { id: string; address: Address | null }) {
  return (
    <>
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
    </>
  );
}

/**
 * The region and comuna chosen. Editing: the stored region (by name) and comuna preselected. Adding: the
 * comuna the shopper looked at before logging in, if any.
 */
function useRegionAndComuna(open: boolean, address: Address | null) {
  const picker = useRegionPicker(open);
  const { regions, regionCode, setRegionCode } = picker;
  const [comuna, setComuna] = useState('');
  const region = regions.find((each) => each.code === regionCode);
  // (Each is asked every render: the three hooks run whatever the others say.)
  const changed = [useChanged(open), useChanged(address), useChanged(regions)].includes(true);
  if (changed && open) {
    const previewed = address ? null : previewedComuna();
    setRegionCode(previewed?.regionCode ?? regions.find((each) => each.name === address?.state)?.code ?? '');
    setComuna(previewed?.name ?? address?.city ?? '');
  }
  return { picker, region, comuna, setComuna };
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
    <InputField
      id={id}
      name={name}
      label={label}
      defaultValue={value ?? ''}
      required={required}
      maxLength={name === 'number' ? 20 : 100}
    />
  );
}
