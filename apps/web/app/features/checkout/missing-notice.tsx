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
