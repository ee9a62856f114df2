import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Address } from '@despensa/contracts';
import { Dialog } from '../../ui/dialog';
import { AddressDialog } from './address-dialog';
import type { AccountActionResult } from './account-types';
import { useChanged } from '../../lib/use-changed';

/** /mis-datos address book: the §3 display line cut to 30 characters, add, edit and delete with a confirmation. */
export function AddressBook({ addresses }: { addresses: Address[] }) {
  const id = useId();
  const [editing, setEditing] = useState<Address | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const remove = useFetcher<AccountActionResult>();

  // A deletion answered and the page read again: its dialog closes.
  const settled = remove.state === 'idle' ? remove.data : undefined;
  if (useChanged(settled) && settled?.ok) setDeleting(null);

  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        Mis direcciones
      </h2>
      {addresses.length === 0 ? <p>Aún no tienes direcciones guardadas.</p> : null}
      <ul className="account-addresses">
        {addresses.map((address) => (
          <li key={address.addressId} className="account-addresses__item">
            {/* /mis-datos has room: the whole §3 display line, number and comuna included. */}
            <span className="account-addresses__line">{address.displayLine}</span>
            <span className="account-addresses__receiver">Recibe: {address.receiverName}</span>
            <span className="account-addresses__actions">
              <button
                type="button"
                className="button button--secondary"
                aria-label={`Editar ${address.displayLine}`}
                onClick={() => setEditing(address)}
              >
                Editar
              </button>
              <button
                type="button"
                className="button button--secondary"
                aria-label={`Eliminar ${address.displayLine}`}
                onClick={() => setDeleting(address)}
              >
                Eliminar
              </button>
            </span>
          </li>
        ))}
      </ul>
      <p className="account-form__success" role="status">
        {remove.state === 'idle' && remove.data?.ok && remove.data.intent === 'delete-address'
          ? remove.data.message
          : null}
      </p>
      <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
        Agregar dirección
      </button>
      <AddressDialog
        open={editing !== null}
        address={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <Dialog open={deleting !== null} title="Eliminar dirección" onClose={() => setDeleting(null)}>
        <remove.Form method="post" className="account-form">
          <p>¿Quieres eliminar la dirección {deleting?.displayLine}?</p>
          <input type="hidden" name="intent" value="delete-address" />
          <input type="hidden" name="addressId" value={deleting?.addressId ?? ''} />
          {remove.data && !remove.data.ok ? (
            <p className="account-form__error" role="alert">
              {remove.data.error}
            </p>
          ) : null}
          <div className="account-form__buttons">
            <button type="button" className="button button--secondary" onClick={() => setDeleting(null)}>
              Cancelar
            </button>
            <button type="submit" className="button button--primary" disabled={remove.state !== 'idle'}>
              Sí, eliminar
            </button>
          </div>
        </remove.Form>
      </Dialog>
    </section>
  );
}
