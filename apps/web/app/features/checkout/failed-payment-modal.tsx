import { Link } from 'react-router';
import { Dialog, DialogDone } from '../../ui/dialog';
import type { FailedPayment } from './payment-failures';

/** §2 failed-payment modal (generic, bank, wallet or chat): what happened, and paying again. */
export function FailedPaymentModal({
  failure,
  helpPhone,
  onClose,
}: {
  failure: FailedPayment | null;
  helpPhone: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={failure !== null} title={failure?.title ?? ''} onClose={onClose}>
      {failure ? (
        <div className={`failed-payment failed-payment--${failure.kind}`}>
          <p>{failure.text}</p>
          {failure.kind === 'chat' ? (
            <p>
              Escríbenos desde el <Link to="/informaciones/centro-de-ayuda">Centro de ayuda</Link> o llámanos
              al <a href={`tel:${helpPhone.replace(/\s+/g, '')}`}>{helpPhone}</a>.
            </p>
          ) : null}
          <DialogDone onClose={onClose}>Intentar de nuevo</DialogDone>
        </div>
      ) : null}
    </Dialog>
  );
}
