import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrderForm, OrderFormMessage, OrderInfo } from '@despensa/contracts';
import { CART_ACTION_PATH, type CartActionResult } from './cart-intents';
import { cacheOrderForm, cachedCartFallback } from './cart-client';
import type { CartFetchers } from './cart-fetchers';
import { announceCartChange, useCartTabSync } from './tab-sync';
import { useChanged } from '../../lib/use-changed';

/**
 * The cart as the server last answered: the root loader's orderForm, then each answer of the cart action
 * and each reading after another tab's change; §8's cached cart, read-only, when the server fails.
 */
export function useCartAnswers(
  initialOrderForm: OrderForm | null,
  cartReadFailed: boolean,
  { queue, sync, others }: CartFetchers,
) {
  const [orderForm, setOrderForm] = useState(initialOrderForm);
  const [messages, setMessages] = useState<OrderFormMessage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [orderInfo, setOrderInfo] = useState<OrderInfo | null>(null);
  const [readOnly, setReadOnly] = useState(false);
  const readOnlyRef = useRef(readOnly);
  useEffect(() => {
    readOnlyRef.current = readOnly;
  });

  // The root loader reads the cart again only after other forms (never after a cart change): take it.
  if (useChanged(initialOrderForm)) setOrderForm(initialOrderForm);

  // The server's answer wins: every completed change replaces the orderForm and its messages.
  const accept = useCallback((result: CartActionResult | undefined, announce: boolean) => {
    if (!result) return;
    setReadOnly(result.readOnly === true);
    if (result.readOnly) {
      if (result.orderForm) setOrderForm(result.orderForm);
      setMessages([]);
    } else if (result.orderForm) {
      cacheOrderForm(result.orderForm);
      setOrderForm(result.orderForm);
      setMessages(result.orderForm.messages);
      if (announce) announceCartChange(result.orderForm.orderFormId);
    }
    if (result.orderInfo) setOrderInfo(result.orderInfo);
    setError(result.error ?? null);
  }, []);
  const answers = [queue.data, ...others.map((fetcher) => fetcher.data)];
  const seen = useRef(new WeakSet<CartActionResult>());
  useEffect(() => {
    // A fetcher keeps its last answer: only one not seen before is news.
    for (const answer of answers) {
      if (!answer || seen.current.has(answer)) continue;
      seen.current.add(answer);
      accept(answer, true);
    }
  });
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the re-read's answer lands in its fetcher, after render
  useEffect(() => accept(sync.data, false), [sync.data, accept]);
  useCartTabSync(() => sync.load(CART_ACTION_PATH));
  // The page's cart is a good answer too: it is what the §8 fallback shows if later calls fail. When the
  // root loader could not read it, the page takes that same fallback; after hydration, since the server's
  // HTML (and so the first render) has the empty cart.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- storage is read after hydration only
    if (cartReadFailed) accept(cachedCartFallback(), false);
    else if (initialOrderForm) cacheOrderForm(initialOrderForm);
  }, [initialOrderForm, cartReadFailed, accept]);

  return { orderForm, messages, setMessages, error, orderInfo, readOnly, readOnlyRef };
}
