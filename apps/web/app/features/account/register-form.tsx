import { useEffect, useId, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import {
  cleanContactPhone,
  EMAIL_INVALID_MESSAGE,
  formatRut,
  isValidEmail,
  isValidPassword,
  isValidRut,
  PASSWORD_INVALID_MESSAGE,
  FIRST_NAME_REQUIRED_MESSAGE,
  LAST_NAME_REQUIRED_MESSAGE,
  PHONE_INVALID_MESSAGE,
  RUT_DEFAULT_MESSAGE,
  RUT_INVALID_MESSAGE,
} from '@despensa/domain';
import { PROFILE_FIELDS } from '@despensa/contracts';
import { TermsCheckbox } from '../../ui/terms-checkbox';
import { NewsletterField as Field, PasswordField } from '../newsletter';
import { useFieldError } from '../../ui/use-field-error';
import type { AccountActionResult, AccountDialogName } from './account-types';
import { ServerError, actionFor } from './auth-form-parts';

/** §2 registration: the shopper's data (PROFILE_FIELDS), a password and the terms, checked before sending. */
type RegisterValues = {
  firstName: string;
  lastName: string;
  email: string;
  rut: string;
  phone: string;
  password: string;
};

/** The registration form's values and checks; `onSubmit` stops a send with gaps and focuses the first. */
function useRegisterChecks(id: string) {
  const [values, setValues] = useState<RegisterValues>({
    firstName: '',
    lastName: '',
    email: '',
    rut: '',
    phone: '',
    password: '',
  });
  const [terms, setTerms] = useState(false);
  const [forced, setForced] = useState(false);
  const set = (name: keyof RegisterValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const emailValid = isValidEmail(values.email.trim());
  const rutValid = isValidRut(values.rut);
  const phoneValid = cleanContactPhone(values.phone) !== null;
  const passwordValid = isValidPassword(values.password);
  const emailError = useFieldError(values.email, emailValid);
  const rutError = useFieldError(values.rut, rutValid);
  const phoneError = useFieldError(values.phone, phoneValid);
  const passwordError = useFieldError(values.password, passwordValid);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const first = values.firstName.trim();
    const last = values.lastName.trim();
    if (first && last && emailValid && rutValid && phoneValid && passwordValid && terms) return;
    event.preventDefault();
    emailError.force();
    rutError.force();
    phoneError.force();
    passwordError.force();
    setForced(true);
    const firstInvalid = !first
      ? 'firstName'
      : !last
        ? 'lastName'
        : !rutValid
          ? 'document'
          : !emailValid
            ? 'email'
            : !phoneValid
              ? 'homePhone'
              : !passwordValid
                ? 'password'
                : 'terms';
    document.getElementById(`${id}-${firstInvalid}`)?.focus();
  };
  const errors = { email: emailError, rut: rutError, phone: phoneError, password: passwordError };
  return { values, setValues, set, terms, setTerms, forced, errors, onSubmit };
}

export function RegisterForm({
  callback,
  onMode,
}: {
  callback: string;
  onMode: (mode: AccountDialogName) => void;
}) {
  const id = useId();
  const fetcher = useFetcher<AccountActionResult>();
  const checks = useRegisterChecks(id);
  const serverField = fetcher.data && !fetcher.data.ok ? fetcher.data.field : undefined;

  useEffect(() => {
    if (serverField) document.getElementById(`${id}-${serverField}`)?.focus();
  }, [serverField, id, fetcher.data]);

  return (
    <fetcher.Form
      method="post"
      action={actionFor(callback)}
      className="account-form"
      noValidate
      onSubmit={checks.onSubmit}
    >
      <input type="hidden" name="intent" value="register" />
      <RegisterFields id={id} checks={checks} />
      <TermsCheckbox
        id={`${id}-terms`}
        name="terms"
        checked={checks.terms}
        invalid={checks.forced && !checks.terms}
        onChange={checks.setTerms}
      />
      <ServerError result={fetcher.data} intent="register" />
      <button
        type="submit"
        className="button button--primary account-form__submit"
        disabled={fetcher.state !== 'idle'}
      >
        Crear cuenta
      </button>
      <button type="button" className="link-button" onClick={() => onMode('login')}>
        ¿Ya tienes cuenta? Ingresa
      </button>
    </fetcher.Form>
  );
}

/** Registration's inputs: the shopper's personal data (PROFILE_FIELDS) and a password. */
function RegisterFields({ id, checks }: { id: string; checks: ReturnType<typeof useRegisterChecks> }) {
  return (
    <>
      <div className="account-form__row">
        <Field
          id={`${id}-firstName`}
          name="firstName"
          {...PROFILE_FIELDS.firstName}
          value={checks.values.firstName}
          onChange={checks.set('firstName')}
          // Required fields say so once the shopper has tried to send the form.
          error={checks.forced && !checks.values.firstName.trim() ? FIRST_NAME_REQUIRED_MESSAGE : null}
        />
        <Field
          id={`${id}-lastName`}
          name="lastName"
          {...PROFILE_FIELDS.lastName}
          value={checks.values.lastName}
          onChange={checks.set('lastName')}
          error={checks.forced && !checks.values.lastName.trim() ? LAST_NAME_REQUIRED_MESSAGE : null}
        />
      </div>
      <Field
        id={`${id}-document`}
        name="document"
        {...PROFILE_FIELDS.document}
        autoComplete="off"
        placeholder="12.345.678-5"
        value={checks.values.rut}
        onChange={(event) =>
          checks.setValues((current) => ({ ...current, rut: formatRut(event.target.value) }))
        }
        error={
          checks.errors.rut.visible
            ? checks.values.rut === ''
              ? RUT_DEFAULT_MESSAGE
              : RUT_INVALID_MESSAGE
            : null
        }
      />
      <Field
        id={`${id}-email`}
        name="email"
        {...PROFILE_FIELDS.email}
        type="email"
        autoComplete="email"
        value={checks.values.email}
        onChange={checks.set('email')}
        error={checks.errors.email.visible ? EMAIL_INVALID_MESSAGE : null}
      />
      <Field
        id={`${id}-homePhone`}
        name="homePhone"
        {...PROFILE_FIELDS.phone}
        placeholder="+56912345678"
        value={checks.values.phone}
        onChange={checks.set('phone')}
        error={checks.errors.phone.visible ? PHONE_INVALID_MESSAGE : null}
      />
      <PasswordField
        id={`${id}-password`}
        autoComplete="new-password"
        value={checks.values.password}
        onChange={checks.set('password')}
        error={checks.errors.password.visible ? PASSWORD_INVALID_MESSAGE : null}
      />
    </>
  );
}
