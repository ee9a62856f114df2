import { useId, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { PersistentCartDialog } from '../cart';
import { isValidEmail, PASSWORD_INVALID_MESSAGE } from '@despensa/domain';
import { AccessCodeField, EmailField, PasswordField } from '../newsletter';
import { useFieldError } from '../../ui/use-field-error';
import type { AccountActionResult, AccountDialogName } from './account-types';
import { ServerError, actionFor } from './auth-form-parts';
import { RegisterForm } from './register-form';
import './account.css';

export const AUTH_TITLES: Record<AccountDialogName, string> = {
  login: 'Ingresa a tu cuenta',
  register: 'Crea tu cuenta',
  forgot: 'Recupera tu clave',
  code: 'Ingresa con un código',
};

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
      <EmailField id={`${id}-login`} name="login" invalid={false} />
      <PasswordField id={`${id}-password`} autoComplete="current-password" error={null} />
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

/** The new password a reset sets, with what a valid one is. */
function NewPasswordFields({ id }: { id: string }) {
  return (
    <>
      <PasswordField
        id={`${id}-new`}
        name="newPassword"
        label="Nueva clave"
        autoComplete="new-password"
        error={null}
        aria-describedby={`${id}-new-hint`}
      />
      <p id={`${id}-new-hint`} className="dialog__note">
        {PASSWORD_INVALID_MESSAGE}
      </p>
    </>
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
        <EmailField
          id={`${id}-login`}
          name="login"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          invalid={emailError.visible}
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
          <AccessCodeField id={`${id}-key`} label="Código de verificación" maxLength={6} error={null} />
          {kind === 'forgot' ? <NewPasswordFields id={id} /> : null}
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
