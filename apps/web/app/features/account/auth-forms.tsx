import { useEffect, useId, useState, type FormEvent } from 'react';
import { useActionData, useFetcher, useLocation } from 'react-router';
import { PersistentCartDialog } from '../cart/persistent-cart-dialog';
import { TermsCheckbox } from '../../ui/terms-checkbox';
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
  RUT_MAX_INPUT_LENGTH,
} from '@despensa/domain';
import { NewsletterField as Field } from '../newsletter/newsletter-field';
import { useFieldError } from '../../ui/use-field-error';
import type { AccountActionResult, AccountDialogName } from './account-types';
import { LOGIN_PAGE_PATH } from './paths';
import './account.css';

export const AUTH_TITLES: Record<AccountDialogName, string> = {
  login: 'Ingresa a tu cuenta',
  register: 'Crea tu cuenta',
  forgot: 'Recupera tu clave',
  code: 'Ingresa con un código',
};

/** Where the forms post: the login page's action, returning to `callback` on success. */
function actionFor(callback: string): string {
  return `${LOGIN_PAGE_PATH}?callback=${encodeURIComponent(callback)}`;
}

/** The current path (what a dialog returns to after login). */
export function useCurrentPath(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/**
 * After a login that found both the account's saved cart and this browser's with products: the §2
 * persistent-cart dialog; its answer finishes the login (merge or keep), then the page goes on.
 */
function PersistentCartPrompt({
  result,
  callback,
}: {
  result: AccountActionResult | undefined;
  callback: string;
}) {
  const answer = useFetcher<AccountActionResult>();
  const question = result?.ok && result.intent === 'persistent-cart' ? result.question : null;
  return (
    <PersistentCartDialog
      question={answer.state === 'idle' && answer.data === undefined ? question : null}
      busy={answer.state !== 'idle'}
      onAnswer={(choice) =>
        void answer.submit(
          { intent: 'resolve-cart', choice },
          { method: 'post', action: actionFor(callback) },
        )
      }
    />
  );
}

/**
 * The form's refusal: the fetcher's answer, or without JavaScript the login page's own action data (a
 * plain form post renders the page again).
 */
function ServerError({ result, intent }: { result: AccountActionResult | undefined; intent: string }) {
  const posted = useActionData<AccountActionResult | undefined>();
  const shown = result ?? (posted?.intent === intent ? posted : undefined);
  return (
    <p className="account-form__error" role="alert">
      {shown && !shown.ok ? shown.error : null}
    </p>
  );
}

/**
 * Login, register, forgotten password and code login, switching in place (§2 dialogs). The same panel
 * is the dialog's body and the /login-page content; forms post to /login-page's action.
 */
export function AuthPanel({
  mode,
  onMode,
  callback,
}: {
  mode: AccountDialogName;
  onMode: (mode: AccountDialogName) => void;
  callback: string;
}) {
  switch (mode) {
    case 'register':
      return <RegisterForm callback={callback} onMode={onMode} />;
    case 'forgot':
      return <AccessKeyForm kind="forgot" callback={callback} onMode={onMode} />;
    case 'code':
      return <AccessKeyForm kind="code" callback={callback} onMode={onMode} />;
    default:
      return <LoginForm callback={callback} onMode={onMode} />;
  }
}

function LoginForm({ callback, onMode }: { callback: string; onMode: (mode: AccountDialogName) => void }) {
  const id = useId();
  const fetcher = useFetcher<AccountActionResult>();
  return (
    <fetcher.Form method="post" action={actionFor(callback)} className="account-form" noValidate>
      <input type="hidden" name="intent" value="login" />
      <Field
        id={`${id}-login`}
        name="login"
        label="Correo electrónico"
        type="email"
        autoComplete="email"
        error={null}
      />
      <Field
        id={`${id}-password`}
        name="password"
        label="Clave"
        type="password"
        autoComplete="current-password"
        error={null}
      />
      <ServerError result={fetcher.data} intent="login" />
      <PersistentCartPrompt result={fetcher.data} callback={callback} />
      <button
        type="submit"
        className="button button--primary account-form__submit"
        disabled={fetcher.state !== 'idle'}
      >
        Ingresar
      </button>
      <div className="account-form__links">
        <button type="button" className="link-button" onClick={() => onMode('forgot')}>
          ¿Olvidaste tu clave?
        </button>
        <button type="button" className="link-button" onClick={() => onMode('code')}>
          Ingresar con un código enviado a tu correo
        </button>
        <button type="button" className="link-button" onClick={() => onMode('register')}>
          ¿No tienes cuenta? Regístrate
        </button>
      </div>
    </fetcher.Form>
  );
}

/**
 * Two steps with an e-mailed code: send it, then log in with it ('code') or set a new password with it
 * ('forgot'). The second step is the validation-code dialog of §2.
 */
function AccessKeyForm({
  kind,
  callback,
  onMode,
}: {
  kind: 'forgot' | 'code';
  callback: string;
  onMode: (mode: AccountDialogName) => void;
}) {
  const id = useId();
  const send = useFetcher<AccountActionResult>();
  const use = useFetcher<AccountActionResult>();
  const [email, setEmail] = useState('');
  const emailError = useFieldError(email, isValidEmail(email.trim()));
  const sent = send.data?.ok && (send.data.intent === 'send-key' || send.data.intent === 'send-reset');
  const login = sent && 'login' in send.data! ? send.data.login : email.trim();

  return (
    <div className="account-form">
      <send.Form method="post" action={actionFor(callback)} className="account-form" noValidate>
        <input type="hidden" name="intent" value={kind === 'forgot' ? 'send-reset' : 'send-key'} />
        <p className="dialog__note">Te enviaremos un código de 6 dígitos a tu correo.</p>
        <Field
          id={`${id}-login`}
          name="login"
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError.visible ? EMAIL_INVALID_MESSAGE : null}
        />
        <ServerError result={send.data} intent={kind === 'forgot' ? 'send-reset' : 'send-key'} />
        <button type="submit" className="button button--secondary" disabled={send.state !== 'idle'}>
          {sent ? 'Reenviar código' : 'Enviar código'}
        </button>
      </send.Form>
      {sent ? (
        <use.Form method="post" action={actionFor(callback)} className="account-form" noValidate>
          <p role="status" className="account-form__sent">
            Si {login} tiene una cuenta, te enviamos un código.
          </p>
          <input type="hidden" name="intent" value={kind === 'forgot' ? 'set-password' : 'key-login'} />
          <input type="hidden" name="login" value={login} />
          <Field
            id={`${id}-key`}
            name="accessKey"
            label="Código de verificación"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={null}
          />
          {kind === 'forgot' ? (
            <Field
              id={`${id}-new`}
              name="newPassword"
              label="Nueva clave"
              type="password"
              autoComplete="new-password"
              error={null}
              aria-describedby={`${id}-new-hint`}
            />
          ) : null}
          {kind === 'forgot' ? (
            <p id={`${id}-new-hint`} className="dialog__note">
              {PASSWORD_INVALID_MESSAGE}
            </p>
          ) : null}
          <ServerError result={use.data} intent={kind === 'forgot' ? 'set-password' : 'key-login'} />
          <PersistentCartPrompt result={use.data} callback={callback} />
          <button type="submit" className="button button--primary" disabled={use.state !== 'idle'}>
            {kind === 'forgot' ? 'Guardar clave e ingresar' : 'Ingresar'}
          </button>
        </use.Form>
      ) : null}
      <button type="button" className="link-button" onClick={() => onMode('login')}>
        Volver a ingresar con clave
      </button>
    </div>
  );
}

