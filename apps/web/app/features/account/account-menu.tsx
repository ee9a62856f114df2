import {
  useEffect,
  useId,
  useRef,
  useState,
  type Dispatch,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
  type SetStateAction,
} from 'react';
import { Form, Link, useLocation } from 'react-router';
import { pointsLabel, truncateFirstName, type FeatureFlag } from '@despensa/domain';
import { Icon } from '../../ui/icon';
import { useAccount, useAccountAction } from './account-context';
import { clearStoredSessionData } from './end-session';
import { LOGOUT_PATH, MY_DATA_PATH } from './paths';
import { useShopperFeatures } from '../lists';
import { useChanged } from '../../lib/use-changed';

/** §2 account menu entries, in the spec's order (my bank account before legal information); `flag` hides one (§9). */
const ENTRIES: { to: string; label: string; flag?: FeatureFlag; loyalty?: true }[] = [
  { to: MY_DATA_PATH, label: 'Mis datos' },
  { to: '/mis-compras', label: 'Mis compras' },
  { to: '/mis-listas-de-compras', label: 'Mis listas', flag: 'shoppingLists' },
  { to: '/mis-tarjetas', label: 'Mis tarjetas', flag: 'wallet' },
  { to: '/productos-frecuentes', label: 'Productos frecuentes', flag: 'frequentProducts' },
  { to: '/productos-favoritos', label: 'Favoritos', flag: 'favourites' },
  { to: '/mi-cupon', label: 'Mi cupón', loyalty: true },
  { to: '/mi-cuenta-bancaria', label: 'Mi cuenta bancaria', flag: 'bankAccount' },
  { to: '/informaciones-legales', label: 'Información legal' },
];

/**
 * 'Ingresa' for a visitor (opens the login dialog); 'Hola, {name}' and the account menu once logged in.
 * 'Mi cuenta' while the page does not know yet which (a shared page before the shopper's parts): a click
 * then opens whichever it turns out to be.
 */
export function AccountMenu() {
  const { account, pending, openDialog } = useAccount();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  // Any navigation closes it.
  if (useChanged(`${pathname}${search}`) && open) setOpen(false);
  const enter = useAccountAction((customer) => (customer ? setOpen(true) : openDialog('login')));
  if (!account) {
    // Logged out with the menu open: it does not come back open at the next login.
    if (open) setOpen(false);
    return (
      <button
        type="button"
        className="header-action account-link"
        aria-haspopup="dialog"
        aria-busy={enter.waiting || undefined}
        onClick={() => enter.run()}
      >
        <Icon name="user" />
        <span className="account-link__label">{pending ? 'Mi cuenta' : 'Ingresa'}</span>
      </button>
    );
  }
  return (
    <LoggedInMenu
      greeting={account.greeting ?? `Hola, ${truncateFirstName(account.firstName)}`}
      points={account.loyalty ? account.points : null}
      prime={account.prime}
      open={open}
      setOpen={setOpen}
    />
  );
}

const ENTRY_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index <= 0 ? count - 1 : index - 1),
  Home: () => 0,
  End: (_, count) => count - 1,
};

function moveBetweenEntries(event: ReactKeyboardEvent<HTMLElement>) {
  const next = ENTRY_KEYS[event.key];
  if (!next) return;
  const entries = [...event.currentTarget.querySelectorAll<HTMLElement>('a, button')];
  const index = entries.indexOf(document.activeElement as HTMLElement);
  event.preventDefault();
  entries[next(index, entries.length)]?.focus();
}

/** An open menu closes on a press outside it, or on Escape (focus back on its button). */
function useClosedByOutsideOrEscape(
  open: boolean,
  setOpen: Dispatch<SetStateAction<boolean>>,
  root: RefObject<HTMLDivElement | null>,
  button: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open, setOpen, root, button]);
}

function LoggedInMenu({
  greeting,
  points: balance,
  prime,
  open,
  setOpen,
}: {
  /** 'Hola, {first name}', or the special account's own label (§6). */
  greeting: string;
  /** Null when the shopper does not see loyalty (§6, §9): no points line, no coupon entry. */
  points: number | null;
  prime: boolean;
  open: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
}) {
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  const { flags } = useShopperFeatures();

  // Opened by a click on 'Mi cuenta' kept until the parts came: that button is gone, its focus comes here.
  useEffect(() => {
    if (open && document.activeElement === document.body) button.current?.focus();
  }, [open]);

  useClosedByOutsideOrEscape(open, setOpen, root, button);

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="header-action account-link"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          event.preventDefault();
          setOpen(true);
          requestAnimationFrame(() =>
            root.current?.querySelector<HTMLElement>('#' + CSS.escape(menuId) + ' a')?.focus(),
          );
        }}
      >
        <Icon name="user" />
        <span className="account-link__label">{greeting}</span>
        <Icon name="chevron-down" size={18} />
      </button>
      {/* A disclosure: Tab walks the entries; the arrow keys, Home and End move between them too. */}
      <div id={menuId} className="account-menu__panel" hidden={!open} onKeyDown={moveBetweenEntries}>
        {balance !== null && <p className="account-menu__points">{pointsLabel(balance)}</p>}
        <nav aria-label="Mi cuenta">
          <ul className="account-menu__list">
            {ENTRIES.filter(
              (entry) => (!entry.flag || flags[entry.flag]) && (!entry.loyalty || balance !== null),
            ).map((entry) => (
              <li key={entry.to}>
                <Link to={entry.to} className="account-menu__link">
                  {entry.label}
                </Link>
              </li>
            ))}
            {flags.prime && (
              <li>
                <Link to="/mi-cuenta/prime" className="account-menu__link account-menu__link--prime">
                  {prime ? 'Prime' : 'Quiero ser Prime'}
                </Link>
              </li>
            )}
          </ul>
        </nav>
        <Form method="post" action={LOGOUT_PATH} onSubmit={clearStoredSessionData}>
          <input type="hidden" name="from" value={`${pathname}${search}`} />
          <button type="submit" className="account-menu__logout">
            Cerrar sesión
          </button>
        </Form>
      </div>
    </div>
  );
}
