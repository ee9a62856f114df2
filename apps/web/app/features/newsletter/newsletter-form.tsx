import { useId, useState, type FormEvent } from 'react';
import { TermsCheckbox } from '../../ui/terms-checkbox';
import {
  EMAIL_INVALID_MESSAGE,
  RUT_DEFAULT_MESSAGE,
  RUT_INVALID_MESSAGE,
  RUT_MAX_INPUT_LENGTH,
  formatRut,
  isValidEmail,
  isValidRut,
} from '@despensa/domain';
import type { NewsletterSubscriptionResponse } from '@despensa/contracts';
import { apiRequest } from '../../lib/api-client';
import { NewsletterField } from './newsletter-field';
import { useFieldError } from '../../ui/use-field-error';

export const NEWSLETTER_SUCCESS_MESSAGE =
  '¡Gracias por suscribirte! Pronto recibirás nuestras ofertas en tu correo.';

type Outcome = { kind: 'success' } | { kind: 'error'; message: string } | null;

/**
 * 'Suscríbete' (§4, §5): e-mail, RUT and terms are required; the button is active only when all three are
 * valid, yet stays pressable (aria-disabled) so a press can point at what is missing.
 */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [rut, setRut] = useState('');
  const [terms, setTerms] = useState(false);
  const [termsForced, setTermsForced] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

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
    setOutcome(null);
    const result = await apiRequest<NewsletterSubscriptionResponse>('/api/user/newsletter/', {
      method: 'POST',
      body: { email: email.trim(), document: rut.replace(/\s+/g, '') },
    });
    setSending(false);
    // §4: the form resets after a send attempt. A network failure has already raised the 503 screen.
    setEmail('');
    setRut('');
    setTerms(false);
    setTermsForced(false);
    if (result.ok) setOutcome({ kind: 'success' });
    else if (result.status !== 0) setOutcome({ kind: 'error', message: result.message });
  };

  return (
    <section className="newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="newsletter__title">
        Suscríbete
      </h2>
      <p className="newsletter__intro">Recibe ofertas y novedades antes que nadie.</p>
      <form className="newsletter__form" noValidate onSubmit={onSubmit}>
        <NewsletterField
          id={`${id}-email`}
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError.visible ? EMAIL_INVALID_MESSAGE : null}
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
          {outcome?.kind === 'success' ? NEWSLETTER_SUCCESS_MESSAGE : null}
        </p>
        {outcome?.kind === 'error' ? (
          <p className="newsletter__error" role="alert">
            {outcome.message}
          </p>
        ) : null}
      </form>
    </section>
  );
}
