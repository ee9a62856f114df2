import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import type { BankAccount } from '@despensa/contracts';
import { BANK_ACCOUNT_TYPE_NAMES, CHILEAN_BANKS } from '@despensa/domain';
import { Dialog } from '../../ui/dialog';
import { InputField } from '../../ui/labelled-field';
import { AccountNumberField, ChoiceField, HolderRutField } from './bank-account-fields';

export type BankAccountResult = { ok: true; message: string } | { ok: false; error: string; field?: string };

/** The two choices of the form: the bank, and the §3 account type. */
const BANK = {
  name: 'bank',
  label: 'Banco',
  prompt: 'Elige tu banco',
  choices: CHILEAN_BANKS.map((bank) => [bank, bank] as const),
};
const ACCOUNT_TYPE = {
  name: 'accountType',
  label: 'Tipo de cuenta',
  prompt: 'Elige el tipo de cuenta',
  choices: Object.entries(BANK_ACCOUNT_TYPE_NAMES),
};

/** §2 bank-account dialog: holder, the holder's RUT (checked), bank, §3 account type and number. */
export function BankAccountDialog({
  account,
  open,
  onClose,
}: {
  account: BankAccount | null;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const fetcher = useFetcher<BankAccountResult>();
  // Kept here, not in its field: a RUT typed and not saved is still there when the dialog opens again.
  const [rut, setRut] = useState(account?.holderRut ?? '');
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok) onClose();
  }, [result, onClose]);
  const error = result && !result.ok ? result : null;
  return (
    <Dialog open={open} title="Cuenta bancaria" onClose={onClose}>
      <fetcher.Form method="post" className="list-form">
        <input type="hidden" name="intent" value="save" />
        <InputField
          id={`${id}-holder`}
          name="holderName"
          label="Nombre del titular"
          required
          maxLength={80}
          defaultValue={account?.holderName}
          autoComplete="name"
        />
        <HolderRutField
          id={id}
          rut={rut}
          onChange={setRut}
          error={error?.field === 'holderRut' ? error.error : null}
        />
        <ChoiceField id={`${id}-bank`} {...BANK} initial={account?.bank} />
        <ChoiceField id={`${id}-type`} {...ACCOUNT_TYPE} initial={account?.accountType} />
        <AccountNumberField id={`${id}-number`} />
        {error && error.field !== 'holderRut' && (
          <p className="list-form__error" role="alert">
            {error.error}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={fetcher.state !== 'idle'}>
          Guardar cuenta
        </button>
      </fetcher.Form>
    </Dialog>
  );
}
