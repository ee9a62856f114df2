import { checkoutAction } from '../features/checkout/checkout-server';
import { checkoutState, guardStep } from '../features/checkout/checkout-state-server';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { isWalletPayment } from '../features/checkout/action-result';
import { checkoutClientAction } from '../features/checkout/checkout-client';
import { CheckoutPage } from '../features/checkout/checkout-page';
import { paymentErrorOf } from '../features/checkout/payment-failures';
import { isCheckoutStep } from '../features/checkout/steps';
import type { Route } from './+types/checkout';

/**
 * /checkout and /checkout/:step (§2): the shopper's delivery, data and payment. /checkout, an unknown
 * step or one whose earlier steps are incomplete goes to the first step with something missing (§5).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  const state = await checkoutState(services, request);
  const step = guardStep(request, state, isCheckoutStep(params.step) ? params.step : null);
  return {
    state,
    step,
    paymentError: paymentErrorOf(new URL(request.url).searchParams.get('paymentError')),
    brandName: services.brand.name,
    helpPhone: services.brand.helpPhone,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return checkoutAction(context.services, request);
}

/**
 * An order placed with the wallet waits on this page for its charge (§4 polling): the cart is the order's
 * now, and reloading the step would send the shopper away from the messages.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isWalletPayment(actionResult) ? false : defaultShouldRevalidate;
}

/** In the browser a network failure or an unreadable answer raises error_503 (§8). */
export const clientAction = checkoutClientAction;

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Finaliza tu compra | ${loaderData?.brandName ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage {...loaderData} />;
}
