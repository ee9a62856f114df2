import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { AccountDialogName, HeaderAccount, RootAccount } from './account-types';

interface AccountState {
  /** The logged-in customer (root loader), or null for a visitor. */
  account: HeaderAccount | null;
  /** The page came with the cookie of a session that is over. */
  staleSession: boolean;
  dialog: AccountDialogName | null;
  openDialog: (name: AccountDialogName) => void;
  closeDialog: () => void;
}

const AccountContext = createContext<AccountState | null>(null);

export function AccountProvider({ account: root, children }: { account: RootAccount; children: ReactNode }) {
  const { customer: account, staleSession } = root;
  const [dialog, setDialog] = useState<AccountDialogName | null>(null);
  const openDialog = useCallback((name: AccountDialogName) => setDialog(name), []);
  const closeDialog = useCallback(() => setDialog(null), []);
  const value = useMemo(
    () => ({ account, staleSession, dialog, openDialog, closeDialog }),
    [account, staleSession, dialog, openDialog, closeDialog],
  );
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

/** Outside the provider (a bare error page) everyone is a visitor and no dialog opens. */
const VISITOR: AccountState = {
  account: null,
  staleSession: false,
  dialog: null,
  openDialog: () => {},
  closeDialog: () => {},
};

export function useAccount(): AccountState {
  return useContext(AccountContext) ?? VISITOR;
}
