import { useId, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { PROFILE_FIELDS, type UserProfile } from '@despensa/contracts';
import { cleanContactPhone, PHONE_INVALID_MESSAGE } from '@despensa/domain';
import { NewsletterField as Field } from '../newsletter';
import { useFieldError } from '../../ui/use-field-error';
import type { AccountActionResult } from './account-types';

/** The e-mail and RUT, shown and not editable (they identify the account). */
function IdentityFields({ id, profile }: { id: string; profile: UserProfile }) {
  return (
    <div className="account-form__row">
      <Field
        id={`${id}-email`}
        {...PROFILE_FIELDS.email}
        value={profile.email}
        readOnly
        required={false}
        error={null}
      />
      <Field
        id={`${id}-rut`}
        label={PROFILE_FIELDS.document.label}
        value={profile.document}
        readOnly
        required={false}
        error={null}
      />
    </div>
  );
}

/** /mis-datos personal data (§3 user data, §5 phone): names and phone editable, e-mail and RUT shown. */
export function ProfileForm({ profile }: { profile: UserProfile }) {
  const id = useId();
  const fetcher = useFetcher<AccountActionResult>();
  const [phone, setPhone] = useState(profile.homePhone);
  const phoneValid = cleanContactPhone(phone) !== null;
  const phoneError = useFieldError(phone, phoneValid);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (phoneValid) return;
    event.preventDefault();
    phoneError.force();
    document.getElementById(`${id}-phone`)?.focus();
  };

  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        Datos personales
      </h2>
      <fetcher.Form method="post" className="account-form account-form--wide" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="update-profile" />
        <div className="account-form__row">
          <Field
            id={`${id}-first`}
            name="firstName"
            {...PROFILE_FIELDS.firstName}
            defaultValue={profile.firstName}
            error={result && !result.ok && result.field === 'firstName' ? result.error : null}
          />
          <Field
            id={`${id}-last`}
            name="lastName"
            {...PROFILE_FIELDS.lastName}
            defaultValue={profile.lastName}
            error={result && !result.ok && result.field === 'lastName' ? result.error : null}
          />
        </div>
        <IdentityFields id={id} profile={profile} />
        <Field
          id={`${id}-phone`}
          name="homePhone"
          {...PROFILE_FIELDS.phone}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          error={phoneError.visible ? PHONE_INVALID_MESSAGE : null}
        />
        <p className="account-form__success" role="status">
          {result?.ok && result.intent === 'update-profile' ? result.message : null}
        </p>
        {result && !result.ok && !result.field ? (
          <p className="account-form__error" role="alert">
            {result.error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={fetcher.state !== 'idle'}>
          Guardar cambios
        </button>
      </fetcher.Form>
    </section>
  );
}
