import { Form } from 'react-router';
import { FormNotice, fieldError, type FormAnswer } from './form-field';
import { HiddenFields } from '../../ui/post-button';
import { RowSave } from './switch-form';

/**
 * One number a store's row of a SKU's table sets (its units there, its own price there): a form of its
 * own, its label for screen readers, its error beside it. `hidden` names the change (intent, SKU, store).
 */
export function ShelfCellForm({
  form,
  hidden,
  name,
  field = name,
  label,
  saveLabel,
  max,
  required = false,
  defaultValue,
  answer,
  busy,
}: {
  form: string;
  hidden: Record<string, string | number>;
  name: string;
  /** The input the server names when it refuses (the price row's `fixedPrices`); the name by default. */
  field?: string;
  label: string;
  saveLabel: string;
  max: number;
  required?: boolean;
  defaultValue?: number | '';
  answer: FormAnswer;
  busy: boolean;
}) {
  const input = `${form}-${name}`;
  const error = fieldError(answer, form, field);
  return (
    <Form method="post" className="admin-check">
      <HiddenFields fields={hidden} />
      <label htmlFor={input} className="visually-hidden">
        {label}
      </label>
      <input
        id={input}
        name={name}
        type="number"
        min={0}
        max={max}
        step={1}
        required={required}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${input}-error` : undefined}
      />
      <RowSave label={saveLabel} busy={busy} />
      {error ? (
        <span id={`${input}-error`} className="console-error">
          {error}
        </span>
      ) : null}
      <FormNotice answer={answer} form={form} fields={[field]} />
    </Form>
  );
}
