import { track } from './analytics';

/** §7 add and remove from cart: one event per change, with the units it added or took away. */
export function trackCartChange(skuId: string, before: number, after: number): void {
  const delta = after - before;
  if (delta > 0) track({ type: 'add_to_cart', skuId, quantity: delta });
  else if (delta < 0) track({ type: 'remove_from_cart', skuId, quantity: -delta });
}
