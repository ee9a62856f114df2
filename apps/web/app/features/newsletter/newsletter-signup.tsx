import { useState } from 'react';
import { BREAKPOINTS } from '@despensa/domain';
import { useMediaQuery } from '../../lib/use-media-query';
import { Dialog } from '../../ui/dialog';
import { NewsletterForm } from './newsletter-form';

/** §9: at 1024 px and below the newsletter is the 'Suscríbete' modal (§2); wider, the footer's form. */
const MODAL_QUERY = `(max-width: ${BREAKPOINTS.newsletter}px)`;

/**
 * The footer's newsletter: the inline form, or at 1024 px and below a 'Suscríbete' button that opens it
 * in a modal. The server and a page before its scripts show the inline form, so it is there before JS.
 */
export function NewsletterSignup() {
  const asModal = useMediaQuery(MODAL_QUERY);
  const [open, setOpen] = useState(false);
  if (!asModal) return <NewsletterForm />;
  return (
    <div className="newsletter newsletter--opener">
      <p className="newsletter__intro">Recibe ofertas y novedades antes que nadie.</p>
      <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
        Suscríbete
      </button>
      <Dialog open={open} title="Suscríbete" onClose={() => setOpen(false)}>
        <NewsletterForm inDialog />
      </Dialog>
    </div>
  );
}
