import { NewsletterField, type FieldProps } from './newsletter-field';

// Apart from newsletter-field.tsx, which every page's footer draws: only the account's dialogs and the
// checkout's code ask for these, and they come with them.

/** A password as the account forms ask it: 'Clave' by default; `autoComplete` says whether it is new. */
export function PasswordField(
  input: Omit<FieldProps, 'label' | 'type' | 'autoComplete'> & {
    label?: string;
    autoComplete: 'current-password' | 'new-password';
  },
) {
  return <NewsletterField name="password" label="Clave" type="password" {...input} />;
}

/** The numeric code e-mailed to the shopper (`accessKey`), as the phone's one-time-code keyboard offers it. */
export function AccessCodeField(input: Omit<FieldProps, 'name' | 'inputMode' | 'autoComplete'>) {
  return <NewsletterField name="accessKey" inputMode="numeric" autoComplete="one-time-code" {...input} />;
}
