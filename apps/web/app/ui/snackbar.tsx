import { useEffect, type ReactNode } from 'react';
import { Icon } from './icon';
import './snackbar.css';

/**
 * A §2 snackbar: a message at the bottom of the screen that closes itself after `durationMs` or with its
 * close button. The live region is always there, so a screen reader announces the message when it comes.
 */
export function Snackbar({
  message,
  durationMs,
  onClose,
  children,
}: {
  /** Null: nothing shown. A new message (or the same one again, as a new string) restarts the timer. */
  message: string | null;
  durationMs: number;
  onClose: () => void;
  /** An action beside the text (a button). */
  children?: ReactNode;
}) {
  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(onClose, durationMs);
    return () => clearTimeout(timer);
  }, [message, durationMs, onClose]);

  return (
    <div className="snackbar-region" role="status">
      {message !== null ? (
        <div className="snackbar">
          <p className="snackbar__text">{message}</p>
          {children}
          <button type="button" className="snackbar__close" aria-label="Cerrar" onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
