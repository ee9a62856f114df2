import type { InputHTMLAttributes, ReactNode } from 'react';

/** What a back-office action answered: a saved notice or a refusal, for one form (`form`) of the page. */
export type FormAnswer =
  { form: string; saved: string } | { form: string; error: string; field: string | null } | undefined;

/** The refusal's text when it belongs beside this field of this form. */
export function fieldError(answer: FormAnswer, form: string, field: string): string | undefined {
  return answer && 'error' in answer && answer.form === form && answer.field === field
    ? answer.error
    : undefined;
}

/**
 * A form's fields by name: each one's id (`<prefix>-<name>`), its name, and the refusal beside it, spread
 * into a Field as `{...field('Name')}`.
 */
export function namedFields(prefix: string, error: (field: string) => string | undefined) {
  return (name: string) => ({ id: `${prefix}-${name}`, name, error: error(name) });
}

/**
 * A labelled input with its hint and, when the server refused it, the reason beside it (Spanish), tied to
 * the input by aria-describedby and marked aria-invalid.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children?: ReactNode;
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {children ?? (
        <input
          id={id}
          {...input}
          aria-describedby={described || undefined}
          aria-invalid={error ? true : undefined}
        />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="admin-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="console-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A labelled choice among `options` ([value, text]); `markInvalid` marks the select itself when refused (the
 * product's menus), where other forms only show the reason beside it.
 */
export function SelectField({
  id,
  name,
  label,
  defaultValue,
  options,
  error,
  markInvalid = false,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string | number;
  options: readonly (readonly [value: string | number, text: string])[];
  error: string | undefined;
  markInvalid?: boolean;
}) {
  const invalid = markInvalid && !!error;
  return (
    <Field id={id} label={label} error={error}>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The form's own notice: saved (a status), or refused about none of the form's `fields` (an alert). */
export function FormNotice({
  answer,
  form,
  fields,
}: {
  answer: FormAnswer;
  form: string;
  fields: readonly string[];
}) {
  if (!answer || answer.form !== form) return null;
  if ('saved' in answer)
    return (
      <p role="status" className="admin-notice">
        {answer.saved}
      </p>
    );
  return answer.field && fields.includes(answer.field) ? null : (
    <p role="alert" className="console-error">
      {answer.error}
    </p>
  );
}

/** The form's notice, then its save button (primary on the page's own form, secondary on a row's). */
export function FormSave({
  answer,
  form,
  fields,
  busy,
  primary = false,
  children,
}: {
  answer: FormAnswer;
  form: string;
  fields: readonly string[];
  busy: boolean;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <FormNotice answer={answer} form={form} fields={fields} />
      <button type="submit" className={`button button--${primary ? 'primary' : 'secondary'}`} disabled={busy}>
        {children}
      </button>
    </>
  );
}
