import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { CartIntent } from './cart-intents';
import { INTENTS, send, type CartFetchers } from './cart-fetchers';
import type { QuantityQueue } from './use-quantity-queue';
import { trackCartChange } from '../platform';

/** The changes other than quantities (removals, coupon, substitution, ...), each on its own fetcher. */
export function useCartSubmit(
  others: CartFetchers['others'],
  readOnlyRef: RefObject<boolean>,
  { pendingQuantity, skuIds }: Pick<QuantityQueue, 'pendingQuantity' | 'skuIds'>,
) {
  const othersRef = useRef(others);
  useEffect(() => {
    othersRef.current = others;
  });
  return useCallback(
    (change: Exclude<CartIntent, { intent: 'update' | 'add' }>) => {
      if (readOnlyRef.current) return;
      if (change.intent === 'remove' || change.intent === 'removeAll') {
        const ids = change.intent === 'remove' ? change.ids : skuIds();
        for (const id of ids) trackCartChange(id, pendingQuantity(id), 0);
      }
      send(othersRef.current[INTENTS.indexOf(change.intent)], change);
    },
    [readOnlyRef, pendingQuantity, skuIds],
  );
}
