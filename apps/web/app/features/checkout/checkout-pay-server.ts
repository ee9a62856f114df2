import { data, redirect, redirectDocument } from 'react-router';
import {
  failureCodeOf,
  failureMessageOf,
  failureMessages,
  type CartViewer,
  type DeliveryChoice,
  type OrderForm,
  type StorefrontServices,
} from '@despensa/contracts';
import {
  DELIVERY_METHODS,
  deliveryFeeOf,
  deliveryMethodById,
  expressEstimateMinutes,
  paymentSystemOffered,
  primeBasketOf,
} from '@despensa/domain';
import { cartViewerOf } from '../cart/server';
import { fail, text, type CheckoutActionResult } from './action-result';
import { stepUrl, type CheckoutState } from './checkout-state-server';
import { paymentOfForm } from './payment-entries';
import { transactionAnswerOf } from './payment-failures';
import { paymentMethodByKey, totalWith } from './payment-methods';
import { reachableStep } from './steps';

type Services = StorefrontServices;

/** §4 step 2: items of more than one seller are re-applied under one seller (the delivery choice's). */
async function underOneSeller(
  services: Services,
  viewer: CartViewer,
  orderForm: OrderForm,
  seller: string,
): Promise<OrderForm> {
  if (new Set(orderForm.items.map((item) => item.seller)).size < 2) return orderForm;
  const moved = orderForm.items.filter((item) => item.seller !== seller);
  return services.cart.updateItems(viewer, orderForm.orderFormId, [
    ...moved.map((item) => ({ id: item.id, seller: item.seller, quantity: 0 })),
    ...moved.map((item) => ({ id: item.id, seller, quantity: item.quantity })),
  ]);
}

/**
 * §4 purchase flow from the payment step: the payment entry saved for the cart's total, completeness
 * (step 1), items under one seller (2), the express estimate written or deleted (3), the blocked-address check for home delivery and
 * express (4), the transaction (5) and its answer (6): to the acquirer, or a modal or dialog.
 */
export async function pay(
  services: Services,
  request: Request,
  token: string,
  state: CheckoutState,
  form: FormData,
) {
  const method = paymentMethodByKey(text(form, 'method'));
  if (!method) return fail('Elige un medio de pago.', 'method');
  if (!paymentSystemOffered(method.paymentSystem, await services.flags.all()))
    return fail(failureMessages.paymentSystemOff, 'method', method.key);
  const { choice } = state;
  if (state.gaps.length > 0) throw redirect(stepUrl(request, reachableStep(state.gaps, 'payment')));
  const viewer = await cartViewerOf(services, request);
  const id = state.orderForm.orderFormId;
  const orderForm = await underOneSeller(services, viewer, state.orderForm, choice?.seller ?? '1');
  // What the server charges: the method's prices and the delivery fee (flows/place-order checks it).
  const value =
    totalWith(orderForm, method) +
    deliveryFeeOf(choice?.method ?? null, state.window !== null, primeBasketOf(orderForm));
  const payment = await paymentOfForm(services, token, method, form, value);
  if ('error' in payment) return fail(payment.error, payment.field, method.key);
  await services.cart.setPayments(viewer, id, payment.payments);
  const kind = choice?.method ? (deliveryMethodById(choice.method)?.kind ?? null) : null;
  await writeExpressEstimate(services, viewer, orderForm, kind);
  const blocked = await blockedAddress(services, token, choice, kind);
  if (blocked) return blocked;
  try {
    const answer = await services.checkout.placeOrder(
      token,
      {
        referenceId: id,
        savePersonalData: true,
        optinNewsLetter: false,
        value,
        interestValue: 0,
        ...(payment.giftCard ? { giftCard: payment.giftCard } : {}),
      },
      new URL(request.url).origin,
      services.brand.name,
    );
    // §4: a wallet payment is charged by the page (POST /wallet/transaction), which polls its code.
    if (method.key === 'wallet') {
      return data<CheckoutActionResult>({
        ok: true,
        walletPayment: { tId: answer.tId, orderGroup: answer.orderId },
      });
    }
    // The acquirer's page is outside the app: a whole-document navigation, also after a script submit.
    return redirectDocument(answer.redirectUrl);
  } catch (error) {
    return refusedTransaction(error, choice);
  }
}

/** §4 step 3: an express order carries its estimate in minutes; any other mode has none. */
async function writeExpressEstimate(
  services: Services,
  viewer: CartViewer,
  orderForm: OrderForm,
  kind: string | null,
): Promise<void> {
  const items = orderForm.items.reduce((sum, item) => sum + item.quantity, 0);
  await services.cart.setCustomData(
    viewer,
    orderForm.orderFormId,
    'shippingData',
    'shippingEstimate',
    kind === DELIVERY_METHODS.express.kind ? `${expressEstimateMinutes(items)}m` : null,
  );
}

/** §4 step 4: a blocked address (home delivery, express) asks for the e-mailed code before paying. */
async function blockedAddress(
  services: Services,
  token: string,
  choice: DeliveryChoice | null,
  kind: string | null,
) {
  if ((kind !== 'homeDelivery' && kind !== 'express') || !choice?.addressId) return null;
  const check = await services.accounts.verifyBlocked(token, choice.addressId, services.brand.name);
  if (!check.blocked) return null;
  return data<CheckoutActionResult>({
    ok: false,
    validationCode: { addressId: choice.addressId, sentTo: check.sentTo ?? null },
  });
}

/** §4 step 6: a transaction refused becomes the failed-payment modal or the code dialog; a fault propagates. */
function refusedTransaction(error: unknown, choice: DeliveryChoice | null) {
  const answer = transactionAnswerOf(failureCodeOf(error));
  if (answer === 'failedPayment') return data<CheckoutActionResult>({ ok: false, failedPayment: true });
  if (answer === 'bank') return data<CheckoutActionResult>({ ok: false, failedPayment: true, kind: 'bank' });
  if (answer === 'validationCode' && choice?.addressId) {
    return data<CheckoutActionResult>({
      ok: false,
      validationCode: { addressId: choice.addressId, sentTo: null },
      error: failureMessageOf(error),
    });
  }
  throw error;
}
