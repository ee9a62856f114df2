import { useState } from 'react';
import { useCart } from '../cart';
import type { Consent } from './consent';
import { enablePush, pushSupported } from './push';
import { OFFLINE_NOTICE, PUSH_INVITATION, PUSH_INVITATION_KEY, UPDATE_AVAILABLE } from './texts';
import { useChanged } from '../../lib/use-changed';

/** §1 analytics consent, in plain Spanish; until the shopper chooses, only what is strictly needed is sent. */
export function ConsentBanner({ onChoose }: { onChoose: (consent: Consent) => void }) {
  return (
    <section className="platform-bar platform-bar--consent" aria-label="Privacidad">
      <p>
        Usamos cookies propias para que la tienda funcione. Si lo aceptas, también mediremos cómo usas el
        sitio (páginas vistas, búsquedas y productos) para mejorarlo. Puedes usar la tienda igual si no
        aceptas.
      </p>
      <div className="platform-bar__actions">
        <button type="button" className="button button--secondary" onClick={() => onChoose('necessary')}>
          Solo lo necesario
        </button>
        <button type="button" className="button button--primary" onClick={() => onChoose('all')}>
          Aceptar
        </button>
      </div>
    </section>
  );
}

export function OfflineNotice() {
  return (
    <p className="platform-offline" role="status">
      {OFFLINE_NOTICE}
    </p>
  );
}

export function UpdatePrompt({ onUpdate }: { onUpdate: () => void }) {
  return (
    <section className="platform-bar" role="status" aria-label={UPDATE_AVAILABLE}>
      <p>
        <strong>{UPDATE_AVAILABLE}</strong>. Actualiza para usar la última versión de la tienda.
      </p>
      <div className="platform-bar__actions">
        <button type="button" className="button button--primary" onClick={onUpdate}>
          Actualizar
        </button>
      </div>
    </section>
  );
}

/**
 * Push permission is asked only after a meaningful action (§1): the first add to the cart, never on first
 * load. 'Ahora no' is remembered; a refusal is logged (§8) and the shop works on.
 */
/** Whether the push invitation may be shown: push works here, nothing decided, no answer stored. */
function invitationUnanswered(): boolean {
  if (!pushSupported() || Notification.permission !== 'default') return false;
  try {
    return !localStorage.getItem(PUSH_INVITATION_KEY);
  } catch {
    return false;
  }
}

export function PushInvitation() {
  const { lastAdd, minicartOpen } = useCart();
  const [open, setOpen] = useState(false);
  // An add (in the browser only) invites, unless the shopper answered already or cannot be asked.
  if (useChanged(lastAdd) && lastAdd && invitationUnanswered()) setOpen(true);
  // After the minicart the add opened is closed: the invitation never sits behind it.
  if (!open || minicartOpen) return null;
  const close = () => {
    setOpen(false);
    try {
      localStorage.setItem(PUSH_INVITATION_KEY, 'answered');
    } catch {
      // Without storage the invitation may come back on another page; nothing breaks.
    }
  };
  return (
    <section className="platform-bar" aria-label="Avisos de pedidos">
      <p>{PUSH_INVITATION}</p>
      <div className="platform-bar__actions">
        <button type="button" className="button button--secondary" onClick={close}>
          Ahora no
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            close();
            void enablePush();
          }}
        >
          Activar avisos
        </button>
      </div>
    </section>
  );
}
