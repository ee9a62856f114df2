import type { InputHTMLAttributes } from 'react';
import { EMAIL_INVALID_MESSAGE } from '@despensa/domain';

export type FieldProps = {
  id: string;
  label: string;
  error: string | null;
} & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input whose error line is announced and tied to it (aria-describedby). */
export function NewsletterField({ id, label, error, ...input }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        required
        {...input}
      />
      <p id={errorId} className="field__error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

/** The shopper's e-mail as every form asks it; `invalid` shows the domain's message for a wrong one. */
export function EmailField({
  invalid,
  ...input
}: Omit<FieldProps, 'label' | 'type' | 'autoComplete' | 'error'> & { invalid: boolean }) {
  return (
    <NewsletterField
      label="Correo electrónico"
      type="email"
      autoComplete="email"
      error={invalid ? EMAIL_INVALID_MESSAGE : null}
      {...input}
    />
  );
}
