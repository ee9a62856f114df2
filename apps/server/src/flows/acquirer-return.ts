import { paymentMethodOf, paymentProven } from '@despensa/domain';
import type { PaymentRecord } from '../modules/orders/service';

/**
 * Webpay Plus' four returns: token_ws alone is a payment to commit; TBK_TOKEN the shopper's abort (with
 * token_ws too, the error page); TBK_ORDEN_COMPRA alone a timeout. Null for anything else.
 */
export type AcquirerReturn =
  | { kind: 'paid'; token: string }
  | { kind: 'aborted' | 'error'; token: string }
  | { kind: 'timeout'; orderGroup: string };

export function acquirerReturnOf(fields: Record<string, unknown>): AcquirerReturn | null {
  // A field repeated (an array) or empty is no field: the return is read only from single texts.
  const text = (name: string) => {
    const value = fields[name];
    return typeof value === 'string' && value !== '' ? value.slice(0, 200) : undefined;
  };
  const [token, abortToken, orderGroup] = [text('token_ws'), text('TBK_TOKEN'), text('TBK_ORDEN_COMPRA')];
  if (token && !abortToken) return { kind: 'paid', token };
  if (abortToken) return { kind: token ? 'error' : 'aborted', token: abortToken };
  return orderGroup ? { kind: 'timeout', orderGroup } : null;
}

/**
 * Whether whoever sent a return holds its payment: the customer who placed it (their session), or the
 * browser that brings its acquirer token (only the acquirer and the payer's page ever had it). An order
 * group alone is no key: anyone may have seen it.
 */
export function holdsPayment(
  payment: PaymentRecord,
  caller: { customerId: string | null; token?: string | undefined },
): boolean {
  if (caller.token !== undefined && payment.acquirerToken !== null && caller.token === payment.acquirerToken)
    return true;
  return caller.customerId !== null && payment.userId === caller.customerId;
}

/**
 * Whether an approval proves the prices the payment was placed at: debit's need a debit card (VD), the
 * group card's its own card (issue 27); the collaborator's discount rides on those prices.
 */
export function approvalProvesPrices(payment: PaymentRecord, details: Record<string, unknown>): boolean {
  const system = paymentMethodOf(payment.paymentSystem);
  return system === null || paymentProven(system.proof, details);
}
