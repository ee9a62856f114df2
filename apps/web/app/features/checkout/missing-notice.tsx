import { cartGapsText, type CartGap } from '@despensa/domain';

/** What a step still lacks (§5 cart complete and shipping valid), in the shop's words. */
export function MissingNotice({ gaps }: { gaps: CartGap[] }) {
  if (gaps.length === 0) return null;
  return (
    <p className="checkout-missing" role="status">
      {cartGapsText(gaps)}
    </p>
  );
}

/** The server's refusal of a step that belongs to none of its fields (those show it beside them). */
export function StepRefusal({ error }: { error: string | null | undefined }) {
  if (error === null || error === undefined) return null;
  return (
    <p className="checkout-error" role="alert">
      {error}
    </p>
  );
}
