import type { CartGap } from '@despensa/domain';

/** The checkout's steps in order (/checkout/:step); the acquirer's return comes back to `payment`. */
export const CHECKOUT_STEPS = [
  { slug: 'shipping', label: 'Entrega' },
  { slug: 'profile', label: 'Tus datos' },
  { slug: 'payment', label: 'Pago' },
] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]['slug'];

export const CHECKOUT_PATH = '/checkout';
export const checkoutStepPath = (step: CheckoutStep) => `${CHECKOUT_PATH}/${step}`;

export function isCheckoutStep(value: string | undefined): value is CheckoutStep {
  return CHECKOUT_STEPS.some((step) => step.slug === value);
}

/** Which step completes each §5 gap: the delivery (mode, window, address, receiver), the shopper, the payment. */
const STEP_OF_GAP: Record<CartGap, CheckoutStep> = {
  selectedSla: 'shipping',
  deliveryWindow: 'shipping',
  selectedAddress: 'shipping',
  receiverName: 'shipping',
  document: 'profile',
  email: 'profile',
  phone: 'profile',
  payment: 'payment',
};

export function gapsOfStep(gaps: readonly CartGap[], step: CheckoutStep): CartGap[] {
  return gaps.filter((gap) => STEP_OF_GAP[gap] === step);
}

/**
 * Where a shopper may be: the first step with something missing before `wanted` (the payment step is
 * reached only with delivery and data complete, §5), else `wanted`. The payment gap itself is filled by
 * paying, so it never holds anyone back.
 */
export function reachableStep(gaps: readonly CartGap[], wanted: CheckoutStep): CheckoutStep {
  for (const { slug } of CHECKOUT_STEPS) {
    if (slug === wanted) return wanted;
    if (gapsOfStep(gaps, slug).length > 0) return slug;
  }
  return wanted;
}
