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
  cartGaps,
  checkoutCartOf,
  cleanContactPhone,
  expressEstimateMinutes,
  formatRut,
  isValidRut,
  deliveryMethodById,
  PHONE_INVALID_MESSAGE,
  RUT_INVALID_MESSAGE,
  type CartGap,
  deliveryFeeOf,
  paymentSystemOffered,
  primeBasketOf,
} from '@despensa/domain';
import { profileOrNull, requireSession } from '../account/account-server';
import { cartViewerOf, storedOrderForm } from '../cart/cart-server';
import { loadDocument } from '../content/load-document';
import { deliveryChoiceFromCookie } from '../delivery/choice-cookie';
import { chosenWindowOf, type ChosenWindow } from '../delivery/delivery-server';
import { paymentOfForm } from './payment-entries';
import { paymentMethodByKey, totalWith } from './payment-methods';
import { paymentSystemOf, type CheckoutActionResult } from './action-result';
import { transactionAnswerOf } from './payment-failures';
import { checkoutStepPath, reachableStep, type CheckoutStep } from './steps';

type Services = StorefrontServices;

/** What every checkout step is drawn from. */
export interface CheckoutState {
  orderForm: OrderForm;
  choice: DeliveryChoice | null;
  window: ChosenWindow | null;
  /** §5 cart complete: what is still missing (the payment is chosen and saved as the shopper pays). */
  gaps: CartGap[];
  receiverName: string;
  profile: { email: string; firstName: string; lastName: string; document: string; phone: string };
  /** §2 terms update: the legal agreements, when they changed after the shopper last accepted them. */
  termsUpdate: { document: string; updatedAt: string } | null;
}

/**
 * The logged-in shopper's cart as the checkout reads it (§5). A visitor goes to the login page, and a
 * shopper with nothing to buy back to the cart.
 */
export async function checkoutState(services: Services, request: Request): Promise<CheckoutState> {
  await requireSession(services, request);
  const viewer = await cartViewerOf(services, request);
  const orderForm = await storedOrderForm(services, request, viewer);
  if (!orderForm || orderForm.items.length === 0) throw redirect('/_secure/cart');
  const choice = deliveryChoiceFromCookie(request.headers.get('cookie'));
  const [window, orderInfo, account, agreements] = await Promise.all([
    chosenWindowOf(services, orderForm, choice),
    services.cart.getOrderInfo(viewer, orderForm.orderFormId),
    profileOrNull(services, request),
    loadDocument(services, 'legal-agreements'),
  ]);
  const address = orderForm.shippingData.address as { receiverName?: unknown } | null;
  const gaps = cartGaps(
    checkoutCartOf({
      payments: orderForm.paymentData.payments.flatMap((entry) => {
        const paymentSystem = paymentSystemOf(entry);
        return paymentSystem === null ? [] : [{ paymentSystem }];
      }),
      clientProfile: orderForm.clientProfileData,
      items: orderForm.items.map((item, index) => ({
        seller: item.seller,
        selectedSla: orderForm.shippingData.logisticsInfo[index]?.selectedSla ?? null,
      })),
      window,
      choice: choice && { selectedSla: choice.method, addressId: choice.addressId, storeId: choice.storeId },
      address,
      orderInfoReceiverName: orderInfo.receiverData?.name ?? null,
    }),
  ).filter((gap) => gap !== 'payment');
  const client = orderForm.clientProfileData;
  const fullName = account ? `${account.firstName} ${account.lastName}`.trim() : '';
  return {
    orderForm,
    choice,
    window,
    gaps,
    receiverName:
      orderInfo.receiverData?.name ??
      (typeof address?.receiverName === 'string' ? address.receiverName : fullName),
    termsUpdate:
      agreements && account && Date.parse(account.termsAcceptedAt) < Date.parse(agreements.updatedAt)
        ? { document: agreements.document, updatedAt: agreements.updatedAt }
        : null,
    profile: {
      email: client?.email ?? account?.email ?? '',
      firstName: client?.firstName ?? account?.firstName ?? '',
      lastName: client?.lastName ?? account?.lastName ?? '',
      document: client?.document ?? account?.document ?? '',
      phone: client?.phone ?? account?.homePhone ?? '',
    },
  };
}

/** A step's address with the query kept (the acquirer's paymentError rides along to the step shown). */
function stepUrl(request: Request, step: CheckoutStep): string {
  return `${checkoutStepPath(step)}${new URL(request.url).search}`;
}

/** /checkout and /checkout/:step: the step asked for if the steps before it are complete, else the first that is not. */
export function guardStep(request: Request, state: CheckoutState, wanted: CheckoutStep | null): CheckoutStep {
  const step = reachableStep(state.gaps, wanted ?? 'payment');
  if (step !== wanted) throw redirect(stepUrl(request, step));
  return step;
}

const fail = (error: string, field?: string, method?: string) =>
  data<CheckoutActionResult>(
    { ok: false, error, ...(field ? { field } : {}), ...(method ? { method } : {}) },
    { status: 400 },
  );

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

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
async function pay(
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
  const items = orderForm.items.reduce((sum, item) => sum + item.quantity, 0);
  await services.cart.setCustomData(
    viewer,
    id,
    'shippingData',
    'shippingEstimate',
    kind === DELIVERY_METHODS.express.kind ? `${expressEstimateMinutes(items)}m` : null,
  );
  if ((kind === 'homeDelivery' || kind === 'express') && choice?.addressId) {
    const check = await services.accounts.verifyBlocked(token, choice.addressId, services.brand.name);
    if (check.blocked) {
      return data<CheckoutActionResult>({
        ok: false,
        validationCode: { addressId: choice.addressId, sentTo: check.sentTo ?? null },
      });
    }
  }
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
    const answer = transactionAnswerOf(failureCodeOf(error));
    if (answer === 'failedPayment') return data<CheckoutActionResult>({ ok: false, failedPayment: true });
    if (answer === 'bank')
      return data<CheckoutActionResult>({ ok: false, failedPayment: true, kind: 'bank' });
    if (answer === 'validationCode' && choice?.addressId) {
      return data<CheckoutActionResult>({
        ok: false,
        validationCode: { addressId: choice.addressId, sentTo: null },
        error: failureMessageOf(error),
      });
    }
    throw error;
  }
}