function RegisterForm({ callback, onMode }: { callback: string; onMode: (mode: AccountDialogName) => void }) {
  const id = useId();
  const fetcher = useFetcher<AccountActionResult>();
  const [values, setValues] = useState({
    firstName: '',
    lastName: '',
    email: '',
    rut: '',
    phone: '',
    password: '',
  });
  const [terms, setTerms] = useState(false);
  const [forced, setForced] = useState(false);
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const emailValid = isValidEmail(values.email.trim());
  const rutValid = isValidRut(values.rut);
  const phoneValid = cleanContactPhone(values.phone) !== null;
  const passwordValid = isValidPassword(values.password);
  const emailError = useFieldError(values.email, emailValid);
  const rutError = useFieldError(values.rut, rutValid);
  const phoneError = useFieldError(values.phone, phoneValid);
  const passwordError = useFieldError(values.password, passwordValid);
  const serverField = fetcher.data && !fetcher.data.ok ? fetcher.data.field : undefined;

  useEffect(() => {
    if (serverField) document.getElementById(`${id}-${serverField}`)?.focus();
  }, [serverField, id, fetcher.data]);

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

  return (
    <fetcher.Form
      method="post"
      action={actionFor(callback)}
      className="account-form"
      noValidate
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value="register" />
      <div className="account-form__row">
        <Field
          id={`${id}-firstName`}
          name="firstName"
          label="Nombre"
          autoComplete="given-name"
          maxLength={60}
          value={values.firstName}
          onChange={set('firstName')}
          // Required fields say so once the shopper has tried to send the form.
          error={forced && !values.firstName.trim() ? FIRST_NAME_REQUIRED_MESSAGE : null}
        />
        <Field
          id={`${id}-lastName`}
          name="lastName"
          label="Apellido"
          autoComplete="family-name"
          maxLength={60}
          value={values.lastName}
          onChange={set('lastName')}
          error={forced && !values.lastName.trim() ? LAST_NAME_REQUIRED_MESSAGE : null}
        />
      </div>
      <Field
        id={`${id}-document`}
        name="document"
        label="RUT"
        autoComplete="off"
        placeholder="12.345.678-5"
        maxLength={RUT_MAX_INPUT_LENGTH}
        value={values.rut}
        onChange={(event) => setValues((current) => ({ ...current, rut: formatRut(event.target.value) }))}
        error={rutError.visible ? (values.rut === '' ? RUT_DEFAULT_MESSAGE : RUT_INVALID_MESSAGE) : null}
      />
      <Field
        id={`${id}-email`}
        name="email"
        label="Correo electrónico"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        error={emailError.visible ? EMAIL_INVALID_MESSAGE : null}
      />
      <Field
        id={`${id}-homePhone`}
        name="homePhone"
        label="Teléfono"
        type="tel"
        autoComplete="tel"
        placeholder="+56912345678"
        maxLength={16}
        value={values.phone}
        onChange={set('phone')}
        error={phoneError.visible ? PHONE_INVALID_MESSAGE : null}
      />
      <Field
        id={`${id}-password`}
        name="password"
        label="Clave"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={passwordError.visible ? PASSWORD_INVALID_MESSAGE : null}
      />
      <TermsCheckbox
        id={`${id}-terms`}
        name="terms"
        checked={terms}
        invalid={forced && !terms}
        onChange={setTerms}
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
