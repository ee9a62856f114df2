import { RUT_MAX_INPUT_LENGTH, formatRut } from '@despensa/domain';
import { InputField, LabelledField } from '../../ui/labelled-field';

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
    <InputField
      id={`${id}-rut`}
      name="holderRut"
      label="RUT del titular"
      required
      maxLength={RUT_MAX_INPUT_LENGTH}
      value={rut}
      onChange={(event) => onChange(formatRut(event.target.value))}
      aria-invalid={error !== null}
      aria-describedby={error !== null ? `${id}-rut-error` : undefined}
      after={
        error !== null && (
          <p id={`${id}-rut-error`} className="list-form__error">
            {error}
          </p>
        )
      }
    />
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
    <LabelledField id={id} label={label}>
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
    </LabelledField>
  );
}

/** The account's number: digits only, 4 to 20 of them. */
export function AccountNumberField({ id }: { id: string }) {
  return (
    <InputField
      id={id}
      name="accountNumber"
      label="Número de cuenta"
      required
      inputMode="numeric"
      pattern="\d{4,20}"
      maxLength={20}
      autoComplete="off"
    />
  );
}
