import type { InputHTMLAttributes } from 'react';

/** A labelled input whose error line is announced and tied to it (aria-describedby). */
export function NewsletterField({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error: string | null } & InputHTMLAttributes<HTMLInputElement>) {
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
