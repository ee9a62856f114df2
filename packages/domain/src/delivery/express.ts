import { EXPRESS_ADDED_MINUTES_TABLE, EXPRESS_BASE_MINUTES, EXPRESS_MAX_ITEMS } from '../constants';

const LAST_ROW = EXPRESS_ADDED_MINUTES_TABLE[EXPRESS_ADDED_MINUTES_TABLE.length - 1]!;

/**
 * Minutes §9 adds for the total item quantity: ≤30 → 0, 31–60 → 20, 61–90 → 40, 91–180 → 85,
 * 181–300 → 120. Above 300 (the cart maximum, so only a bad input) keeps the last row's 120.
 */
export function expressAddedMinutes(totalItems: number): number {
  if (!(totalItems > EXPRESS_ADDED_MINUTES_TABLE[0].minItems - 1)) return 0;
  const row = EXPRESS_ADDED_MINUTES_TABLE.find((r) => totalItems <= r.maxItems);
  return (row ?? LAST_ROW).addedMinutes;
}

/**
 * Estimated express delivery minutes: the stored delivery_time (or 180 when missing, zero or negative)
 * plus `expressAddedMinutes`.
 */
export function expressEstimateMinutes(totalItems: number, storedDeliveryTime?: number | null): number {
  const base =
    typeof storedDeliveryTime === 'number' && Number.isFinite(storedDeliveryTime) && storedDeliveryTime > 0
      ? storedDeliveryTime
      : EXPRESS_BASE_MINUTES;
  return base + expressAddedMinutes(totalItems);
}

/** §5: express accepts at most 180 items. */
export function isWithinExpressLimit(totalItems: number): boolean {
  return totalItems <= EXPRESS_MAX_ITEMS;
}
