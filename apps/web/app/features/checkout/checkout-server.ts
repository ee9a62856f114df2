import { redirect } from 'react-router';
import { failureCodeOf, failureMessageOf, type StorefrontServices } from '@despensa/contracts';
import {
  cleanContactPhone,
  formatRut,
  isValidRut,
  PHONE_INVALID_MESSAGE,
  RUT_INVALID_MESSAGE,
} from '@despensa/domain';
import { requireSession } from '../account/server';
import { cartViewerOf } from '../cart/server';
import { dropPendingPayment } from './pending-payment-server';
import { paymentMethodByKey } from './payment-methods';
import { fail, text } from './action-result';
import { checkoutState, stepUrl } from './checkout-state-server';
import { pay } from './checkout-pay-server';
import type { CheckoutStep } from './steps';

type Services = StorefrontServices;

/** The checkout's forms (they work without scripts): the receiver, the shopper's data, the address code and paying. */
export async function checkoutAction(services: Services, request: Request) {
  const token = await requireSession(services, request);
  const state = await checkoutState(services, request);
  const viewer = await cartViewerOf(services, request);
  const orderFormId = state.orderForm.orderFormId;
  const form = await request.formData();
  const next = (step: CheckoutStep) => redirect(stepUrl(request, step));
  try {
    switch (text(form, 'intent')) {
      case 'receiver': {
        const name = text(form, 'receiverName');
        if (!name) return fail('Indica quién recibe el pedido.', 'receiverName');
        await services.cart.setOrderInfo(viewer, orderFormId, { receiverData: { name: name.slice(0, 100) } });
        return next('profile');
      }
      case 'profile': {
        const document = text(form, 'document');
        if (!isValidRut(formatRut(document))) return fail(RUT_INVALID_MESSAGE, 'document');
        const phone = cleanContactPhone(text(form, 'phone'));
        if (phone === null) return fail(PHONE_INVALID_MESSAGE, 'phone');
        await services.cart.setClientProfile(viewer, orderFormId, {
          email: state.profile.email,
          document: formatRut(document),
          phone,
          firstName: text(form, 'firstName'),
          lastName: text(form, 'lastName'),
        });
        return next('payment');
      }
      case 'acceptTerms':
        await services.accounts.updateProfile(token, { termsAccepted: true });
        return redirect(new URL(request.url).pathname);
      case 'validateAddress': {
        const addressId = text(form, 'addressId');
        await services.accounts.validateAddress(token, addressId, text(form, 'accessKey'));
        // Confirmed: the payment the check interrupted goes on.
        return await pay(services, request, token, state, form);
      }
      case 'pay':
        return await pay(services, request, token, state, form);
      case 'dropPayment':
        return await dropPendingPayment(services, request, token, text(form, 'tId'));
      default:
        return fail('No sabemos qué hacer con ese formulario.');
    }
  } catch (error) {
    const code = failureCodeOf(error);
    // A fault with no failure code is not the shopper's to fix: the error page reports it.
    if (!code) throw error;
    // A refused payment keeps the method the shopper sent chosen (the page is drawn again without scripts).
    return fail(failureMessageOf(error), (error as { field?: string }).field, sentMethodOf(form));
  }
}

/** The payment method a 'Pagar' (or the code dialog that goes on paying) sent, when it is one of ours. */
function sentMethodOf(form: FormData): string | undefined {
  const intent = text(form, 'intent');
  if (intent !== 'pay' && intent !== 'validateAddress') return undefined;
  return paymentMethodByKey(text(form, 'method'))?.key;
}
