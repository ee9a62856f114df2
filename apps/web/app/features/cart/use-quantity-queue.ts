import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { OrderForm } from '@despensa/contracts';
import type { CartIntent, CartLineChange } from './cart-intents';
import { send, type CartFetchers } from './cart-fetchers';
import { optimisticLines, pendingQuantityOf } from './optimistic-cart';
import { trackCartChange } from '../platform';

/** Quantity clicks on one line within this pause reach the server as one change (last value wins). */
const QUEUE_DELAY_MS = 150;

/** A cart line as a quantity change names it. */
interface LineRef {
  id: string;
  seller?: string;
}

export type QuantityQueue = ReturnType<typeof useQuantityQueue>;

/**
 * The quantity queue (§4 cart changes): changes wait QUEUE_DELAY_MS for more clicks, then leave as one
 * batch, one batch at a time. The lines shown have the changes not answered yet laid over the orderForm.
 */
export function useQuantityQueue(
  { queue, others }: CartFetchers,
  orderForm: OrderForm | null,
  readOnlyRef: RefObject<boolean>,
) {
  const queued = useRef(new Map<string, CartLineChange>());
  // What the page shows of the queue: a copy taken at each change (the map itself is read by handlers).
  const [queuedView, setQueuedView] = useState<CartLineChange[]>([]);
  const queueChanged = useCallback(() => setQueuedView([...queued.current.values()]), []);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queueRef = useRef(queue);
  useEffect(() => {
    queueRef.current = queue;
  });
  const flush = useCallback(
    function flushQueue() {
      if (queued.current.size === 0) return;
      if (queueRef.current.state !== 'idle') {
        timer.current = setTimeout(flushQueue, QUEUE_DELAY_MS);
        return;
      }
      const lines = [...queued.current.values()];
      queued.current.clear();
      send(queueRef.current, { intent: 'update', lines });
      queueChanged();
    },
    [queueChanged],
  );

  const items = orderForm?.items ?? [];
  const inFlight = [queue, ...others]
    .filter((fetcher) => fetcher.state === 'submitting')
    .map((fetcher) => fetcher.json as CartIntent | undefined);
  const lines = optimisticLines(items, inFlight, queuedView);

  const stateRef = useRef({ items, inFlight });
  useEffect(() => {
    stateRef.current = { items, inFlight };
  });
  // What the handlers read, as of the last render: the sku's quantity once every pending change lands...
  const pendingQuantity = useCallback((skuId: string) => {
    const { items: current, inFlight: pending } = stateRef.current;
    return pendingQuantityOf(skuId, current, pending, queued.current);
  }, []);
  // ...and the skus of the server's orderForm.
  const skuIds = useCallback(() => stateRef.current.items.map((item) => item.id), []);

  const setQuantity = useCallback(
    (line: LineRef, quantity: number, immediate = false) => {
      if (readOnlyRef.current) return;
      const change: CartLineChange = { id: line.id, quantity: Math.max(0, quantity) };
      trackCartChange(line.id, pendingQuantity(line.id), change.quantity);
      if (line.seller) change.seller = line.seller;
      queued.current.set(line.id, change);
      queueChanged();
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, immediate ? 0 : QUEUE_DELAY_MS);
    },
    [readOnlyRef, pendingQuantity, flush, queueChanged],
  );
  // One step up or down from the quantity last asked for (queued or on its way), not the one drawn.
  const stepQuantity = useCallback(
    (line: LineRef, step: number) => setQuantity(line, pendingQuantity(line.id) + step),
    [setQuantity, pendingQuantity],
  );

  return { lines, queueing: queuedView.length > 0, setQuantity, stepQuantity, pendingQuantity, skuIds };
}
