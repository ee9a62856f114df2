import { PROMOTION_ORDINAL_LABELS } from '../constants';
import { formatCLP } from '../money';
import type { Promotion } from './types';

/**
 * §9 lists the suffixes ra, da, ta, ma, va, na: exactly the distinct endings of the Spanish feminine
 * ordinals 1ra…10ma in order of first use, so positions map to them as Spanish does (3ra, 4ta, 7ma…),
 * not index by index (which would give '3ta', '4ma').
 */
const [ra, da, ta, ma, va, na] = PROMOTION_ORDINAL_LABELS;
const SUFFIX_BY_POSITION = [ra, da, ra, ta, ta, ta, ma, va, na, ma] as const;
export const MAX_ORDINAL_POSITION = SUFFIX_BY_POSITION.length;

/** 1 → '1ra', 2 → '2da', 3 → '3ra', 4 → '4ta', 7 → '7ma', 8 → '8va', 9 → '9na', 10 → '10ma'. */
export function ordinalLabel(n: number): string {
  const suffix = Number.isInteger(n) ? SUFFIX_BY_POSITION[n - 1] : undefined;
  if (suffix === undefined) throw new RangeError(`No ordinal label for ${n} (1–${MAX_ORDINAL_POSITION})`);
  return `${n}${suffix}`;
}

/**
 * The short badge of a product card: '3x2', '2da al 50%' (progressive nominal: '2da -$500'), '-20%',
 * '-$500'. Null when there is nothing to show: a discount of 0 or less, or a pack shape that makes no sense.
 */
export function promotionBadge(promotion: Promotion): string | null {
  const { type, discountType, value, quantity, quantityAffected } = promotion;
  const amount = discountType === 'percentual' ? `${value}%` : formatCLP(value);
  switch (type) {
    case 'for_the_price_of': {
      const paid = quantity - quantityAffected;
      if (
        !Number.isInteger(quantity) ||
        !Number.isInteger(quantityAffected) ||
        quantityAffected < 1 ||
        paid < 1
      ) {
        return null;
      }
      return `${quantity}x${paid}`;
    }
    case 'progressive':
      if (value <= 0 || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_ORDINAL_POSITION)
        return null;
      return discountType === 'percentual'
        ? `${ordinalLabel(quantity)} al ${amount}`
        : `${ordinalLabel(quantity)} -${amount}`;
    case 'regular':
      return value > 0 ? `-${amount}` : null;
  }
}
