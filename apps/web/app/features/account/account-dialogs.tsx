import { lazy, useEffect } from 'react';
import { WhenOpened } from '../../ui/when-opened';
import { useAccount } from './account-context';

/** The forms' code comes when a dialog first opens. */
const AuthDialog = lazy(() => import('./auth-dialog'));

/** The account's dialogs (auth-dialog.tsx), mounted once for every page. */
export function AccountDialogs() {
  const { account, dialog, closeDialog } = useAccount();

  // A login or registration redirects back here; once the root knows the customer the dialog goes away.
  useEffect(() => {
    if (account && dialog) closeDialog();
  }, [account, dialog, closeDialog]);

  return (
    <WhenOpened open={dialog !== null}>
      <AuthDialog />
    </WhenOpened>
  );
}
