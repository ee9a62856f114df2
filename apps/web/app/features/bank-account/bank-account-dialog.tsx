import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import type { BankAccount } from '@despensa/contracts';
import { BANK_ACCOUNT_TYPE_NAMES, CHILEAN_BANKS, RUT_MAX_INPUT_LENGTH, formatRut } from '@despensa/domain';
import { Dialog } from '../../ui/dialog';

export type BankAccountResult = { ok: true; message: string } | { ok: false; error: string; field?: string };

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
        <div className="field">
          <label htmlFor={`${id}-holder`} className="field__label">
            Nombre del titular
          </label>
          <input
            id={`${id}-holder`}
            name="holderName"
            className="field__input"
            required
            maxLength={80}
            defaultValue={account?.holderName}
            autoComplete="name"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-rut`} className="field__label">
            RUT del titular
          </label>
          <input
            id={`${id}-rut`}
            name="holderRut"
            className="field__input"
            required
            maxLength={RUT_MAX_INPUT_LENGTH}
            value={rut}
            onChange={(event) => setRut(formatRut(event.target.value))}
            aria-invalid={error?.field === 'holderRut'}
            aria-describedby={error?.field === 'holderRut' ? `${id}-rut-error` : undefined}
          />
          {error?.field === 'holderRut' && (
            <p id={`${id}-rut-error`} className="list-form__error">
              {error.error}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-bank`} className="field__label">
            Banco
          </label>
          <select
            id={`${id}-bank`}
            name="bank"
            className="field__input"
            required
            defaultValue={account?.bank ?? ''}
          >
            <option value="" disabled>
              Elige tu banco
            </option>
            {CHILEAN_BANKS.map((bank) => (
              <option key={bank} value={bank}>
                {bank}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`} className="field__label">
            Tipo de cuenta
          </label>
          <select
            id={`${id}-type`}
            name="accountType"
            className="field__input"
            required
            defaultValue={account?.accountType ?? ''}
          >
            <option value="" disabled>
              Elige el tipo de cuenta
            </option>
            {Object.entries(BANK_ACCOUNT_TYPE_NAMES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-number`} className="field__label">
            Número de cuenta
          </label>
          <input
            id={`${id}-number`}
            name="accountNumber"
            className="field__input"
            required
            inputMode="numeric"
            pattern="\d{4,20}"
            maxLength={20}
            autoComplete="off"
          />
        </div>
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
