import { redirect } from 'react-router';
import type {
  DeliveryChoice,
  OrderForm,
  PendingPayment,
  StorefrontServices,
  UserProfile,
} from '@despensa/contracts';
import { cartGaps, checkoutCartOf, type CartGap } from '@despensa/domain';
import { profileOrNull, requireSession } from '../account/server';
import { cartViewerOf, storedOrderForm } from '../cart/server';
import { loadDocument } from '../content/server';
import { deliveryChoiceFromCookie, chosenWindowOf } from '../delivery/server';
import type { ChosenWindow } from '../delivery/types';
import { paymentSystemOf } from './action-result';
import { gapsShown } from './gaps-shown';
import { checkoutStepPath, reachableStep, type CheckoutStep } from './steps';

type Services = StorefrontServices;

/** What every checkout step is drawn from. */
export interface CheckoutState {
  orderForm: OrderForm;
  choice: DeliveryChoice | null;
  window: ChosenWindow | null;
  /** §5 cart complete: what is still missing (the payment is chosen and saved as the shopper pays). */
  gaps: CartGap[];
  /** Of those, what the steps' forms show blank or invalid (gapsShown): what the notice names. */
  gapsShown: CartGap[];
  receiverName: string;
  profile: { email: string; firstName: string; lastName: string; document: string; phone: string };
  /** §2 terms update: the legal agreements, when they changed after the shopper last accepted them. */
  termsUpdate: { document: string; updatedAt: string } | null;
  /** A payment of this cart left on Webpay's page: its order holds the window until it ends. */
  pendingPayment: PendingPayment | null;
}

/**
 * The logged-in shopper's cart as the checkout reads it (§5). A visitor goes to the login page, and a
 * shopper with nothing to buy back to the cart.
 */
export async function checkoutState(services: Services, request: Request): Promise<CheckoutState> {
  const token = await requireSession(services, request);
  const viewer = await cartViewerOf(services, request);
  const orderForm = await storedOrderForm(services, request, viewer);
  if (!orderForm || orderForm.items.length === 0) throw redirect('/_secure/cart');
  const choice = deliveryChoiceFromCookie(request.headers.get('cookie'));
  const [window, orderInfo, account, agreements, pendingPayment] = await Promise.all([
    chosenWindowOf(services, orderForm, choice),
    services.cart.getOrderInfo(viewer, orderForm.orderFormId),
    profileOrNull(services, request),
    loadDocument(services, 'legal-agreements'),
    services.checkout.pendingPayment(token, orderForm.orderFormId),
  ]);
  const address = orderForm.shippingData.address as { receiverName?: unknown } | null;
  const orderInfoReceiverName = orderInfo.receiverData?.name ?? null;
  const gaps = gapsBeforePaying(orderForm, choice, window, address, orderInfoReceiverName);
  const fullName = account ? `${account.firstName} ${account.lastName}`.trim() : '';
  const receiverName =
    orderInfoReceiverName ?? (typeof address?.receiverName === 'string' ? address.receiverName : fullName);
  const profile = profileOf(orderForm.clientProfileData, account);
  return {
    orderForm,
    choice,
    window,
    gaps,
    gapsShown: gapsShown(gaps, { receiverName, profile }),
    receiverName,
    termsUpdate:
      agreements && account && Date.parse(account.termsAcceptedAt) < Date.parse(agreements.updatedAt)
        ? { document: agreements.document, updatedAt: agreements.updatedAt }
        : null,
    pendingPayment,
    profile,
  };
}

/** §5 cart complete, but for the payment: it is chosen and saved as the shopper pays. */
function gapsBeforePaying(
  orderForm: OrderForm,
  choice: DeliveryChoice | null,
  window: ChosenWindow | null,
  address: { receiverName?: unknown } | null,
  orderInfoReceiverName: string | null,
): CartGap[] {
  return cartGaps(
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
      orderInfoReceiverName,
    }),
  ).filter((gap) => gap !== 'payment');
}

/** The shopper's data the profile step shows: what the cart holds, else the account's. */
function profileOf(
  client: OrderForm['clientProfileData'],
  account: UserProfile | null,
): CheckoutState['profile'] {
  const cart: Partial<NonNullable<typeof client>> = client ?? {};
  const own: Partial<UserProfile> = account ?? {};
  return {
    email: cart.email ?? own.email ?? '',
    firstName: cart.firstName ?? own.firstName ?? '',
    lastName: cart.lastName ?? own.lastName ?? '',
    document: cart.document ?? own.document ?? '',
    phone: cart.phone ?? own.homePhone ?? '',
  };
}

/** A step's address with the query kept (the acquirer's paymentError rides along to the step shown). */
export function stepUrl(request: Request, step: CheckoutStep): string {
  return `${checkoutStepPath(step)}${new URL(request.url).search}`;
}

/** /checkout and /checkout/:step: the step asked for if the steps before it are complete, else the first that is not. */
export function guardStep(request: Request, state: CheckoutState, wanted: CheckoutStep | null): CheckoutStep {
  const step = reachableStep(state.gaps, wanted ?? 'payment');
  if (step !== wanted) throw redirect(stepUrl(request, step));
  return step;
}
