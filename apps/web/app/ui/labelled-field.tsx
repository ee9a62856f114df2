import type { InputHTMLAttributes, ReactNode } from 'react';

/** The shop's plain field (`.field`): its label above the control it names (an input, a select, a textarea). */
export function LabelledField({
  id,
  label,
  children,
}: {
  id: string;
  label: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A plain field's text input; `after` stands below it (the server's refusal of it). */
export function InputField({
  id,
  name,
  label,
  after,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: ReactNode; after?: ReactNode }) {
  return (
    <LabelledField id={id} label={label}>
      <input id={id} name={name} className="field__input" {...input} />
      {after}
    </LabelledField>
  );
}
