/** What a checkout action answers when it does not move the shopper on. */
export type CheckoutActionResult =
  | { ok: false; error: string; field?: string }
  | { ok: false; failedPayment: true }
  | { ok: false; validationCode: { addressId: string; sentTo: string | null }; error?: string };

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
