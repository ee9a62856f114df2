import { useState } from 'react';
import { Form, Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { Dialog } from '../../ui/dialog';

/** §2 terms-update dialog: the terms changed since the shopper accepted them; 'Acepto' records it. */
export function TermsUpdateDialog({ terms }: { terms: { document: string; updatedAt: string } | null }) {
  const [dismissed, setDismissed] = useState(false);
  return (
    <Dialog
      open={terms !== null && !dismissed}
      title="Actualizamos nuestros términos y condiciones"
      onClose={() => setDismissed(true)}
    >
      {terms ? (
        <>
          <p>
            El {formatDate(terms.updatedAt)} actualizamos los términos y condiciones de la tienda. Para seguir
            comprando, revísalos y acéptalos.
          </p>
          <p>
            <Link to="/informaciones-legales/terminos-y-condiciones#1">Leer los términos y condiciones</Link>{' '}
            (<a href={terms.document}>documento PDF</a>)
          </p>
          <Form method="post" className="dialog__actions">
            <input type="hidden" name="intent" value="acceptTerms" />
            <button type="submit" className="button button--primary">
              Acepto los términos y condiciones
            </button>
          </Form>
        </>
      ) : null}
    </Dialog>
  );
}
