import type { OrderFormItem } from '@despensa/contracts';
import type { CartIntent, CartLineChange } from './cart-intents';

/**
 * The lines as the shopper expects them now: the server's orderForm with the quantities of changes not
 * answered yet laid over it (Hydrogen's useOptimisticCart). Lines set to 0 disappear; skus the server
 * has not seen yet have no name or price, so they show once its answer arrives.
 */
export function optimisticLines(
  items: OrderFormItem[],
  inFlight: (CartIntent | undefined)[],
  queued: Iterable<CartLineChange>,
): OrderFormItem[] {
  const quantities = new Map<string, number>();
  for (const change of inFlight) {
    if (change?.intent === 'update') for (const line of change.lines) quantities.set(line.id, line.quantity);
    if (change?.intent === 'remove') for (const id of change.ids) quantities.set(id, 0);
    if (change?.intent === 'removeAll') for (const item of items) quantities.set(item.id, 0);
  }
  // Queued changes are newer than the ones in flight.
  for (const line of queued) quantities.set(line.id, line.quantity);
  return items.flatMap((item) => {
    const quantity = quantities.get(item.id);
    if (quantity === undefined) return [item];
    // Never grown past the line's limit or stock, which the server's answer holds to too (with its message).
    const allowed = Math.min(quantity, Math.max(item.maxItems, item.quantity));
    return allowed > 0 ? [{ ...item, quantity: allowed }] : [];
  });
}

/** The quantity a sku will have once every pending change lands (for adds on top of pending adds). */
export function pendingQuantityOf(
  skuId: string,
  items: OrderFormItem[],
  inFlight: (CartIntent | undefined)[],
  queued: Map<string, CartLineChange>,
): number {
  const queuedLine = queued.get(skuId);
  if (queuedLine) return queuedLine.quantity;
  for (const change of [...inFlight].reverse()) {
    const line = change?.intent === 'update' ? change.lines.find((each) => each.id === skuId) : undefined;
    if (line) return line.quantity;
  }
  return items.find((item) => item.id === skuId)?.quantity ?? 0;
}
