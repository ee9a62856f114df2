import { Form, useNavigation, useSearchParams } from 'react-router';
import type { PendingPayment } from '@despensa/contracts';
import { formatCLP } from '@despensa/domain';
import { PAYMENT_DROPPED_PARAM } from './pending-payment-server';

/**
 * A payment left on Webpay's page (closed, or back without paying) holds the cart's window for its order:
 * the checkout says so, with the way back to it and 'Anular pago' (the acquirer's status decides, on the
 * server). After a drop, that the window is the cart's again. Both work without scripts.
 */
export function PendingPaymentNotice({ pending }: { pending: PendingPayment | null }) {
  const [search] = useSearchParams();
  const busy = useNavigation().state !== 'idle';
  if (!pending) {
    return search.get(PAYMENT_DROPPED_PARAM) ? (
      <p className="checkout-missing" role="status">
        Anulamos tu pago pendiente. Tu horario de entrega volvió a tu carro.
      </p>
    ) : null;
  }
  return (
    <section className="pending-payment" role="status" aria-labelledby="pending-payment-title">
      <h2 id="pending-payment-title" className="pending-payment__title">
        Tienes un pago pendiente
      </h2>
      <p>
        Dejaste sin terminar en Webpay un pago de {formatCLP(pending.value)}. Mientras esté pendiente, tu
        horario de entrega queda reservado para ese pago.
      </p>
      <div className="pending-payment__actions">
        {/* Webpay's page is outside the app: a whole-document navigation. */}
        <a className="button button--primary" href={pending.redirectUrl}>
          Volver a pagar
        </a>
        <Form method="post">
          <input type="hidden" name="intent" value="dropPayment" />
          <input type="hidden" name="tId" value={pending.tId} />
          <button type="submit" className="button button--secondary" disabled={busy}>
            Anular pago
          </button>
        </Form>
      </div>
    </section>
  );
}
