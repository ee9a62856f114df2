import { Dialog } from '../../ui/dialog';
import { useAccount } from './account-context';
import { AUTH_TITLES, AuthPanel, useCurrentPath } from './auth-forms';

/** The login, register, forgot-password and code dialogs (§2), one at a time; they return to this page. */
export default function AuthDialog() {
  const { dialog, dialogCallback, openDialog, closeDialog } = useAccount();
  const current = useCurrentPath();
  // /login and /register are home with a dialog: after login the customer lands on home itself.
  const callback = dialogCallback ?? (/^\/(login|register)(\?|$)/.test(current) ? '/' : current);
  return (
    <Dialog open={dialog !== null} title={AUTH_TITLES[dialog ?? 'login']} onClose={closeDialog}>
      <AuthPanel mode={dialog ?? 'login'} onMode={openDialog} callback={callback} />
    </Dialog>
  );
}
