import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { AccountDialogName, HeaderAccount, RootAccount } from './account-types';

interface AccountState {
  /** The logged-in customer (root loader), or null for a visitor. */
  account: HeaderAccount | null;
  /** The page came with the cookie of a session that is over. */
  staleSession: boolean;
  dialog: AccountDialogName | null;
  /** Where a login from the open dialog lands, when not back on this page. */
  dialogCallback: string | null;
  openDialog: (name: AccountDialogName, callback?: string) => void;
  closeDialog: () => void;
}

const AccountContext = createContext<AccountState | null>(null);

export function AccountProvider({ account: root, children }: { account: RootAccount; children: ReactNode }) {
  const { customer: account, staleSession } = root;
  const [dialog, setDialog] = useState<AccountDialogName | null>(null);
  const [dialogCallback, setDialogCallback] = useState<string | null>(null);
  const openDialog = useCallback((name: AccountDialogName, callback?: string) => {
    setDialog(name);
    // Switching between the dialogs (login → register) keeps where the first one was going.
    if (callback !== undefined) setDialogCallback(callback);
  }, []);
  const closeDialog = useCallback(() => {
    setDialog(null);
    setDialogCallback(null);
  }, []);
  const value = useMemo(
    () => ({ account, staleSession, dialog, dialogCallback, openDialog, closeDialog }),
    [account, staleSession, dialog, dialogCallback, openDialog, closeDialog],
  );
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

/** Outside the provider (a bare error page) everyone is a visitor and no dialog opens. */
const VISITOR: AccountState = {
  account: null,
  staleSession: false,
  dialog: null,
  dialogCallback: null,
  openDialog: () => {},
  closeDialog: () => {},
};

export function useAccount(): AccountState {
  return useContext(AccountContext) ?? VISITOR;
}
