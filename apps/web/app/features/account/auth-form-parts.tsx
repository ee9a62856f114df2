import { useActionData } from 'react-router';
import type { AccountActionResult } from './account-types';
import { LOGIN_PAGE_PATH } from './paths';

/** Where the forms post: the login page's action, returning to `callback` on success. */
export function actionFor(callback: string): string {
  return `${LOGIN_PAGE_PATH}?callback=${encodeURIComponent(callback)}`;
}

/**
 * The form's refusal: the fetcher's answer, or without JavaScript the login page's own action data (a
 * plain form post renders the page again).
 */
export function ServerError({ result, intent }: { result: AccountActionResult | undefined; intent: string }) {
  const posted = useActionData<AccountActionResult | undefined>();
  const shown = result ?? (posted?.intent === intent ? posted : undefined);
  return (
    <p className="account-form__error" role="alert">
      {shown && !shown.ok ? shown.error : null}
    </p>
  );
}
