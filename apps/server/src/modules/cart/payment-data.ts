import type { FastifyRequest } from 'fastify';
import type { OrderForm } from '@despensa/contracts';
import { livePaymentData, type FeatureFlags } from '@despensa/domain';

/** What the orderForm's ways to pay depend on beyond the cart: the live flags and the shop's name. */
export interface LivePayments {
  flags: FeatureFlags;
  brandName: string;
  now: Date;
}

/** The request's LivePayments: the flags now and the name of the shop the host serves. */
export type LivePaymentsOf = (request: FastifyRequest) => Promise<LivePayments>;

export function livePaymentsSource(
  flags: { all(): Promise<FeatureFlags> },
  brandNameOf: (request: FastifyRequest) => string,
  clock: () => Date,
): LivePaymentsOf {
  return async (request) => ({ flags: await flags.all(), brandName: brandNameOf(request), now: clock() });
}

/**
 * The orderForm as a VTEX client reads it (issue 29): paymentData lists the systems the cart can be paid
 * with under the live flags, and their installment options (the cart renders every system's).
 */
export function withLivePayments(form: OrderForm, live: LivePayments): OrderForm {
  return {
    ...form,
    paymentData: { ...form.paymentData, ...livePaymentData(form.paymentData.installmentOptions, live) },
  };
}

/** Whether an answer is an orderForm (its paymentData is then made live). */
export function isOrderFormAnswer(payload: unknown): payload is OrderForm {
  return (
    typeof payload === 'object' && payload !== null && 'orderFormId' in payload && 'paymentData' in payload
  );
}

/** What a serialised orderForm's paymentData depends on: a cached body is reused while it is the same. */
export function livePaymentsKey(live: LivePayments): string {
  return JSON.stringify([live.brandName, live.flags, dueDay(live.now)]);
}

function dueDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
