import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { AccountDialogName, HeaderAccount, RootAccount } from './account-types';

interface AccountState {
  /** The logged-in customer (root loader), or null for a visitor (and while `pending`). */
  account: HeaderAccount | null;
  /** The page came with the cookie of a session that is over. */
  staleSession: boolean;
  /** Who is logged in is not known yet: a shared page whose parts have not arrived (RootAccount). */
  pending: boolean;
  dialog: AccountDialogName | null;
  /** Where a login from the open dialog lands, when not back on this page. */
  dialogCallback: string | null;
  openDialog: (name: AccountDialogName, callback?: string) => void;
  closeDialog: () => void;
}

const AccountContext = createContext<AccountState | null>(null);

export function AccountProvider({ account: root, children }: { account: RootAccount; children: ReactNode }) {
  const { customer: account, staleSession, pending } = root;
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
    () => ({ account, staleSession, pending, dialog, dialogCallback, openDialog, closeDialog }),
    [account, staleSession, pending, dialog, dialogCallback, openDialog, closeDialog],
  );
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

/** Outside the provider (a bare error page) everyone is a visitor and no dialog opens. */
const VISITOR: AccountState = {
  account: null,
  staleSession: false,
  pending: false,
  dialog: null,
  dialogCallback: null,
  openDialog: () => {},
  closeDialog: () => {},
};

export function useAccount(): AccountState {
  return useContext(AccountContext) ?? VISITOR;
}

/**
 * A click whose outcome depends on who is logged in (a heart, 'Guardar en lista', the account menu). While
 * that is pending (a shared page before its parts arrive) the click is kept, not taken for a visitor's, and
 * `act` runs once the parts say who it is: with their customer, or null for a visitor or a session that
 * turned out to be over. The first click kept wins; `waiting` is true meanwhile, for the button's aria-busy.
 * If the parts cannot be read, the account is taken for a visitor's (layout/use-shopper-parts): no click
 * waits for ever.
 */
export function useAccountAction<Args extends unknown[]>(
  act: (account: HeaderAccount | null, ...args: Args) => void,
): { run: (...args: Args) => void; waiting: boolean } {
  const { account, pending } = useAccount();
  const [kept, setKept] = useState<Args | null>(null);
  // The render's latest `act`: a kept click runs with what the parts brought (hearts, lists), not the page's.
  const replay = useEffectEvent((customer: HeaderAccount | null, args: Args) => act(customer, ...args));
  useEffect(() => {
    if (pending || !kept) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the kept click is let go as it is replayed
    setKept(null);
    replay(account, kept);
  }, [pending, kept, account]);
  return {
    run: (...args: Args) => (pending ? setKept((first) => first ?? args) : act(account, ...args)),
    waiting: kept !== null,
  };
}
