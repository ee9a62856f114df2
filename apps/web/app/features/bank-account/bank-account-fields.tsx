import { RUT_MAX_INPUT_LENGTH, formatRut } from '@despensa/domain';

/** The RUT of the account's holder, formatted as it is typed; the server's refusal of it shows below. */
export function HolderRutField({
  id,
  rut,
  onChange,
  error,
}: {
  id: string;
  rut: string;
  onChange: (rut: string) => void;
  error: string | null;
}) {
  return (
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
        onChange={(event) => onChange(formatRut(event.target.value))}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `${id}-rut-error` : undefined}
      />
      {error !== null && (
        <p id={`${id}-rut-error`} className="list-form__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A required choice (the bank, the account type) that starts on its disabled prompt. */
export function ChoiceField({
  id,
  name,
  label,
  prompt,
  choices,
  initial,
}: {
  id: string;
  name: string;
  label: string;
  prompt: string;
  choices: readonly (readonly [value: string, text: string])[];
  initial: string | number | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} name={name} className="field__input" required defaultValue={initial ?? ''}>
        <option value="" disabled>
          {prompt}
        </option>
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The account's number: digits only, 4 to 20 of them. */
export function AccountNumberField({ id }: { id: string }) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        Número de cuenta
      </label>
      <input
        id={id}
        name="accountNumber"
        className="field__input"
        required
        inputMode="numeric"
        pattern="\d{4,20}"
        maxLength={20}
        autoComplete="off"
      />
    </div>
  );
}
