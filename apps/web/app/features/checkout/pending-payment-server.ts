import { redirect } from 'react-router';
import type { StorefrontServices } from '@despensa/contracts';

/** The query the step is drawn with after 'Anular pago' canceled the payment (the notice that says so). */
export const PAYMENT_DROPPED_PARAM = 'pagoAnulado';

/**
 * 'Anular pago' (issue 28): the server asks the acquirer. Not paid: the payment is canceled and the window
 * is the cart's again, so the step is drawn again saying so; paid after all: the order-placed page.
 */
export async function dropPendingPayment(
  services: StorefrontServices,
  request: Request,
  token: string,
  transactionId: string,
) {
  const dropped = await services.checkout.dropPayment(token, transactionId);
  if (dropped.status === 'approved') return redirect(`/checkout/orderPlaced?og=${dropped.orderGroup}`);
  return redirect(`${new URL(request.url).pathname}?${PAYMENT_DROPPED_PARAM}=1`);
}
