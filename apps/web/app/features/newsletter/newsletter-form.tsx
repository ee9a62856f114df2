import { useId, useState, type FormEvent } from 'react';
import { TermsCheckbox } from '../../ui/terms-checkbox';
import {
  RUT_DEFAULT_MESSAGE,
  RUT_INVALID_MESSAGE,
  RUT_MAX_INPUT_LENGTH,
  formatRut,
  isValidEmail,
  isValidRut,
} from '@despensa/domain';
import { apiCall } from '../../lib/api-client';
import { EmailField, NewsletterField } from './newsletter-field';
import { useFieldError } from '../../ui/use-field-error';

export const NEWSLETTER_SUCCESS_MESSAGE =
  '¡Gracias por suscribirte! Pronto recibirás nuestras ofertas en tu correo.';

/** §8: a send failure is logged and raises the 503 event, as a network failure does. */
async function subscribe(email: string, rut: string): Promise<boolean> {
  const result = await apiCall('/api/user/newsletter/', 'newsletterSubscription', {
    method: 'POST',
    body: { email: email.trim(), document: rut.replace(/\s+/g, '') },
    anyFailureUnavailable: true,
  });
  return result.ok;
}

function NewsletterTitle({ id }: { id: string }) {
  return (
    <h2 id={id} className="newsletter__title">
      Suscríbete
    </h2>
  );
}

/**
 * 'Suscríbete' (§4, §5): e-mail, RUT and terms are required; the button is active only when all three are
 * valid, yet stays pressable (aria-disabled) so a press can point at what is missing. In the §2 modal
 * (`inDialog`) the dialog's title names it.
 */
export function NewsletterForm({ inDialog = false }: { inDialog?: boolean }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [rut, setRut] = useState('');
  const [terms, setTerms] = useState(false);
  const [termsForced, setTermsForced] = useState(false);
  const [sending, setSending] = useState(false);
  const [subscribed, setSubscribed] = useState(false);

  const emailValid = isValidEmail(email.trim());
  const rutValid = isValidRut(rut);
  const emailError = useFieldError(email, emailValid);
  const rutError = useFieldError(rut, rutValid);
  const canSend = emailValid && rutValid && terms && !sending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (!canSend) {
      emailError.force();
      rutError.force();
      setTermsForced(!terms);
      const firstInvalid = !emailValid ? 'email' : !rutValid ? 'rut' : 'terms';
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
      return;
    }
    setSending(true);
    setSubscribed(false);
    const ok = await subscribe(email, rut);
    setSending(false);
    // §4: the form resets after a send attempt.
    setEmail('');
    setRut('');
    setTerms(false);
    setTermsForced(false);
    if (ok) setSubscribed(true);
  };

  return (
    <section
      className={inDialog ? 'newsletter newsletter--dialog' : 'newsletter'}
      {...(inDialog ? {} : { 'aria-labelledby': `${id}-title` })}
    >
      {inDialog ? null : <NewsletterTitle id={`${id}-title`} />}
      <p className="newsletter__intro">Recibe ofertas y novedades antes que nadie.</p>
      <form className="newsletter__form" noValidate onSubmit={onSubmit}>
        <EmailField
          id={`${id}-email`}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          invalid={emailError.visible}
        />
        <NewsletterField
          id={`${id}-rut`}
          label="RUT"
          inputMode="text"
          autoComplete="off"
          placeholder="12.345.678-5"
          maxLength={RUT_MAX_INPUT_LENGTH}
          value={rut}
          onChange={(event) => setRut(formatRut(event.target.value))}
          // §5: an empty RUT gets the default message, a wrong one 'Rut inválido'.
          error={rutError.visible ? (rut === '' ? RUT_DEFAULT_MESSAGE : RUT_INVALID_MESSAGE) : null}
        />
        <TermsCheckbox
          id={`${id}-terms`}
          checked={terms}
          required
          invalid={termsForced && !terms}
          onChange={setTerms}
        />
        <button type="submit" className="button button--primary newsletter__submit" aria-disabled={!canSend}>
          {sending ? 'Enviando…' : 'Suscribirme'}
        </button>
        <p className="newsletter__outcome" role="status">
          {subscribed ? NEWSLETTER_SUCCESS_MESSAGE : null}
        </p>
      </form>
    </section>
  );
}
