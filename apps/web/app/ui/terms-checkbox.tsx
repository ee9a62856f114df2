import { Link } from 'react-router';

/** Shown under the box when a form is sent without accepting the terms. */
export const TERMS_REQUIRED_MESSAGE = 'Debes aceptar los términos y condiciones';

/**
 * 'Acepto los términos y condiciones y la política de privacidad', with links to both legal pages at their
 * §2 anchors; `invalid` marks it and says why (register and newsletter forms, §5).
 */
export function TermsCheckbox(props: {
  id: string;
  name?: string;
  checked: boolean;
  invalid: boolean;
  required?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className={props.invalid ? 'field field--invalid' : 'field'}>
      <label className="checkbox">
        <input
          id={props.id}
          type="checkbox"
          name={props.name}
          checked={props.checked}
          required={props.required}
          aria-invalid={props.invalid ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        <span>
          Acepto los <Link to="/informaciones-legales/terminos-y-condiciones#1">términos y condiciones</Link>{' '}
          y la <Link to="/informaciones-legales/politica-de-privacidad#topic-1">política de privacidad</Link>
        </span>
      </label>
      <p id={errorId} className="field__error" aria-live="polite">
        {props.invalid ? TERMS_REQUIRED_MESSAGE : null}
      </p>
    </div>
  );
}
