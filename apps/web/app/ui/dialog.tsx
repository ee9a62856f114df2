import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Icon } from './icon';

const BACKDROP_GRACE_MS = 500;

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert (the focus trap)
 * and Escape closes it; focus goes back to whatever opened it.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  variant = 'modal',
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** A drawer is the same dialog sliding in from the right edge (§2 drawers). */
  variant?: 'modal' | 'drawer';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Empty until first opened: a page's closed dialogs were ~50 of its elements (issue 33).
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const opener = useRef<Element | null>(null);
  /** Where focus goes when the opener itself is gone (a card's 'Agregar' becomes its stepper). */
  const openerArea = useRef<Element | null>(null);
  /** Set while the owner closes it (open → false): that is not the shopper closing it. */
  const closingFromProp = useRef(false);
  const openedAt = useRef(0);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      openerArea.current = opener.current?.closest('[data-focus-return]') ?? null;
      dialog.showModal();
      openedAt.current = performance.now();
    } else if (!open && dialog.open) {
      closingFromProp.current = true;
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onNativeClose = () => {
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
      else openerArea.current?.querySelector<HTMLElement>('button, a[href], input')?.focus();
      // onClose means the shopper closed it (Escape, backdrop, the close button), never the owner.
      if (closingFromProp.current) closingFromProp.current = false;
      else onClose();
    };
    dialog.addEventListener('close', onNativeClose);
    return () => dialog.removeEventListener('close', onNativeClose);
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      className={variant === 'drawer' ? 'dialog dialog--drawer' : 'dialog'}
      aria-labelledby={opened ? titleId : undefined}
      // A click on the backdrop lands on the <dialog> itself. The second click of a double click that
      // opened it (an add that opens the minicart) lands there too, and is not a wish to close it.
      onClick={(event) => {
        if (event.target !== event.currentTarget) return;
        if (performance.now() - openedAt.current < BACKDROP_GRACE_MS) return;
        ref.current?.close();
      }}
    >
      {opened ? (
        <div className="dialog__panel">
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button
              type="button"
              className="icon-button"
              aria-label="Cerrar"
              onClick={() => ref.current?.close()}
            >
              <Icon name="close" />
            </button>
          </div>
          {open ? children : null}
        </div>
      ) : null}
    </dialog>
  );
}

/** The one action of a dialog that only tells something ('Listo', 'Entendido'): a primary button closing it. */
export function DialogDone({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <div className="dialog__actions">
      <button type="button" className="button button--primary" onClick={onClose}>
        {children}
      </button>
    </div>
  );
}

/** A button opening a dialog (it says so: aria-haspopup); the page's main action unless `className` says. */
export function DialogOpener({
  onOpen,
  className = 'button button--primary',
  children,
}: {
  onOpen: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} aria-haspopup="dialog" onClick={onOpen}>
      {children}
    </button>
  );
}
