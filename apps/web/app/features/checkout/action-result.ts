import { data } from 'react-router';
import type { PlacedWalletPayment } from '../payments/types';
import type { FailedPaymentKind } from './payment-failures';

/** What a checkout action answers when it does not move the shopper on. */
export type CheckoutActionResult =
  /** `method`: the payment method the refused form sent, which the step keeps chosen (also without scripts). */
  | { ok: false; error: string; field?: string; method?: string }
  /** The failed-payment modal: the generic one unless `kind` says another (§8). */
  | { ok: false; failedPayment: true; kind?: FailedPaymentKind }
  | { ok: false; validationCode: { addressId: string; sentTo: string | null }; error?: string }
  /** Placed with the wallet (783): the payment step's wallet panel charges it and polls (§4). */
  | { ok: true; walletPayment: PlacedWalletPayment };

/** A refusal to show by its field (or above the button): not a modal's or the code dialog's. */
export function refusalOf(
  result: CheckoutActionResult | undefined,
): { error: string; field: string | null } | null {
  if (!result || !('error' in result) || 'validationCode' in result) return null;
  return { error: result.error, field: result.field ?? null };
}

/** The payment system of a cart's payment entry (paymentData.payments is VTEX's loose list). */
export function paymentSystemOf(entry: unknown): number | null {
  const value = (entry as { paymentSystem?: unknown } | null)?.paymentSystem;
  return typeof value === 'number' ? value : null;
}

/** The answer of a payment placed with the wallet, waiting for the page to charge it. */
export function isWalletPayment(result: unknown): result is { ok: true; walletPayment: PlacedWalletPayment } {
  return typeof (result as { walletPayment?: unknown } | undefined)?.walletPayment === 'object';
}

/** The payment method a refused 'Pagar' sent, if the answer says it. */
export function methodSentWith(result: CheckoutActionResult | undefined): string | null {
  return result && 'method' in result && typeof result.method === 'string' ? result.method : null;
}

/** A form the checkout refuses: its message, the field it belongs to and the payment method it sent. */
export const fail = (error: string, field?: string, method?: string) =>
  data<CheckoutActionResult>(
    { ok: false, error, ...(field ? { field } : {}), ...(method ? { method } : {}) },
    { status: 400 },
  );

/** A form's field, trimmed ('' when absent). */
export const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};
