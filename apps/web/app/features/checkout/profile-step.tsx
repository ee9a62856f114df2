import { useId, useRef, useState, type FormEvent } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import {
  PHONE_INVALID_MESSAGE,
  RUT_DEFAULT_MESSAGE,
  RUT_INVALID_MESSAGE,
  cleanContactPhone,
  formatRut,
  isValidRut,
} from '@despensa/domain';
import { PROFILE_FIELDS } from '@despensa/contracts';
import { NewsletterField as Field } from '../newsletter';
import { useFieldError } from '../../ui/use-field-error';
import { useValuesBeforeHydration } from '../../lib/use-values-before-hydration';
import type { CheckoutState } from './checkout-state-server';
import { refusalOf, type CheckoutActionResult } from './action-result';
import { MissingNotice, StepRefusal } from './missing-notice';
import { gapsOfStep } from './steps';

/** Step 2's RUT and phone as typed, and their checks; `onSubmit` stops a send with either wrong. */
function useProfileChecks(id: string, state: CheckoutState) {
  const [rut, setRut] = useState(formatRut(state.profile.document));
  const [phone, setPhone] = useState(state.profile.phone);
  const rutValid = isValidRut(rut);
  const phoneValid = cleanContactPhone(phone) !== null;
  const rutError = useFieldError(rut, rutValid);
  const phoneError = useFieldError(phone, phoneValid);
  const form = useRef<HTMLFormElement>(null);
  // What the shopper typed on the server's page before the scripts ran stays, and is what is checked.
  useValuesBeforeHydration(form, { document: rut, phone }, (shown) => {
    setRut(formatRut(shown.document));
    setPhone(shown.phone);
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (rutValid && phoneValid) return;
    event.preventDefault();
    rutError.force();
    phoneError.force();
    document.getElementById(rutValid ? `${id}-phone` : `${id}-rut`)?.focus();
  };
  return { form, rut, setRut, phone, setPhone, rutError, phoneError, onSubmit };
}

/** Step 2: the shopper's data (§3 client profile): RUT with its check digit (§5), phone and names. */
export function ProfileStep({ state }: { state: CheckoutState }) {
  const id = useId();
  const result = useActionData<CheckoutActionResult>();
  const busy = useNavigation().state !== 'idle';
  const refused = refusalOf(result);
  const { form, rut, setRut, phone, setPhone, rutError, phoneError, onSubmit } = useProfileChecks(id, state);

  return (
    <>
      <MissingNotice gaps={gapsOfStep(state.gapsShown, 'profile')} />
      <Form ref={form} method="post" className="checkout-form" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="profile" />
        <Field
          id={`${id}-email`}
          {...PROFILE_FIELDS.email}
          value={state.profile.email}
          readOnly
          required={false}
          error={null}
        />
        <div className="checkout-form__row">
          <Field
            id={`${id}-first`}
            name="firstName"
            {...PROFILE_FIELDS.firstName}
            defaultValue={state.profile.firstName}
            error={null}
          />
          <Field
            id={`${id}-last`}
            name="lastName"
            {...PROFILE_FIELDS.lastName}
            defaultValue={state.profile.lastName}
            error={null}
          />
        </div>
        <div className="checkout-form__row">
          <Field
            id={`${id}-rut`}
            name="document"
            {...PROFILE_FIELDS.document}
            value={rut}
            onChange={(event) => setRut(formatRut(event.target.value))}
            error={
              rutError.visible
                ? rut === ''
                  ? RUT_DEFAULT_MESSAGE
                  : RUT_INVALID_MESSAGE
                : refused?.field === 'document'
                  ? refused.error
                  : null
            }
          />
          <Field
            id={`${id}-phone`}
            name="phone"
            {...PROFILE_FIELDS.phone}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={
              phoneError.visible ? PHONE_INVALID_MESSAGE : refused?.field === 'phone' ? refused.error : null
            }
          />
        </div>
        <StepRefusal
          error={refused && refused.field !== 'document' && refused.field !== 'phone' ? refused.error : null}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          Continuar al pago
        </button>
      </Form>
    </>
  );
}
